// Thin wrappers over the Boost Graph Library: the suite's library baselines.
//
// Building the BGL graph is separate from running the algorithm, so that an
// experiment times only the algorithm (the set-up is reported as its own
// phase). Results come back in the verifiers' forms.
#pragma once

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/graph/kruskal_min_spanning_tree.hpp>
#include <boost/graph/prim_minimum_spanning_tree.hpp>
#include <boost/graph/visitors.hpp>

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "common/graph.hpp"
#include "common/verify/traversal.hpp"

namespace gs::bgl {

template <class W>
struct ArcWeight {
  W weight{};
};

// BGL's directed CSR graph holding the suite's arcs.
template <class W>
class Digraph {
 public:
  using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, ArcWeight<W>,
                                                   boost::no_property, vid_t, eid_t>;

  // Every arc of `g` (both arcs of an undirected edge) except self loops: for
  // Prim, Dijkstra, BFS. Self loops change none of their answers, but BGL's
  // Prim relaxes a finished vertex's self loop and loses its tree edge.
  explicit Digraph(const Csr<W>& g) {
    std::vector<eid_t> kept(std::size_t(g.n) + 1, 0);  // arcs kept before vertex x
#pragma omp parallel for schedule(dynamic, 4096)
    for (std::int64_t x = 0; x < std::int64_t(g.n); ++x) {
      eid_t k = 0;
      for (eid_t i = g.offsets[x]; i < g.offsets[x + 1]; ++i) k += g.adj[i] != vid_t(x);
      kept[x + 1] = k;
    }
    for (vid_t x = 0; x < g.n; ++x) kept[x + 1] += kept[x];
    std::vector<std::pair<vid_t, vid_t>> arcs(kept[g.n]);
    std::vector<ArcWeight<W>> w(kept[g.n]);
#pragma omp parallel for schedule(dynamic, 4096)
    for (std::int64_t x = 0; x < std::int64_t(g.n); ++x) {
      eid_t k = kept[x];
      for (eid_t i = g.offsets[x]; i < g.offsets[x + 1]; ++i)
        if (g.adj[i] != vid_t(x)) {
          arcs[k] = {vid_t(x), g.adj[i]};
          w[k++].weight = g.weighted() ? g.w[i] : W(1);
        }
    }
    graph_ = Graph(boost::edges_are_sorted, arcs.begin(), arcs.end(), w.begin(), g.n);
  }

  // One arc per edge of an edge list: for Kruskal, which only enumerates edges.
  explicit Digraph(const EdgeList<W>& el) {
    std::vector<std::pair<vid_t, vid_t>> arcs(el.size());
    std::vector<ArcWeight<W>> w(el.size());
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < std::int64_t(el.size()); ++e) {
      arcs[e] = {el.u[e], el.v[e]};
      w[e].weight = el.weighted() ? el.w[e] : W(1);
    }
    graph_ = Graph(boost::edges_are_unsorted_multi_pass, arcs.begin(), arcs.end(), w.begin(), el.n);
  }

  const Graph& graph() const { return graph_; }
  vid_t n() const { return vid_t(boost::num_vertices(graph_)); }

 private:
  Graph graph_;
};

// boost::kruskal_minimum_spanning_tree; a minimum spanning forest on any input.
template <class W>
std::vector<Edge<W>> kruskal(const Digraph<W>& d) {
  const auto& g = d.graph();
  using E = typename Digraph<W>::Graph::edge_descriptor;
  std::vector<E> chosen;
  chosen.reserve(d.n());
  // Rank and parent maps are passed explicitly: BGL's defaults mix the CSR
  // graph's 32-bit vertex and 64-bit edge index types and do not compile.
  std::vector<vid_t> rank(d.n()), parent(d.n());
  const auto index = boost::get(boost::vertex_index, g);
  boost::kruskal_minimum_spanning_tree(g, std::back_inserter(chosen),
                                       boost::weight_map(boost::get(&ArcWeight<W>::weight, g))
                                           .vertex_index_map(index)
                                           .rank_map(boost::make_iterator_property_map(rank.begin(), index))
                                           .predecessor_map(boost::make_iterator_property_map(parent.begin(), index)));
  std::vector<Edge<W>> out;
  out.reserve(chosen.size());
  for (const auto& e : chosen) out.push_back({vid_t(boost::source(e, g)), vid_t(boost::target(e, g)), g[e].weight});
  return out;
}

// boost::prim_minimum_spanning_tree, restarted from the lowest unreached vertex
// until every component is spanned (a forest; O(n) extra work per component).
template <class W>
std::vector<Edge<W>> prim(const Digraph<W>& d) {
  const auto& g = d.graph();
  const vid_t n = d.n();
  std::vector<vid_t> pred(n);
  std::vector<W> dist(n);
  std::vector<char> done(n, 0);
  std::vector<Edge<W>> out;
  out.reserve(n);
  auto wmap = boost::get(&ArcWeight<W>::weight, g);
  for (vid_t root = 0; root < n; ++root) {
    if (done[root]) continue;
    boost::prim_minimum_spanning_tree(
        g, boost::make_iterator_property_map(pred.begin(), boost::get(boost::vertex_index, g)),
        boost::root_vertex(root).weight_map(wmap).distance_map(
            boost::make_iterator_property_map(dist.begin(), boost::get(boost::vertex_index, g))));
    // Reached vertices: the root and those with a predecessor other than themselves.
    done[root] = 1;
    for (vid_t x = 0; x < n; ++x)
      if (!done[x] && pred[x] != x) {
        done[x] = 1;
        out.push_back({pred[x], x, dist[x]});
      }
  }
  return out;
}

// boost::dijkstra_shortest_paths (binary heap). Unreachable: +infinity.
template <class W>
std::vector<W> dijkstra(const Digraph<W>& d, vid_t source) {
  const auto& g = d.graph();
  std::vector<W> dist(d.n());
  boost::dijkstra_shortest_paths(
      g, source,
      boost::weight_map(boost::get(&ArcWeight<W>::weight, g))
          .distance_map(boost::make_iterator_property_map(dist.begin(), boost::get(boost::vertex_index, g)))
          .distance_inf(std::numeric_limits<W>::has_infinity ? std::numeric_limits<W>::infinity()
                                                             : std::numeric_limits<W>::max()));
  return dist;
}

// boost::breadth_first_search recording levels (verify::kUnreached where not reached) and parents.
template <class W>
void bfs(const Digraph<W>& d, vid_t source, std::vector<std::uint32_t>& level, std::vector<vid_t>& parent) {
  const auto& g = d.graph();
  level.assign(d.n(), verify::kUnreached);
  parent.assign(d.n(), kNoVertex);
  level[source] = 0;
  parent[source] = source;
  struct Recorder : boost::default_bfs_visitor {
    std::uint32_t* level;
    vid_t* parent;
    void tree_edge(typename Digraph<W>::Graph::edge_descriptor e, const typename Digraph<W>::Graph& gg) const {
      const vid_t s = vid_t(boost::source(e, gg)), t = vid_t(boost::target(e, gg));
      level[t] = level[s] + 1;
      parent[t] = s;
    }
  } vis;
  vis.level = level.data();
  vis.parent = parent.data();
  boost::breadth_first_search(g, source, boost::visitor(vis));
}

}  // namespace gs::bgl
