#include <gtest/gtest.h>

#include <omp.h>
#include <random>
#include <tuple>

#include "common/arcs_by_owner.hpp"

namespace {

using Arc = std::tuple<gs::vid_t, gs::vid_t, std::uint32_t>;  // tail, head, weight

// Arcs one edge at a time: u->v, then v->u for an undirected edge.
std::vector<Arc> arcs_in_edge_order(const gs::EdgeList<std::uint32_t>& el) {
  std::vector<Arc> arcs;
  for (gs::eid_t e = 0; e < el.size(); ++e) {
    arcs.emplace_back(el.u[e], el.v[e], el.w[e]);
    if (!el.directed) arcs.emplace_back(el.v[e], el.u[e], el.w[e]);
  }
  return arcs;
}

// Every arc reaches the part owning its tail, on the same thread every time,
// each part's arcs in edge order: windows of one edge, a few edges and all of
// them; parts more or fewer than threads, and empty parts.
TEST(ArcsByOwner, EachPartGetsItsArcsInEdgeOrderWhateverTheWindow) {
  std::mt19937_64 rng(5);
  gs::EdgeList<std::uint32_t> el;
  el.n = 300;
  for (int i = 0; i < 600; ++i) el.add(gs::vid_t(rng() % 300) & gs::vid_t(rng() % 300), gs::vid_t(rng() % 300), i);
  const std::vector<std::vector<gs::vid_t>> cuts = {{0, 300}, {0, 10, 10, 150, 299, 300}, {0, 0, 0, 300, 300}};
  for (const bool directed : {false, true}) {
    el.directed = directed;
    const std::vector<Arc> all = arcs_in_edge_order(el);
    for (const auto& bounds : cuts) {
      const int parts = int(bounds.size()) - 1;
      std::vector<std::vector<Arc>> want(parts);
      for (const Arc& a : all) {
        const int p = int(std::upper_bound(bounds.begin(), bounds.end() - 1, std::get<0>(a)) - bounds.begin()) - 1;
        want[p].push_back(a);
      }
      for (const int threads : {1, 2, 7}) {
        omp_set_num_threads(threads);
        for (const gs::eid_t window : {gs::eid_t(1), gs::eid_t(37), el.size()}) {
          std::vector<std::vector<Arc>> got(parts);
          std::vector<int> thread_of(parts, -1);
          std::vector<char> one_thread(parts, 1);
          gs::for_each_arc_by_owner<true>(
              el, bounds,
              [&](int p, gs::vid_t tail, gs::vid_t head, std::uint32_t w) {
                if (thread_of[p] == -1) thread_of[p] = omp_get_thread_num();
                one_thread[p] &= char(thread_of[p] == omp_get_thread_num());
                got[p].emplace_back(tail, head, w);
              },
              window);
          EXPECT_EQ(std::count(one_thread.begin(), one_thread.end(), 0), 0) << "threads " << threads << " window " << window;
          EXPECT_EQ(got, want) << "directed " << directed << " threads " << threads << " window " << window;
          // Tails only: the same tails, heads and weights left out.
          std::vector<std::vector<gs::vid_t>> tails(parts);
          gs::for_each_arc_by_owner<false>(
              el, bounds,
              [&](int p, gs::vid_t tail, gs::vid_t head, std::uint32_t w) {
                EXPECT_EQ(head, 0u);
                EXPECT_EQ(w, 0u);
                tails[p].push_back(tail);
              },
              window);
          for (int p = 0; p < parts; ++p) {
            ASSERT_EQ(tails[p].size(), want[p].size()) << "part " << p;
            for (std::size_t i = 0; i < tails[p].size(); ++i) EXPECT_EQ(tails[p][i], std::get<0>(want[p][i]));
          }
        }
      }
    }
  }
}

TEST(ArcsByOwner, PartOfMatchesTheBoundsAcrossTableBlocks) {
  // n spans many table blocks; cuts inside one block, at block edges and empty parts.
  const gs::vid_t n = (gs::vid_t(1) << 20) + 77;
  const std::vector<gs::vid_t> bounds = {0, 5, 6, 6, 7, 16, 4096, 4096, 500000, n - 1, n};
  const gs::PartOf part_of(bounds);
  for (gs::vid_t x = 0; x < n; ++x) {
    const int want = int(std::upper_bound(bounds.begin(), bounds.end() - 1, x) - bounds.begin()) - 1;
    ASSERT_EQ(part_of(x), want) << "vertex " << x;
  }
}

}  // namespace
