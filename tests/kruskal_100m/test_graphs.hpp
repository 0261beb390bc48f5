// Small graphs that exercise every Kruskal program's edge cases: many equal
// weights, forests (disconnected graphs), tiny graphs, and edge lists that
// arrive already sorted, reverse-sorted or all-equal (quicksort worst cases).
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "algorithms/mst/kruskal/kruskal_scan.hpp"
#include "common/graph.hpp"

namespace gs::test {

struct NamedGraph {
  std::string name;
  EdgeList<std::uint32_t> g;
};

// Random multigraph on n vertices, m edges, weights 1..max_w (small max_w: many
// ties); with_path adds the path 0-1-...-(n-1) first (connected, as paper C).
inline EdgeList<std::uint32_t> random_graph(vid_t n, std::size_t m, std::uint32_t max_w, std::uint64_t seed,
                                            bool with_path = true) {
  std::mt19937_64 rng(seed);
  EdgeList<std::uint32_t> g;
  g.n = n;
  if (with_path)
    for (vid_t i = 0; i + 1 < n && g.size() < m; ++i) g.add(i, i + 1, std::uint32_t(rng() % max_w + 1));
  while (g.size() < m) {
    const vid_t a = vid_t(rng() % n), b = vid_t(rng() % n);
    if (a != b) g.add(a, b, std::uint32_t(rng() % max_w + 1));
  }
  return g;
}

// Three dense components plus 10 isolated vertices: the answer is a forest.
inline EdgeList<std::uint32_t> forest_graph(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  EdgeList<std::uint32_t> g;
  g.n = 1000;
  const vid_t starts[] = {0, 500, 800}, ends[] = {500, 800, 990};
  for (int c = 0; c < 3; ++c) {
    const vid_t lo = starts[c], len = ends[c] - starts[c];
    for (int k = 0; k < 8 * int(len); ++k) {
      const vid_t a = lo + vid_t(rng() % len), b = lo + vid_t(rng() % len);
      if (a != b) g.add(a, b, std::uint32_t(rng() % 50 + 1));
    }
  }
  return g;
}

enum class Order { sorted, reversed };
inline EdgeList<std::uint32_t> ordered(const EdgeList<std::uint32_t>& g, Order order) {
  std::vector<std::size_t> idx(g.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    return order == Order::sorted ? g.w[a] < g.w[b] : g.w[a] > g.w[b];
  });
  EdgeList<std::uint32_t> out;
  out.n = g.n;
  for (std::size_t i : idx) out.add(g.u[i], g.v[i], g.w[i]);
  return out;
}

inline EdgeList<std::uint32_t> all_equal(EdgeList<std::uint32_t> g) {
  std::fill(g.w.begin(), g.w.end(), 7u);
  return g;
}

inline EdgeList<std::uint32_t> tiny(vid_t n, const std::vector<mst::KEdge>& edges) {
  EdgeList<std::uint32_t> g;
  g.n = n;
  for (const auto& e : edges) g.add(e.u, e.v, e.w);
  return g;
}

// The graphs every program must agree on; `big` makes the ordered cases 200K edges.
inline std::vector<NamedGraph> kruskal_cases(bool big) {
  std::vector<NamedGraph> c;
  c.push_back({"empty n=0", tiny(0, {})});
  c.push_back({"single vertex", tiny(1, {})});
  c.push_back({"two vertices, no edge", tiny(2, {})});
  c.push_back({"two vertices, parallel edges", tiny(2, {{0, 1, 5}, {1, 0, 3}, {0, 1, 3}})});
  c.push_back({"self loops only", tiny(3, {{0, 0, 1}, {2, 2, 1}})});
  c.push_back({"random, weights 1..1e6", random_graph(2000, 30000, 1000000, 1)});
  c.push_back({"random, weights 1..4 (many ties)", random_graph(3000, 40000, 4, 2)});
  c.push_back({"random, no path (disconnected)", random_graph(5000, 6000, 100, 3, false)});
  c.push_back({"forest of 3 trees + isolated", forest_graph(4)});
  const std::size_t m = big ? 200000 : 30000;
  const auto base = random_graph(20000, m, 1000000, 5);
  c.push_back({"already sorted", ordered(base, Order::sorted)});
  c.push_back({"reverse sorted", ordered(base, Order::reversed)});
  c.push_back({"all weights equal", all_equal(base)});
  c.push_back({"sorted, weights 1..3", ordered(random_graph(10000, m, 3, 6), Order::sorted)});
  return c;
}

inline std::vector<mst::KEdge> to_aos(const EdgeList<std::uint32_t>& g) {
  std::vector<mst::KEdge> e(g.size());
  for (std::size_t i = 0; i < e.size(); ++i) e[i] = {g.u[i], g.v[i], g.w[i]};
  return e;
}

}  // namespace gs::test
