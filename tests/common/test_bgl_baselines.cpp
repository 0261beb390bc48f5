// The BGL wrappers on hand-checked graphs.
#include <gtest/gtest.h>

#include <limits>

#include "baselines/bgl.hpp"
#include "common/convert.hpp"
#include "common/verify/msf.hpp"

namespace {
using W = std::uint32_t;

gs::EdgeList<W> two_components() {
  // Triangle 0-1-2 with weights 1,2,3 and a separate edge 3-4 (5); 5 is isolated.
  gs::EdgeList<W> el;
  el.n = 6;
  el.add(0, 1, 1);
  el.add(1, 2, 2);
  el.add(0, 2, 3);
  el.add(3, 4, 5);
  el.add(3, 4, 9);  // a heavier parallel edge
  return el;
}

double total(const std::vector<gs::Edge<W>>& f) {
  double s = 0;
  for (auto& e : f) s += e.w;
  return s;
}

TEST(BglBaselines, KruskalAndPrimGiveTheMinimumForest) {
  auto el = two_components();
  auto csr = gs::edge_list_to_csr(el);
  gs::verify::MsfVerifier<W> v(el);
  auto k = gs::bgl::kruskal(gs::bgl::Digraph<W>(el));
  auto p = gs::bgl::prim(gs::bgl::Digraph<W>(csr));
  EXPECT_EQ(total(k), 8);
  EXPECT_EQ(k.size(), 3u);
  EXPECT_EQ(total(p), 8);
  EXPECT_EQ(p.size(), 3u);
  EXPECT_NO_THROW(v.check(k, "bgl_kruskal"));
  EXPECT_NO_THROW(v.check(p, "bgl_prim"));
}

TEST(BglBaselines, PrimIgnoresSelfLoops) {
  // BGL's Prim alone would relax 1's self loop after 1 is finished and lose edge 0-1.
  gs::EdgeList<W> el;
  el.n = 3;
  el.add(0, 1, 5);
  el.add(1, 1, 1);
  el.add(1, 2, 2);
  auto p = gs::bgl::prim(gs::bgl::Digraph<W>(gs::edge_list_to_csr(el)));
  EXPECT_EQ(p.size(), 2u);
  EXPECT_EQ(total(p), 7);
  EXPECT_NO_THROW(gs::verify::MsfVerifier<W>(el).check(p, "bgl_prim"));
}

TEST(BglBaselines, PrimTakesTheLargestWeightAsAnEdge) {
  // UINT32_MAX is a valid weight: the path's 4 edges are the forest, not "no edge".
  const W big = std::numeric_limits<W>::max();
  gs::EdgeList<W> el;
  el.n = 5;
  for (gs::vid_t x = 0; x + 1 < 5; ++x) el.add(x, x + 1, big);
  el.add(0, 4, big - 1);
  auto p = gs::bgl::prim(gs::bgl::Digraph<W>(gs::edge_list_to_csr(el)));
  EXPECT_EQ(p.size(), 4u);
  EXPECT_EQ(total(p), 3.0 * big + (big - 1));
  EXPECT_NO_THROW(gs::verify::MsfVerifier<W>(el).check(p, "bgl_prim"));
}

TEST(BglBaselines, PrimOnManyComponentsAmongIsolatedVertices) {
  // 10^6 ids, 10^4 forest edges in 5000 triangles spread over the ids: most
  // vertices are isolated. One search for all components takes well under a
  // second; restarting BGL's search per component would fill an n-sized heap
  // index 5000 times.
  gs::EdgeList<W> el;
  el.n = 1000000;
  for (gs::vid_t k = 0; k < 5000; ++k) {
    const gs::vid_t a = k * 199;
    el.add(a, a + 1, 1 + k % 7);
    el.add(a + 1, a + 2, 2 + k % 5);
    el.add(a, a + 2, 100);  // the heavy side of a triangle: never in the forest
  }
  auto p = gs::bgl::prim(gs::bgl::Digraph<W>(gs::edge_list_to_csr(el)));
  EXPECT_EQ(p.size(), 10000u);
  EXPECT_NO_THROW(gs::verify::MsfVerifier<W>(el).check(p, "bgl_prim"));
}

TEST(BglBaselines, PrimWithFloatWeights) {
  gs::EdgeList<float> el;
  el.n = 4;
  el.add(0, 1, 3.0e38f);
  el.add(1, 2, 3.0e38f);
  el.add(0, 2, 3.3e38f);
  el.add(2, 3, 0.5f);
  auto p = gs::bgl::prim(gs::bgl::Digraph<float>(gs::edge_list_to_csr(el)));
  EXPECT_EQ(p.size(), 3u);
  EXPECT_NO_THROW(gs::verify::MsfVerifier<float>(el).check(p, "bgl_prim"));
}

TEST(BglBaselines, DijkstraDistancesAndUnreachable) {
  gs::EdgeList<float> el;
  el.n = 4;
  el.directed = true;
  el.add(0, 1, 4.0f);
  el.add(0, 2, 1.0f);
  el.add(2, 1, 2.0f);
  auto d = gs::bgl::dijkstra(gs::bgl::Digraph<float>(gs::edge_list_to_csr(el)), 0);
  EXPECT_EQ(d, (std::vector<float>{0, 3, 1, std::numeric_limits<float>::infinity()}));
}

TEST(BglBaselines, BfsLevelsAndParents) {
  gs::EdgeList<W> el;
  el.n = 5;
  el.add(0, 1, 1);
  el.add(1, 2, 1);
  el.add(0, 3, 1);
  auto csr = gs::edge_list_to_csr(el);
  std::vector<std::uint32_t> level;
  std::vector<gs::vid_t> parent;
  gs::bgl::bfs(gs::bgl::Digraph<W>(csr), 0, level, parent);
  EXPECT_EQ(level, (std::vector<std::uint32_t>{0, 1, 2, 1, gs::verify::kUnreached}));
  EXPECT_EQ(parent[2], 1u);
  auto s = gs::verify::check_traversal(csr, 0, level, &parent, "bgl_bfs");
  EXPECT_EQ(s.reached, 4u);
}

}  // namespace
