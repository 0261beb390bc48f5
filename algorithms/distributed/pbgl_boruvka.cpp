#include "algorithms/distributed/pbgl_boruvka.hpp"

// pbgl_graph.hpp first: it includes boost/graph/use_mpi.hpp, which every PBGL header needs.
#include "algorithms/distributed/pbgl_graph.hpp"

#include <boost/graph/distributed/connected_components.hpp>
#include <boost/graph/distributed/dehne_gotz_min_spanning_tree.hpp>
#include <boost/graph/distributed/vertex_list_adaptor.hpp>
#include <boost/mpi/collectives/all_reduce.hpp>
#include <boost/property_map/property_map.hpp>
#include <iterator>

#include "common/answer.hpp"
#include "common/results.hpp"
#include "common/verify/union_find.hpp"

namespace gs::dist {
namespace {

// PBGL's get/put for distributed property maps live beside the maps (found by ADL).
using boost::get;
using boost::put;

using Graph = detail::DistributedGraph<boost::undirectedS, boost::no_property,
                                       boost::property<boost::edge_weight_t, std::uint32_t>>;
using EdgeDescriptor = boost::graph_traits<Graph>::edge_descriptor;

}  // namespace

struct PbglBoruvka::Impl {
  mpi::communicator comm;
  vid_t n = 0;
  double build_seconds = 0;
  std::unique_ptr<Graph> g;
};

std::string MsfRun::answer() const { return msf_answer(weight, edges); }

PbglBoruvka::PbglBoruvka(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& edges) : impl_(new Impl) {
  impl_->comm = comm;
  impl_->n = edges.n;
  agree(comm, [&] {
    if (!edges.edges.weighted() && edges.edges.size() > 0) throw InputError("pbgl_boruvka: the graph has no weights");
  });
  comm.barrier();
  const double t0 = wall_seconds();
  impl_->g = detail::build_graph<Graph>(comm, edges, /*reverse_too=*/false);
  comm.barrier();
  impl_->build_seconds = slowest(comm, wall_seconds() - t0);
}

PbglBoruvka::~PbglBoruvka() = default;

vid_t PbglBoruvka::num_vertices() const { return impl_->n; }
double PbglBoruvka::build_seconds() const { return impl_->build_seconds; }

MsfRun PbglBoruvka::run() {
  const mpi::communicator& comm = impl_->comm;
  Graph& g = *impl_->g;
  auto weight = get(boost::edge_weight, g);
  std::vector<EdgeDescriptor> forest;

  comm.barrier();
  const double t0 = wall_seconds();
  boost::graph::distributed::dense_boruvka_minimum_spanning_tree(boost::graph::make_vertex_list_adaptor(g), weight,
                                                                 std::back_inserter(forest));
  comm.barrier();

  MsfRun r;
  r.seconds = slowest(comm, wall_seconds() - t0);
  for (const EdgeDescriptor& e : forest) {
    r.emitted_weight += double(get(weight, e));
    ++r.emitted_edges;
    if (int(e.owner()) != comm.rank()) continue;
    r.owned_forest.push_back(
        {detail::global_id(g, boost::source(e, g)), detail::global_id(g, boost::target(e, g)), get(weight, e)});
  }
  double owned_weight = 0;
  for (const auto& e : r.owned_forest) owned_weight += double(e.w);
  r.weight = mpi::all_reduce(comm, owned_weight, std::plus<double>());
  r.edges = mpi::all_reduce(comm, std::uint64_t(r.owned_forest.size()), std::plus<std::uint64_t>());
  return r;
}

void PbglBoruvka::certify(const MsfRun& run) {
  const mpi::communicator& comm = impl_->comm;
  Graph& g = *impl_->g;
  const std::string who = "pbgl_boruvka: minimum spanning forest";

  // Every rank's copy against the owners' sums (integer weights: exact).
  std::string problem;
  if (run.emitted_edges != run.edges || run.emitted_weight != run.weight)
    problem = "this rank's copy of the forest has " + msf_answer(run.emitted_weight, run.emitted_edges) +
              ", the edges' owners report " + run.answer();
  agree_verified(comm, who, problem);

  // Components of the graph, by PBGL's own distributed algorithm.
  std::vector<std::uint64_t> component(boost::num_vertices(g));
  const std::uint64_t components = boost::graph::distributed::connected_components(
      g, boost::make_iterator_property_map(component.begin(), get(boost::vertex_index, g)));

  // Acyclic, with n - components edges: rank 0 over the gathered forest.
  const std::vector<Edge<std::uint32_t>> forest = gather_forest(comm, run);
  problem.clear();
  if (comm.rank() == 0) {
    const vid_t n = impl_->n;
    verify::UnionFind uf(n);
    for (const auto& e : forest) {
      const std::string edge = "edge (" + std::to_string(e.u) + "," + std::to_string(e.v) + ")";
      if (e.u >= n || e.v >= n) {
        problem = edge + " has a vertex id >= n";
        break;
      }
      if (!uf.unite(e.u, e.v)) {
        problem = edge + " closes a cycle";
        break;
      }
    }
    if (problem.empty() && forest.size() + components != n)
      problem = std::to_string(forest.size()) + " edges, but a spanning forest of " + std::to_string(n) +
                " vertices in " + std::to_string(components) + " components has " + std::to_string(n - components);
  }
  agree_verified(comm, who, problem);
}

std::vector<Edge<std::uint32_t>> gather_forest(const mpi::communicator& comm, const MsfRun& run) {
  std::vector<vid_t> u, v;
  std::vector<std::uint32_t> w;
  for (const auto& e : run.owned_forest) u.push_back(e.u), v.push_back(e.v), w.push_back(e.w);
  u = gather_to_root(comm, u);
  v = gather_to_root(comm, v);
  w = gather_to_root(comm, w);
  std::vector<Edge<std::uint32_t>> all(u.size());
  for (std::size_t i = 0; i < u.size(); ++i) all[i] = {u[i], v[i], w[i]};
  return all;
}

}  // namespace gs::dist
