// How the multi-GPU traversal splits a graph (traversal/mgpu_partition.hpp):
// the ranges' bounds and the arcs into each range. Host code: runs everywhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "algorithms/traversal/mgpu_partition.hpp"
#include "traversal_test_graphs.hpp"

namespace gs {
namespace {

using namespace traversal;

void expect_valid_bounds(const CsrView& g, int parts, const std::vector<vid_t>& b) {
  ASSERT_EQ(b.size(), std::size_t(parts) + 1);
  EXPECT_EQ(b.front(), 0u);
  EXPECT_EQ(b.back(), g.n);
  for (int k = 1; k < parts; ++k) {
    EXPECT_LE(b[k - 1], b[k]) << "bound " << k;
    EXPECT_EQ(b[k] % 32, 0u) << "bound " << k << " is not a word boundary";
  }
}

// Every arc (x, t) with t in [lo, hi), once, under its source x, in the list's order.
void expect_arcs_into(const CsrView& g, vid_t lo, vid_t hi) {
  const ArcsInto into = arcs_into(g, lo, hi);
  ASSERT_EQ(into.offsets.size(), std::size_t(g.n) + 1);
  ASSERT_EQ(into.adj.size(), into.offsets.back());
  for (vid_t x = 0; x < g.n; ++x) {
    std::vector<vid_t> want, got(into.adj.begin() + into.offsets[x], into.adj.begin() + into.offsets[x + 1]);
    for (eid_t e = g.offsets[x]; e < g.offsets[x + 1]; ++e)
      if (g.adj[e] >= lo && g.adj[e] < hi) want.push_back(g.adj[e]);
    ASSERT_EQ(got, want) << "source " << x << " into [" << lo << ", " << hi << ")";
  }
}

TEST(MgpuPartition, BoundsAreWordsCoverEveryVertexAndSplitEveryArcOnce) {
  for (const auto& tg : test::traversal_graphs()) {
    const CsrView g = view_of(tg.g);
    for (int parts : {1, 2, 3, 4, 8}) {
      SCOPED_TRACE(tg.name + " parts " + std::to_string(parts));
      const std::vector<vid_t> b = range_bounds(g, parts);
      expect_valid_bounds(g, parts, b);
      eid_t total = 0;
      for (int k = 0; k < parts; ++k) {
        expect_arcs_into(g, b[k], b[k + 1]);
        total += arcs_into(g, b[k], b[k + 1]).adj.size();
      }
      EXPECT_EQ(total, g.arcs);
    }
  }
}

TEST(MgpuPartition, BalancesDegreePlusOneNotVertexCounts) {
  // RMAT's hubs sit at small ids: the first range must hold fewer vertices than the last.
  const auto graphs = test::traversal_graphs();
  const CsrView g = view_of(graphs.front().g);
  ASSERT_EQ(graphs.front().name, "rmat-s11");
  const std::vector<vid_t> b = range_bounds(g, 4);
  const auto cost = [&](vid_t lo, vid_t hi) { return (g.offsets[hi] - g.offsets[lo]) + (hi - lo); };
  const eid_t total = cost(0, g.n);
  EXPECT_LT(b[1] - b[0], b[4] - b[3]);
  for (int k = 0; k < 4; ++k) {  // within a quarter of the total, give or take a word's vertices
    const eid_t c = cost(b[k], b[k + 1]);
    EXPECT_NEAR(double(c), double(total) / 4, double(total) / 8) << "range " << k;
  }
}

TEST(MgpuPartition, ArcWeightZeroGivesEqualVertexCountsAndMoreWeightFewerHubVertices) {
  const auto graphs = test::traversal_graphs();
  const CsrView g = view_of(graphs.front().g);  // rmat-s11: hubs at small ids
  const std::vector<vid_t> vertices = range_bounds(g, 4, 0.0);
  expect_valid_bounds(g, 4, vertices);
  for (int k = 1; k < 4; ++k) EXPECT_EQ(vertices[k], vid_t((g.n * k / 4 + 16) / 32 * 32)) << "bound " << k;
  vid_t first = g.n;  // the first range shrinks as arcs weigh more
  for (double w : {0.0, 0.25, 1.0, 8.0}) {
    const std::vector<vid_t> b = range_bounds(g, 4, w);
    expect_valid_bounds(g, 4, b);
    EXPECT_LE(b[1], first) << "arc weight " << w;
    first = b[1];
  }
  EXPECT_LT(first, vertices[1]);
  EXPECT_EQ(range_bounds(g, 4), range_bounds(g, 4, kDefaultRangeArcWeight));
  for (double bad : {-1.0, std::nan(""), HUGE_VAL}) EXPECT_THROW(range_bounds(g, 4, bad), std::invalid_argument) << bad;
}

TEST(MgpuPartition, LargestRangeBoundsHoldForTheRangesOfAnRmatGraph) {
  // The admission bound from the sizes alone, on the kind of graph the multi-gpu
  // piece runs (on tiny graphs a word's rounding can move a hub: no bound holds there).
  const EdgeList<std::uint32_t> el = gen::rmat(16, 1u << 20, 0.45, 0.25, 0.15, 3);
  const Csr<std::uint32_t> csr = edge_list_to_csr(el);
  const CsrView g = view_of(csr);
  for (int parts : {1, 2, 4, 8})
    for (double w : {0.0, 0.1, 1.0, 4.0}) {
      const std::vector<vid_t> b = range_bounds(g, parts, w);
      const std::uint64_t bound = largest_range_arcs(g.n, g.arcs, parts, w);
      const std::uint64_t vertices = largest_range_vertices(g.n, g.arcs, parts, w);
      EXPECT_LE(bound, g.arcs);
      EXPECT_LE(vertices, std::uint64_t(g.n));
      for (int k = 0; k < parts; ++k) {
        EXPECT_LE(b[k + 1] - b[k], vertices) << "parts " << parts << " weight " << w << " range " << k;
        EXPECT_LE(g.offsets[b[k + 1]] - g.offsets[b[k]], bound)
            << "parts " << parts << " weight " << w << " range " << k;
      }
    }
  EXPECT_EQ(largest_range_arcs(1000, 64000, 4, 0.0), 64000u);    // arcs not balanced: all of them
  EXPECT_EQ(largest_range_vertices(1000, 64000, 4, 0.0), 282u);  // a quarter, and a word
  EXPECT_THROW(largest_range_arcs(1000, 64000, 4, -0.5), std::invalid_argument);
}

TEST(MgpuPartition, EdgeCasesEmptyRangesIsolatedVerticesAndUnevenCounts) {
  // Fewer vertices than parts x 32: some ranges are empty, all is still covered.
  const Csr<std::uint32_t> tiny = test::undirected(40, {{0, 1}, {1, 39}, {2, 3}});
  for (int parts : {2, 4, 8}) {
    const std::vector<vid_t> b = range_bounds(view_of(tiny), parts);
    expect_valid_bounds(view_of(tiny), parts, b);
    for (int k = 0; k < parts; ++k) expect_arcs_into(view_of(tiny), b[k], b[k + 1]);
  }
  // Only the first 64 of 4096 vertices have arcs: the last range has none.
  std::vector<std::pair<vid_t, vid_t>> e;
  for (vid_t i = 0; i < 64; ++i) e.push_back({i, (i * 7 + 3) % 64});
  const Csr<std::uint32_t> hubs = test::undirected(4096, e);
  const std::vector<vid_t> b = range_bounds(view_of(hubs), 2);
  expect_valid_bounds(view_of(hubs), 2, b);
  EXPECT_EQ(hubs.offsets[b[2]] - hubs.offsets[b[1]], 0u) << "the second range should hold no arcs";
  EXPECT_TRUE(arcs_into(view_of(hubs), b[1], b[2]).adj.empty());
  // No vertex at all, and one vertex.
  const Csr<std::uint32_t> one = test::undirected(1, {});
  expect_valid_bounds(view_of(one), 3, range_bounds(view_of(one), 3));
  EXPECT_THROW(range_bounds(view_of(one), 0), std::invalid_argument);
}

}  // namespace
}  // namespace gs
