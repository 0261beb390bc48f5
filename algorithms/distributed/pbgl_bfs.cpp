#include "algorithms/distributed/pbgl_bfs.hpp"

// pbgl_graph.hpp first: it includes boost/graph/use_mpi.hpp, which every PBGL header needs.
#include "algorithms/distributed/pbgl_graph.hpp"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/distributed/breadth_first_search.hpp>
#include <boost/graph/distributed/distributed_graph_utility.hpp>
#include <boost/graph/visitors.hpp>

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

  const double seconds = slowest(comm, wall_seconds() - t0);
  std::vector<std::uint32_t> levels(boost::num_vertices(g));
  BGL_FORALL_VERTICES(v, g, Graph) levels[v.local] = get(level, v);
  return bfs_run_of(comm, impl_->n, source, std::move(levels), seconds);
}

}  // namespace gs::dist
