#include "algorithms/distributed/pbgl_bfs.hpp"

// pbgl_graph.hpp first: it includes boost/graph/use_mpi.hpp, which every PBGL header needs.
#include "algorithms/distributed/pbgl_graph.hpp"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/distributed/breadth_first_search.hpp>
#include <boost/graph/distributed/distributed_graph_utility.hpp>
#include <boost/graph/visitors.hpp>

#include "common/answer.hpp"

namespace gs::dist {
namespace {

// PBGL's get/put for distributed property maps live beside the maps (found by ADL).
using boost::get;
using boost::put;

using Graph = detail::DistributedGraph<boost::undirectedS, boost::property<boost::vertex_distance_t, std::uint32_t>,
                                       boost::no_property>;

}  // namespace

struct PbglBfs::Impl {
  mpi::communicator comm;
  vid_t n = 0;
  double build_seconds = 0;
  std::unique_ptr<Graph> g;
};

std::string BfsRun::answer() const { return traversal_answer(reached, levelsum); }

PbglBfs::PbglBfs(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& edges) : impl_(new Impl) {
  impl_->comm = comm;
  impl_->n = edges.n;
  comm.barrier();
  const double t0 = wall_seconds();
  impl_->g = detail::build_graph<Graph>(comm, edges, /*reverse_too=*/false);
  comm.barrier();
  impl_->build_seconds = slowest(comm, wall_seconds() - t0);
}

PbglBfs::~PbglBfs() = default;

vid_t PbglBfs::num_vertices() const { return impl_->n; }
double PbglBfs::build_seconds() const { return impl_->build_seconds; }

BfsRun PbglBfs::run(vid_t source) {
  const mpi::communicator& comm = impl_->comm;
  agree(comm, [&] {
    if (source >= impl_->n)
      throw InputError("pbgl_bfs: source " + std::to_string(source) +
                       " is not a vertex (n = " + std::to_string(impl_->n) + ")");
  });
  Graph& g = *impl_->g;
  auto level = get(boost::vertex_distance, g);
  BGL_FORALL_VERTICES(v, g, Graph) put(level, v, kUnreachedLevel);
  level.clear();  // ghost cells of an earlier run
  level.set_reduce(boost::graph::distributed::choose_min_reducer<std::uint32_t>());
  const auto s = boost::vertex(source, g);

  comm.barrier();
  const double t0 = wall_seconds();
  if (int(s.owner) == comm.rank()) put(level, s, 0u);
  boost::breadth_first_search(
      g, s, boost::visitor(boost::make_bfs_visitor(boost::record_distances(level, boost::on_tree_edge()))));
  boost::graph::distributed::synchronize(g.process_group());
  comm.barrier();

  BfsRun r;
  r.seconds = slowest(comm, wall_seconds() - t0);
  r.source = source;
  r.block = vertex_block(impl_->n, comm.rank(), comm.size());
  r.level.resize(r.block.count);
  std::uint64_t reached = 0, levelsum = 0;
  BGL_FORALL_VERTICES(v, g, Graph) {
    const std::uint32_t l = get(level, v);
    r.level[v.local] = l;
    if (l != kUnreachedLevel) ++reached, levelsum += l;
  }
  r.reached = mpi::all_reduce(comm, reached, std::plus<std::uint64_t>());
  r.levelsum = mpi::all_reduce(comm, levelsum, std::plus<std::uint64_t>());
  return r;
}

void PbglBfs::certify(const BfsRun& run) {
  const mpi::communicator& comm = impl_->comm;
  Graph& g = *impl_->g;
  std::string problem;
  auto fail = [&](const std::string& what) {
    if (problem.empty()) problem = what;
  };
  const auto str = [](std::uint64_t x) { return std::to_string(x); };
  agree(comm, [&] {
    if (run.level.size() != run.block.count || run.block.count != boost::num_vertices(g))
      throw VerificationError("pbgl_bfs: the run's level array does not match this rank's vertices");
  });
  // The levels checked are the run's, as its caller received them: each rank
  // writes its own into the graph's map, and PBGL fetches the owners' values
  // of every neighbour into ghost cells (request + synchronize).
  auto level = get(boost::vertex_distance, g);
  BGL_FORALL_VERTICES(v, g, Graph) put(level, v, run.level[v.local]);
  level.set_max_ghost_cells(0);
  level.clear();
  BGL_FORALL_VERTICES(u, g, Graph) { BGL_FORALL_OUTEDGES(u, e, g, Graph) request(level, boost::target(e, g)); }
  boost::parallel::synchronize(level);

  std::uint64_t reached = 0, levelsum = 0;
  BGL_FORALL_VERTICES(u, g, Graph) {
    if (!problem.empty()) break;
    const vid_t gu = detail::global_id(g, u);
    const std::uint32_t lu = get(level, u);
    if (gu == run.source && lu != 0) fail("the source " + str(gu) + " has level " + str(lu) + ", not 0");
    if (lu == kUnreachedLevel) {
      BGL_FORALL_OUTEDGES(u, e, g, Graph) {
        const std::uint32_t lv = get(level, boost::target(e, g));
        if (lv != kUnreachedLevel) {
          fail("edge (" + str(gu) + "," + str(detail::global_id(g, boost::target(e, g))) + ") joins unreached " +
               str(gu) + " to a vertex at level " + str(lv));
          break;
        }
      }
      continue;
    }
    ++reached, levelsum += lu;
    bool has_up = gu == run.source;
    BGL_FORALL_OUTEDGES(u, e, g, Graph) {
      const std::uint32_t lv = get(level, boost::target(e, g));
      const std::string edge = "edge (" + str(gu) + "," + str(detail::global_id(g, boost::target(e, g))) + ")";
      if (lv == kUnreachedLevel) {
        fail(edge + " leaves the reached set");
        break;
      }
      if (lv + 1 < lu || lu + 1 < lv) {
        fail(edge + " spans levels " + str(lu) + " and " + str(lv));
        break;
      }
      has_up |= lv + 1 == lu;
    }
    if (!has_up) fail("vertex " + str(gu) + " at level " + str(lu) + " has no neighbour one level up");
  }
  agree_verified(comm, "pbgl_bfs: traversal from " + str(run.source), problem);
  reached = mpi::all_reduce(comm, reached, std::plus<std::uint64_t>());
  levelsum = mpi::all_reduce(comm, levelsum, std::plus<std::uint64_t>());
  std::string sums;
  if (reached != run.reached || levelsum != run.levelsum)
    sums = "the owned levels sum to " + traversal_answer(reached, levelsum) + ", the run reports " + run.answer();
  agree_verified(comm, "pbgl_bfs: traversal from " + str(run.source), sums);
}

std::vector<std::uint32_t> gather_levels(const mpi::communicator& comm, const BfsRun& run) {
  return gather_to_root(comm, run.level);
}

}  // namespace gs::dist
