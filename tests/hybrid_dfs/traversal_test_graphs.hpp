// Small graphs for the traversal tests, each with the roots worth starting
// from, and the BGL reference levels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/traversal/cpu_traversals.hpp"
#include "baselines/bgl.hpp"
#include "common/convert.hpp"
#include "common/graph.hpp"
#include "generators/generators.hpp"

namespace gs::test {

struct TestGraph {
  std::string name;
  Csr<std::uint32_t> g;
  std::vector<vid_t> roots;
};

inline Csr<std::uint32_t> undirected(vid_t n, const std::vector<std::pair<vid_t, vid_t>>& edges) {
  EdgeList<std::uint32_t> el;
  el.n = n;
  for (auto [a, b] : edges) el.add(a, b);
  return edge_list_to_csr(el);
}

// Branch sizes 1, 4, 16, 64, 256, 64, 16, 4, 1 from vertex 0: a layered graph
// whose vertex j of a layer hangs off vertex j mod |previous layer|.
inline Csr<std::uint32_t> diamond_layers() {
  const std::vector<vid_t> sizes = {1, 4, 16, 64, 256, 64, 16, 4, 1};
  std::vector<std::pair<vid_t, vid_t>> edges;
  vid_t prev_begin = 0, begin = 1;
  for (std::size_t k = 1; k < sizes.size(); ++k) {
    for (vid_t j = 0; j < sizes[k]; ++j) edges.push_back({prev_begin + j % sizes[k - 1], begin + j});
    prev_begin = begin;
    begin += sizes[k];
  }
  return undirected(begin, edges);
}

inline std::vector<TestGraph> traversal_graphs() {
  std::vector<TestGraph> out;
  {  // small RMAT, traversed as undirected
    EdgeList<std::uint32_t> el = gen::rmat(11, 12000, 0.45, 0.25, 0.15, 7);
    Csr<std::uint32_t> g = edge_list_to_csr(el);
    vid_t hub = 0, isolated = kNoVertex;
    for (vid_t x = 0; x < g.n; ++x) {
      if (g.degree(x) > g.degree(hub)) hub = x;
      if (g.degree(x) == 0 && isolated == kNoVertex) isolated = x;
    }
    std::vector<vid_t> roots = {hub, 1, g.n - 1};
    if (isolated != kNoVertex) roots.push_back(isolated);
    out.push_back({"rmat-s11", std::move(g), roots});
  }
  {  // path: n branches of one vertex
    std::vector<std::pair<vid_t, vid_t>> e;
    for (vid_t i = 0; i + 1 < 300; ++i) e.push_back({i, i + 1});
    out.push_back({"path", undirected(300, e), {0, 150, 299}});
  }
  {  // star: centre 0
    std::vector<std::pair<vid_t, vid_t>> e;
    for (vid_t i = 1; i < 5000; ++i) e.push_back({0, i});
    out.push_back({"star", undirected(5000, e), {0, 4321}});
  }
  {  // 60 x 70 grid (high diameter)
    const vid_t w = 60, h = 70;
    std::vector<std::pair<vid_t, vid_t>> e;
    for (vid_t y = 0; y < h; ++y)
      for (vid_t x = 0; x < w; ++x) {
        if (x + 1 < w) e.push_back({y * w + x, y * w + x + 1});
        if (y + 1 < h) e.push_back({y * w + x, (y + 1) * w + x});
      }
    out.push_back({"grid", undirected(w * h, e), {0, w * h / 2 + w / 2}});
  }
  {  // disconnected: a large cycle with chords, a triangle, an edge, isolated vertices
    std::vector<std::pair<vid_t, vid_t>> e;
    const vid_t big = 3000;
    for (vid_t i = 0; i < big; ++i) e.push_back({i, (i + 1) % big});
    for (vid_t i = 0; i < big; i += 7) e.push_back({i, (i * 13 + 5) % big});
    e.push_back({big, big + 1});
    e.push_back({big + 1, big + 2});
    e.push_back({big + 2, big});
    e.push_back({big + 3, big + 4});
    out.push_back({"disconnected", undirected(big + 8, e), {0, big + 1, big + 3, big + 6}});
  }
  out.push_back({"single-vertex", undirected(1, {}), {0}});
  out.push_back({"layers", diamond_layers(), {0, 100}});
  return out;
}

inline std::vector<std::uint32_t> bgl_levels(const Csr<std::uint32_t>& g, vid_t root) {
  bgl::Digraph<std::uint32_t> d(g);
  std::vector<std::uint32_t> level;
  std::vector<vid_t> parent;
  bgl::bfs(d, root, level, parent);
  return level;
}

// Direction options that turn bottom-up as soon as possible and top-down
// late, so that small test graphs exercise the bottom-up steps.
inline traversal::DirectionOptions eager_bottom_up() {
  traversal::DirectionOptions eager;
  eager.alpha = 1e9;
  eager.beta = 1.0;
  return eager;
}

}  // namespace gs::test
