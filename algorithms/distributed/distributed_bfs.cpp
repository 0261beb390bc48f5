#include "algorithms/distributed/distributed_bfs.hpp"

#include <boost/mpi/collectives/all_reduce.hpp>
#include <functional>
#include <stdexcept>

#include "algorithms/distributed/gather.hpp"
#include "algorithms/distributed/pbgl_bfs.hpp"
#if GS_HAVE_COMBBLAS
#include "algorithms/distributed/combblas_bfs.hpp"
#endif
#include "common/answer.hpp"

namespace gs::dist {

std::string BfsRun::answer() const { return traversal_answer(reached, levelsum); }

std::unique_ptr<DistributedBfs> make_bfs(BfsEngine engine, const mpi::communicator& comm,
                                         const LocalEdges<std::uint32_t>& share) {
  if (engine == BfsEngine::pbgl) return std::make_unique<PbglBfs>(comm, share);
#if GS_HAVE_COMBBLAS
  return std::make_unique<CombblasBfs>(comm, share);
#else
  throw std::logic_error("make_bfs: built without CombBLAS");
#endif
}

BfsRun bfs_run_of(const mpi::communicator& comm, vid_t n, vid_t source, std::vector<std::uint32_t> level,
                  double seconds) {
  BfsRun r;
  r.source = source;
  r.block = vertex_block(n, comm.rank(), comm.size());
  r.level = std::move(level);
  r.seconds = seconds;
  std::uint64_t reached = 0, levelsum = 0;
  for (std::uint32_t l : r.level)
    if (l != kUnreachedLevel) ++reached, levelsum += l;
  r.reached = mpi::all_reduce(comm, reached, std::plus<std::uint64_t>());
  r.levelsum = mpi::all_reduce(comm, levelsum, std::plus<std::uint64_t>());
  return r;
}

std::vector<std::uint32_t> gather_levels(const mpi::communicator& comm, const BfsRun& run) {
  return gather_to_root(comm, run.level);
}

}  // namespace gs::dist
