// The experiments' MPI world (common/harness/world.hpp) for executables built
// with MPI and the Parallel BGL: rank, size and hosts of MPI_COMM_WORLD, and
// errors agreed between the ranks (mpi_agree.hpp).
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <boost/mpi/collectives/all_gather.hpp>
#include <boost/mpi/environment.hpp>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <vector>

#include "common/harness/mpi_agree.hpp"
#include "common/harness/world.hpp"
#include "common/run_main.hpp"
#include "common/system_info.hpp"

namespace gs::harness {
namespace {

class MpiWorld final : public World {
 public:
  MpiWorld(int argc, char** argv) : argc_(argc), argv_(argv), hosts_(this_host()) {}

  int rank() const override { return comm_ ? comm_->rank() : 0; }
  int size() const override { return comm_ ? comm_->size() : 1; }
  int ranks_here() const override { return ranks_here_; }
  const std::string& hosts() const override { return hosts_; }
  int ranks_per_host() const override { return ranks_per_host_; }
  bool oversubscribed() const override { return oversubscribed_; }
  bool distributed() const override { return true; }
  bool started() const { return bool(env_); }

  void start_mpi() override {
    if (env_ || stopped_) return;
    // A member, so that MPI is finalised at exit even after --help's std::exit(0) (the
    // world is a static); abort_on_exception off: errors end the run through run_main.
    env_ = std::make_unique<dist::mpi::environment>(argc_, argv_, false);
    comm_ = std::make_unique<dist::mpi::communicator>();
    std::vector<std::string> names;
    std::vector<int> cores;
    dist::mpi::all_gather(*comm_, this_host(), names);
    dist::mpi::all_gather(*comm_, cpu_cores(), cores);
    ranks_here_ = int(std::count(names.begin(), names.end(), this_host()));
    for (std::size_t r = 0; r < names.size(); ++r) {
      const int on_host = int(std::count(names.begin(), names.end(), names[r]));
      ranks_per_host_ = std::max(ranks_per_host_, on_host);
      oversubscribed_ = oversubscribed_ || on_host > cores[r];
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    hosts_.clear();
    for (const auto& n : names) hosts_ += (hosts_.empty() ? "" : ",") + n;
  }

  void agree(const std::function<void()>& local) const override {
    if (comm_) dist::agree(*comm_, local);
    else local();
  }

  // Finalises MPI (once; it cannot start again). run_mpi calls it before returning:
  // Boost.MPI's datatype cache is a function-local static made after this static
  // world (when the first derived type is sent), so it is destroyed first, and the
  // environment's destructor would then free the types of a destroyed map.
  void stop_mpi() {
    comm_.reset();
    env_.reset();
    stopped_ = true;
  }

 private:
  int argc_;
  char** argv_;
  std::unique_ptr<dist::mpi::environment> env_;
  std::unique_ptr<dist::mpi::communicator> comm_;
  std::string hosts_;
  int ranks_here_ = 1;
  int ranks_per_host_ = 1;
  bool oversubscribed_ = false;
  bool stopped_ = false;
};

// Ranks other than 0 write nothing: stdout and stderr go to /dev/null while
// the run lasts, and come back before an error is printed (unwinding).
class Quiet {
 public:
  explicit Quiet(bool on) {
    if (!on) return;
    std::fflush(nullptr);
    out_ = dup(1);
    err_ = dup(2);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, 1);
      dup2(null, 2);
      close(null);
    }
  }
  ~Quiet() {
    if (out_ < 0) return;
    std::cout.flush();
    std::fflush(nullptr);
    dup2(out_, 1);
    dup2(err_, 2);
    close(out_);
    close(err_);
  }
  Quiet(const Quiet&) = delete;
  Quiet& operator=(const Quiet&) = delete;

 private:
  int out_ = -1, err_ = -1;
};

}  // namespace

int run_mpi(const char* program, int argc, char** argv, const std::function<int(World&)>& body) {
  static MpiWorld world(argc, argv);
  int code = 0;
  if (!launched_ranks().launched) {
    // One process: its errors are its own (gs::run_main); MPI starts only for a distributed program.
    code = run_main(program, [&] { return body(world); });
  } else {
    world.start_mpi();
    code = dist::run_main(argc, argv, program, [&](const dist::mpi::communicator& comm) {
      Quiet quiet(comm.rank() != 0);
      return body(world);
    });
  }
  world.stop_mpi();
  return code;
}

}  // namespace gs::harness
