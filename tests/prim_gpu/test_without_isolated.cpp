// mst::WithoutIsolated: the graph of the vertices with edges, renumbered in
// order with sorted lists kept sorted, and forests mapped back to the original ids.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "algorithms/mst/without_isolated.hpp"
#include "baselines/bgl.hpp"
#include "common/convert.hpp"
#include "common/verify/msf.hpp"

namespace {

using W = std::uint32_t;

TEST(WithoutIsolated, DropsIsolatedVerticesAndSelfLoops) {
  gs::EdgeList<W> el;
  el.n = 9;
  el.add(2, 7, 5);
  el.add(7, 4, 3);
  el.add(4, 2, 9);
  el.add(4, 2, 1);  // a lighter parallel edge
  el.add(6, 6, 2);  // a self loop alone leaves 6 isolated
  el.add(7, 7, 8);
  const gs::Csr<W> g = gs::edge_list_to_csr(el);
  const gs::mst::WithoutIsolated<W> c(g);
  EXPECT_EQ(gs::mst::vertices_with_edges(g), 3u);
  EXPECT_EQ(c.isolated(), 6u);
  const gs::Csr<W>& h = c.graph();
  ASSERT_EQ(h.n, 3u);  // 2, 4, 7 -> 0, 1, 2
  EXPECT_EQ(h.offsets, (std::vector<gs::eid_t>{0, 3, 6, 8}));
  EXPECT_EQ(h.adj, (std::vector<gs::vid_t>{1, 1, 2, 0, 0, 2, 0, 1}));
  EXPECT_EQ(h.w, (std::vector<W>{1, 9, 5, 1, 9, 3, 5, 3}));
  // A forest of the compact graph, in original ids, is the whole graph's.
  const auto forest = c.to_original(gs::bgl::prim(gs::bgl::Digraph<W>(h)));
  EXPECT_NO_THROW(gs::verify::MsfVerifier<W>(el).check(forest, "bgl_prim on the compact graph"));
}

TEST(WithoutIsolated, KeepsTheGraphWhenNothingIsIsolated) {
  gs::EdgeList<W> el;
  el.n = 3;
  el.add(0, 1, 1);
  el.add(1, 2, 1);
  const gs::Csr<W> g = gs::edge_list_to_csr(el);
  const gs::mst::WithoutIsolated<W> c(g);
  EXPECT_EQ(&c.graph(), &g);
  EXPECT_EQ(c.isolated(), 0u);
}

TEST(WithoutIsolated, EveryVertexIsolated) {
  gs::EdgeList<W> el;
  el.n = 4;
  el.add(3, 3, 1);
  const gs::Csr<W> g = gs::edge_list_to_csr(el);
  const gs::mst::WithoutIsolated<W> c(g);
  EXPECT_EQ(c.graph().n, 0u);
  EXPECT_EQ(c.graph().offsets, (std::vector<gs::eid_t>{0}));
  EXPECT_TRUE(c.to_original({}).empty());
}

}  // namespace
