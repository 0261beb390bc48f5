#include "common/harness/world.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>

#include "common/run_main.hpp"

namespace gs::harness {

std::string this_host() {
  char name[256] = {};
  return gethostname(name, sizeof name - 1) == 0 ? name : "unknown";
}

LaunchedRanks launched_ranks() {
  // The value of the first variable that is set and a non-negative number; -1 if none.
  auto read = [](std::initializer_list<const char*> names) {
    for (const char* name : names)
      if (const char* v = std::getenv(name); v && *v) {
        char* end = nullptr;
        const long x = std::strtol(v, &end, 10);
        if (*end == '\0' && x >= 0) return int(x);
      }
    return -1;
  };
  LaunchedRanks job;
  const int rank = read({"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"});
  const int size = read({"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"});
  job.launched = rank >= 0 || size >= 0;
  if (!job.launched) return job;
  job.rank = rank >= 0 ? rank : 0;
  job.size = size >= 1 ? size : 0;
  return job;
}

void write_rank_status(int rank, int code) {
  const char* dir = std::getenv("GS_RANK_STATUS_DIR");
  if (!dir || !*dir) return;
  const std::string path = std::string(dir) + "/rank-" + std::to_string(rank);
  if (std::FILE* f = std::fopen(path.c_str(), "w")) {
    std::fprintf(f, "%d\n", code);
    std::fclose(f);
  }
}

namespace {

class SingleProcess final : public World {
 public:
  SingleProcess() : hosts_(this_host()) {}
  int rank() const override { return 0; }
  int size() const override { return 1; }
  int ranks_here() const override { return 1; }
  const std::string& hosts() const override { return hosts_; }
  int ranks_per_host() const override { return 1; }
  bool oversubscribed() const override { return false; }
  bool distributed() const override { return false; }
  void start_mpi() override {}
  void agree(const std::function<void()>& local) const override { local(); }

 private:
  std::string hosts_;
};

}  // namespace

int run_single(const char* program, const std::function<int(World&)>& body) {
  const LaunchedRanks job = launched_ranks();
  // Several ranks (or, where the launcher gives no size, a rank other than 0): without
  // MPI they cannot agree on anything, so each decides alone, all alike.
  if (job.size > 1 || job.rank > 0) {
    if (job.rank == 0 || job.size == 0)
      std::fprintf(stderr, "%s: error: %s has no distributed programs: run it without mpirun, or with -np 1\n", program,
                   program);
    write_rank_status(job.rank, kExitBadInput);
    return kExitBadInput;
  }
  return run_main(program, [&] {
    SingleProcess world;
    return body(world);
  });
}

}  // namespace gs::harness
