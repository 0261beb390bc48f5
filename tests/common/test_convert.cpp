#include <gtest/gtest.h>

#include <omp.h>
#include <cstdlib>
#include <random>
#include <string>

#include "common/convert.hpp"

namespace {

gs::EdgeList<std::uint32_t> random_edges(gs::vid_t n, gs::eid_t m, unsigned seed) {
  std::mt19937_64 rng(seed);
  gs::EdgeList<std::uint32_t> el;
  el.n = n;
  for (gs::eid_t i = 0; i < m; ++i) el.add(gs::vid_t(rng() % n), gs::vid_t(rng() % n), std::uint32_t(rng() % 100));
  return el;
}

TEST(Convert, UndirectedCsrHasBothArcsAndSortedLists) {
  gs::EdgeList<std::uint32_t> el;
  el.n = 4;
  el.add(0, 1, 5);
  el.add(2, 1, 7);
  el.add(3, 3, 1);  // self loop: two arcs in 3's list
  auto g = gs::edge_list_to_csr(el);
  EXPECT_EQ(g.num_arcs(), 6u);
  EXPECT_EQ(g.offsets, (std::vector<gs::eid_t>{0, 1, 3, 4, 6}));
  EXPECT_EQ(g.adj, (std::vector<gs::vid_t>{1, 0, 2, 1, 3, 3}));
  EXPECT_EQ(g.w, (std::vector<std::uint32_t>{5, 5, 7, 7, 1, 1}));
  auto back = gs::csr_to_edge_list(g);
  EXPECT_EQ(back.size(), 3u);
}

TEST(Convert, DirectedCsrHasOneArcPerEdge) {
  gs::EdgeList<float> el;
  el.n = 3;
  el.directed = true;
  el.add(0, 2, 1.5f);
  el.add(0, 1, 2.5f);
  auto g = gs::edge_list_to_csr(el);
  EXPECT_EQ(g.num_arcs(), 2u);
  EXPECT_EQ(g.adj, (std::vector<gs::vid_t>{1, 2}));
  EXPECT_EQ(g.w, (std::vector<float>{2.5f, 1.5f}));
}

TEST(Convert, CsrIsIndependentOfThreadCount) {
  auto el = random_edges(1000, 20000, 3);
  omp_set_num_threads(1);
  auto a = gs::edge_list_to_csr(el);
  omp_set_num_threads(4);
  auto b = gs::edge_list_to_csr(el);
  EXPECT_EQ(a.offsets, b.offsets);
  EXPECT_EQ(a.adj, b.adj);
  EXPECT_EQ(a.w, b.w);
}

TEST(Convert, OutOfRangeIdsAreInputErrors) {
  gs::EdgeList<std::uint32_t> el;
  el.n = 2;
  el.add(0, 2, 1);
  EXPECT_THROW(gs::edge_list_to_csr(el), gs::InputError);
}

TEST(Convert, TheFirstOutOfRangeEdgeIsNamed) {
  auto el = random_edges(50, 5000, 9);
  el.u[3001] = 50;
  el.v[4000] = 77;
  omp_set_num_threads(4);
  try {
    gs::edge_list_to_csr(el);
    FAIL() << "no error";
  } catch (const gs::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("edge 3001 "), std::string::npos) << e.what();
  }
}

