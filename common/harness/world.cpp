#include "common/harness/world.hpp"

#include <unistd.h>

#include "common/run_main.hpp"

namespace gs::harness {

std::string this_host() {
  char name[256] = {};
  return gethostname(name, sizeof name - 1) == 0 ? name : "unknown";
}

namespace {

class SingleProcess final : public World {
 public:
  SingleProcess() : hosts_(this_host()) {}
  int rank() const override { return 0; }
  int size() const override { return 1; }
  int ranks_here() const override { return 1; }
  const std::string& hosts() const override { return hosts_; }
  bool distributed() const override { return false; }
  void start_mpi() override {}
  void agree(const std::function<void()>& local) const override { local(); }

 private:
  std::string hosts_;
};

}  // namespace

int run_single(const char* program, const std::function<int(World&)>& body) {
  return run_main(program, [&] {
    SingleProcess world;
    return body(world);
  });
}

}  // namespace gs::harness
