// The experiments' main() under MPI (gs::harness::run_mpi) finalises MPI before
// it returns. Left to the static world's destructor, finalising ran after
// Boost.MPI's datatype cache was destroyed and freed its types from freed memory:
// a program that had sent a derived datatype could end with a segfault after
// writing its results. Run under the launcher and alone (MPI started in the body,
// as a distributed program started alone does).
#include <mpi.h>

#include <boost/mpi/collectives/all_reduce.hpp>
#include <boost/mpi/communicator.hpp>
#include <cstdio>
#include <utility>

#include "common/harness/world.hpp"

namespace {

struct AddPairs {
  std::pair<int, int> operator()(const std::pair<int, int>& a, const std::pair<int, int>& b) const {
    return {a.first + b.first, a.second + b.second};
  }
};

}  // namespace

int main(int argc, char** argv) {
  int ranks = 0;
  const int code = gs::harness::run_mpi("test_mpi_world", argc, argv, [&](gs::harness::World& world) {
    world.start_mpi();
    boost::mpi::communicator comm;
    // std::pair<int, int> is a derived datatype: Boost.MPI builds it once and keeps
    // it in its cache, the state that outlived the cache before the fix.
    const auto sum = boost::mpi::all_reduce(comm, std::make_pair(comm.rank(), 1), AddPairs());
    ranks = comm.size();
    if (sum.second != comm.size() || sum.first != comm.size() * (comm.size() - 1) / 2) {
      std::fprintf(stderr, "test_mpi_world: all_reduce of pairs gave (%d, %d) on %d ranks\n", sum.first, sum.second,
                   comm.size());
      return 1;
    }
    return 0;
  });
  if (code != 0) return code;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) {
    std::fprintf(stderr, "test_mpi_world: FAILED: MPI is still initialised after run_mpi returned\n");
    return 1;
  }
  std::printf("test_mpi_world: PASSED on %d rank(s): MPI finalised when run_mpi returned\n", ranks);
  return 0;
}