// Against lists built one edge at a time: each list in edge order (unsorted),
// or sorted by (neighbour, weight), placed by owner and by buckets (of 2 and
// of 512 vertices here); degrees skewed towards small ids, and more threads
// than vertices in one case (parts without vertices).
TEST(Convert, ListsMatchOneEdgeAtATimeAtEveryThreadCount) {
  for (const gs::vid_t n : {gs::vid_t(3), gs::vid_t(700)}) {
    std::mt19937_64 rng(n);
    gs::EdgeList<std::uint32_t> el;
    el.n = n;
    for (int i = 0; i < 30000; ++i) {
      const gs::vid_t a = gs::vid_t(rng() % n) & gs::vid_t(rng() % n), b = gs::vid_t(rng() % n);
      el.add(a, b, std::uint32_t(rng() % 5));
    }
    for (const bool directed : {false, true}) {
      el.directed = directed;
      std::vector<std::vector<std::pair<gs::vid_t, std::uint32_t>>> lists(n);
      for (gs::eid_t e = 0; e < el.size(); ++e) {
        lists[el.u[e]].push_back({el.v[e], el.w[e]});
        if (!directed) lists[el.v[e]].push_back({el.u[e], el.w[e]});
      }
      for (const int threads : {1, 3, 8})
        for (const auto placement : {gs::CsrPlacement::by_owner, gs::CsrPlacement::by_buckets}) {
          omp_set_num_threads(threads);
          for (const bool sorted : {false, true}) {
            gs::CsrBuildTimes spent;
            const auto g = gs::edge_list_to_csr(el, sorted, &spent, placement);
            ASSERT_EQ(spent.by_buckets, placement == gs::CsrPlacement::by_buckets);
            ASSERT_EQ(g.offsets.size(), std::size_t(n) + 1);
            for (gs::vid_t x = 0; x < n; ++x) {
              auto want = lists[x];
              if (sorted) std::sort(want.begin(), want.end());
              ASSERT_EQ(g.degree(x), want.size()) << "vertex " << x;
              for (std::size_t i = 0; i < want.size(); ++i) {
                ASSERT_EQ(g.adj[g.offsets[x] + i], want[i].first)
                    << "vertex " << x << " threads " << threads << " by buckets " << spent.by_buckets;
                ASSERT_EQ(g.w[g.offsets[x] + i], want[i].second)
                    << "vertex " << x << " threads " << threads << " by buckets " << spent.by_buckets;
              }
            }
          }
        }
    }
  }
}

// Buckets where the host has room for their buffers, else by owner: the same lists.
TEST(Convert, AutomaticPlacementTakesBucketsOnlyWithRoom) {
  const auto el = random_edges(5000, 40000, 4);
  const char* before = std::getenv("GS_HOST_MEMORY_LIMIT");
  const std::string kept = before ? before : "";
  gs::CsrBuildTimes roomy, tight;
  setenv("GS_HOST_MEMORY_LIMIT", "1000000000000", 1);
  const auto a = gs::edge_list_to_csr(el, false, &roomy);
  setenv("GS_HOST_MEMORY_LIMIT", "1000", 1);
  const auto b = gs::edge_list_to_csr(el, false, &tight);
  if (before) setenv("GS_HOST_MEMORY_LIMIT", kept.c_str(), 1);
  else unsetenv("GS_HOST_MEMORY_LIMIT");
  EXPECT_TRUE(roomy.by_buckets);
  EXPECT_FALSE(tight.by_buckets);
  EXPECT_EQ(a.offsets, b.offsets);
  EXPECT_EQ(a.adj, b.adj);
  EXPECT_EQ(a.w, b.w);
}

TEST(Convert, TriangularRoundTripAndIndexing) {
  EXPECT_EQ(gs::TriangularMatrix16::index(1, 0), 0u);
  EXPECT_EQ(gs::TriangularMatrix16::index(2, 0), 1u);
  EXPECT_EQ(gs::TriangularMatrix16::index(2, 1), 2u);
  EXPECT_EQ(gs::TriangularMatrix16::index(0, 2), 1u);  // symmetric
  gs::DenseMatrix16 d;
  d.n = 5;
  d.a.assign(25, 0);
  std::mt19937 rng(1);
  for (gs::vid_t i = 0; i < 5; ++i)
    for (gs::vid_t j = 0; j < i; ++j) d.at(i, j) = d.at(j, i) = std::uint16_t(rng());
  auto t = gs::to_triangular(d);
  EXPECT_EQ(t.a.size(), 10u);
  EXPECT_EQ(t.at(4, 3), d.at(4, 3));
  EXPECT_EQ(t.at(3, 4), d.at(3, 4));
  auto d2 = gs::to_dense(t);
  EXPECT_EQ(d2.a, d.a);
  auto el = gs::matrix_to_edge_list(d);
  EXPECT_EQ(el.size(), 10u);
  for (gs::eid_t e = 0; e < el.size(); ++e) EXPECT_EQ(el.w[e], d.at(el.u[e], el.v[e]));
}

}  // namespace
