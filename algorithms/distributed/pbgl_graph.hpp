// PBGL's distributed adjacency_list as the three programs use it, and its
// construction from the ranks' edge shares. Internal to algorithms/distributed
// (PBGL headers are heavy; the public headers hide them).
#pragma once

#include <boost/graph/use_mpi.hpp>
// use_mpi.hpp first: PBGL headers refuse to compile without it.
#include <boost/graph/distributed/adjacency_list.hpp>
#include <boost/graph/distributed/mpi_process_group.hpp>
#include <boost/graph/iteration_macros.hpp>
#include <boost/mpi/collectives/all_reduce.hpp>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithms/distributed/collective.hpp"
#include "algorithms/distributed/gather.hpp"
#include "algorithms/distributed/local_edges.hpp"

namespace gs::dist::detail {

using ProcessGroup = boost::graph::distributed::mpi_process_group;

// Vertices in PBGL's block distribution (the default of this constructor),
// local vertex storage vecS, so a vertex's local descriptor is its index in
// the rank's block.
template <class DirectedS, class VertexProperty, class EdgeProperty>
using DistributedGraph = boost::adjacency_list<boost::vecS, boost::distributedS<ProcessGroup, boost::vecS>, DirectedS,
                                               VertexProperty, EdgeProperty>;

// The global id of a vertex descriptor.
template <class Graph>
vid_t global_id(const Graph& g, typename boost::graph_traits<Graph>::vertex_descriptor v) {
  return vid_t(g.distribution().global(v.owner, v.local));
}

// A distributed graph with every rank's share of edges: each rank calls
// add_edge for its own edges, PBGL sends those whose source another rank owns
// to that rank (and, for undirected graphs, tells the target's owner), and the
// closing synchronize delivers them. `reverse_too` adds (v, u) as well (an
// undirected share read into a directed graph). EdgeProperty is constructed
// from the weight when the graph has one (`weighted`).
template <class Graph, class W>
std::unique_ptr<Graph> build_graph(const mpi::communicator& comm, const LocalEdges<W>& le, bool reverse_too) {
  ProcessGroup pg(comm);
  auto g = std::make_unique<Graph>(le.n, pg);
  // The block arithmetic of collective.hpp must be PBGL's: the results of
  // every program are laid out by it.
  const VertexBlock blk = vertex_block(le.n, comm.rank(), comm.size());
  std::string problem;
  if (boost::num_vertices(*g) != blk.count ||
      (blk.count > 0 &&
       (int(boost::vertex(blk.first, *g).owner) != comm.rank() || boost::vertex(blk.first, *g).local != 0)))
    problem = "PBGL's vertex distribution differs from the block layout of collective.hpp";
  agree_verified(comm, "distributed graph", problem);
  const EdgeList<W>& el = le.edges;
  for (eid_t i = 0; i < el.size(); ++i) {
    const auto u = boost::vertex(el.u[i], *g), v = boost::vertex(el.v[i], *g);
    if constexpr (!std::is_same_v<typename Graph::edge_property_type, boost::no_property>) {
      boost::add_edge(u, v, typename Graph::edge_property_type(el.w[i]), *g);
      if (reverse_too) boost::add_edge(v, u, typename Graph::edge_property_type(el.w[i]), *g);
    } else {
      boost::add_edge(u, v, *g);
      if (reverse_too) boost::add_edge(v, u, *g);
    }
  }
  boost::graph::distributed::synchronize(g->process_group());
  return g;
}

}  // namespace gs::dist::detail
