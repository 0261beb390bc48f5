// The degree-ordered copy of a graph (algorithms/traversal/degree_order.hpp):
// a relabelling by decreasing degree with sorted lists, whose BFS levels,
// mapped back, are BGL's on the original graph.
#include <gtest/gtest.h>

#include <omp.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <utility>

#include "algorithms/traversal/degree_order.hpp"
#include "traversal_test_graphs.hpp"

namespace gs {
namespace {

using traversal::CsrView;
using traversal::DegreeOrdered;

TEST(DegreeOrder, IsARelabellingByDecreasingDegreeWithSortedLists) {
  for (const test::TestGraph& t : test::traversal_graphs()) {
    SCOPED_TRACE(t.name);
    const CsrView g = traversal::view_of(t.g);
    const DegreeOrdered d(g);
    const CsrView r = d.view();
    ASSERT_EQ(r.n, g.n);
    ASSERT_EQ(r.arcs, g.arcs);
    std::set<vid_t> ids;
    for (vid_t v = 0; v < g.n; ++v) {
      ids.insert(d.new_id(v));
      EXPECT_EQ(r.degree(d.new_id(v)), g.degree(v));
    }
    EXPECT_EQ(ids.size(), std::size_t(g.n));  // a permutation
    for (vid_t x = 0; x + 1 < r.n; ++x) EXPECT_GE(r.degree(x), r.degree(x + 1));
    for (vid_t x = 0; x < r.n; ++x) EXPECT_TRUE(std::is_sorted(r.adj + r.offsets[x], r.adj + r.offsets[x + 1]));
    // The arcs, mapped, are the original's.
    std::multiset<std::pair<vid_t, vid_t>> original, mapped;
    for (vid_t v = 0; v < g.n; ++v)
      for (eid_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        original.insert({d.new_id(v), d.new_id(g.adj[e])});
      }
    for (vid_t x = 0; x < r.n; ++x)
      for (eid_t e = r.offsets[x]; e < r.offsets[x + 1]; ++e) mapped.insert({x, r.adj[e]});
    EXPECT_EQ(original, mapped);
  }
}

TEST(DegreeOrder, LevelsMappedBackAreTheOriginalGraphs) {
  for (const test::TestGraph& t : test::traversal_graphs()) {
    SCOPED_TRACE(t.name);
    const DegreeOrdered d(traversal::view_of(t.g));
    const CsrView r = d.view();
    // The relabelled graph as a Csr, for BGL.
    Csr<std::uint32_t> rc;
    rc.n = r.n;
    rc.offsets.assign(r.offsets, r.offsets + r.n + 1);
    rc.adj.assign(r.adj, r.adj + r.arcs);
    for (vid_t root : t.roots) {
      std::vector<std::uint32_t> back;
      d.to_original(test::bgl_levels(rc, d.new_id(root)), back);
      EXPECT_EQ(back, test::bgl_levels(t.g, root)) << "root " << root;
    }
  }
}

// The new ids are the vertices stably sorted by decreasing degree (ties by
// id), at any thread count, also with degrees beyond the count table's
// (2^16): here two stars of 70,001 and 70,000 leaves (the larger one at the
// higher id), a triangle, isolated vertices and leaves of equal degree.
TEST(DegreeOrder, NewIdsAreAStableSortByDecreasingDegree) {
  std::vector<std::pair<vid_t, vid_t>> edges;
  const vid_t small_star = 0, large_star = 3, first_leaf = 10;
  vid_t leaf = first_leaf;
  for (int i = 0; i < 70000; ++i) edges.push_back({small_star, leaf++});
  for (int i = 0; i < 70001; ++i) edges.push_back({large_star, leaf++});
  edges.push_back({4, 5});
  edges.push_back({5, 6});
  edges.push_back({6, 4});
  const Csr<std::uint32_t> g = test::undirected(leaf + 5, edges);
  std::vector<vid_t> want(g.n);
  std::iota(want.begin(), want.end(), vid_t(0));
  std::stable_sort(want.begin(), want.end(), [&](vid_t a, vid_t b) { return g.degree(a) > g.degree(b); });
  ASSERT_EQ(want[0], large_star);
  ASSERT_EQ(want[1], small_star);
  for (const int threads : {1, 3, 8}) {
    omp_set_num_threads(threads);
    const DegreeOrdered d(traversal::view_of(g));
    for (vid_t x = 0; x < g.n; ++x) ASSERT_EQ(d.new_id(want[x]), x) << "threads " << threads << " new id " << x;
  }
}

}  // namespace
}  // namespace gs
