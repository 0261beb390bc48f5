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
#include <boost/graph/visitors.hpp>
#include <boost/pending/queue.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <numeric>
#include <type_traits>
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

// The distance type of bgl::prim: wider than the weight, so that every valid
// weight (UINT32_MAX included) stays below "infinity".
template <class W>
using PrimDistance = std::conditional_t<std::is_integral_v<W>, std::uint64_t, double>;

// BGL's Prim over every component at once: what boost::prim_minimum_spanning_tree
// runs (Dijkstra's search with Prim's combine: a vertex's distance is the
// weight of the edge that reaches it), started from one root per component
// that has an edge (the lowest vertex of each, found by BGL's BFS). The
// components are disjoint, so each tree grows exactly as Prim's from its root
// would: a minimum spanning forest in O((n + m) log n) however many components
// there are. (Restarting BGL's search per component would cost O(n) each: it
// allocates and fills a heap index per call.) An isolated vertex is a tree of
// its own and costs one test.
template <class W>
std::vector<Edge<W>> prim(const Digraph<W>& d) {
  using D = PrimDistance<W>;
  const auto& g = d.graph();
  const vid_t n = d.n();
  const auto index = boost::get(boost::vertex_index, g);
  std::vector<boost::default_color_type> color(n, boost::white_color);
  const auto color_map = boost::make_iterator_property_map(color.begin(), index);
  std::vector<vid_t> roots;
  boost::queue<vid_t> bfs_queue;
  for (vid_t x = 0; x < n; ++x)
    if (color[x] == boost::white_color && boost::out_degree(x, g) > 0) {
      roots.push_back(x);
      boost::breadth_first_visit(g, x, bfs_queue, boost::default_bfs_visitor(), color_map);
    }
  std::fill(color.begin(), color.end(), boost::white_color);

  std::vector<vid_t> pred(n);
  std::iota(pred.begin(), pred.end(), vid_t(0));
  std::vector<D> dist(
      n, std::numeric_limits<D>::has_infinity ? std::numeric_limits<D>::infinity() : std::numeric_limits<D>::max());
  for (vid_t r : roots) dist[r] = D(0);
  const auto edge_weight = [](D, W w) { return D(w); };  // Prim's combine
  boost::dijkstra_shortest_paths_no_init(
      g, roots.begin(), roots.end(), boost::make_iterator_property_map(pred.begin(), index),
      boost::make_iterator_property_map(dist.begin(), index), boost::get(&ArcWeight<W>::weight, g), index,
      std::less<D>(), edge_weight, D(0), boost::default_dijkstra_visitor(), color_map);
  std::vector<Edge<W>> out;
  for (vid_t x = 0; x < n; ++x)
    if (pred[x] != x) out.push_back({pred[x], x, W(dist[x])});
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
