// GTgraph random, complete matrix, path+random and fixed-degree generators.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "common/errors.hpp"
#include "generators/generators.hpp"
#include "tests/generators/thread_count.hpp"

namespace gen = gs::gen;
using gs::EdgeList;

template <class W>
void expect_same(const EdgeList<W>& x, const EdgeList<W>& y) {
  EXPECT_EQ(x.n, y.n);
  EXPECT_EQ(x.directed, y.directed);
  EXPECT_TRUE(x.u == y.u);
  EXPECT_TRUE(x.v == y.v);
  EXPECT_TRUE(x.w == y.w);
}

template <class W>
void expect_ids_in_range_without_self_loops(const EdgeList<W>& el) {
  for (gs::eid_t i = 0; i < el.size(); ++i) {
    ASSERT_LT(el.u[i], el.n) << "edge " << i;
    ASSERT_LT(el.v[i], el.n) << "edge " << i;
    ASSERT_NE(el.u[i], el.v[i]) << "self loop at edge " << i;
  }
}

// ---- GTgraph random (paper A) --------------------------------------------

TEST(GtgraphRandom, SameGraphForOneAndFourThreads) {
  const auto one = with_threads(1, [] { return gen::gtgraph_random(1000, 50000, 1, 1000, 7); });
  const auto four = with_threads(4, [] { return gen::gtgraph_random(1000, 50000, 1, 1000, 7); });
  expect_same(one, four);
}

TEST(GtgraphRandom, SeedChangesTheGraph) {
  const auto a = gen::gtgraph_random(1000, 5000, 1, 1000, 1);
  const auto b = gen::gtgraph_random(1000, 5000, 1, 1000, 2);
  EXPECT_FALSE(a.u == b.u && a.v == b.v);
}

TEST(GtgraphRandom, CountsRangesAndNoSelfLoops) {
  const auto el = gen::gtgraph_random(128, 1280, 1, 1000, 3);
  EXPECT_EQ(el.n, 128u);
  EXPECT_EQ(el.size(), 1280u);
  EXPECT_EQ(el.w.size(), 1280u);
  EXPECT_FALSE(el.directed);
  expect_ids_in_range_without_self_loops(el);
  for (auto w : el.w) {
    ASSERT_GE(w, 1u);
    ASSERT_LE(w, 1000u);
  }
}

TEST(GtgraphRandom, WeightsCoverBothEndsOfTheInclusiveRange) {
  const auto el = gen::gtgraph_random(100, 20000, 5, 8, 4);
  std::vector<int> hits(4, 0);
  for (auto w : el.w) {
    ASSERT_GE(w, 5u);
    ASSERT_LE(w, 8u);
    ++hits[w - 5];
  }
  // 20000 draws over 4 values: 5000 expected each, sigma about 61.
  for (int h : hits) EXPECT_NEAR(h, 5000, 300);
}

TEST(GtgraphRandom, EndpointsAreUniform) {
  const gs::vid_t n = 16;
  const auto el = gen::gtgraph_random(n, 160000, 1, 1, 5);
  std::vector<int> deg(n, 0);
  for (gs::eid_t i = 0; i < el.size(); ++i) ++deg[el.u[i]], ++deg[el.v[i]];
  // 20000 expected endpoints per vertex, sigma about 137.
  for (int d : deg) EXPECT_NEAR(d, 20000, 700);
}

TEST(GtgraphRandom, RejectsImpossibleParameters) {
  EXPECT_THROW(gen::gtgraph_random(10, 10, 9, 3, 1), gs::InputError);
  EXPECT_THROW(gen::gtgraph_random(1, 1, 1, 3, 1), gs::InputError);
  EXPECT_NO_THROW(gen::gtgraph_random(1, 0, 1, 3, 1));
}

TEST(Generators, RefuseSizesBeyondTheMemoryLimit) {
  setenv("GS_HOST_MEMORY_LIMIT", "1000000", 1);  // 1 MB
  EXPECT_THROW(gen::gtgraph_random(1000, 1000000, 1, 10, 1), gs::ResourceError);
  EXPECT_THROW(gen::path_random(1000, 1000000, 10, 1), gs::ResourceError);
  EXPECT_THROW(gen::rmat(16, 1000000), gs::ResourceError);
  EXPECT_THROW(gen::fixed_degree(1000000, 5), gs::ResourceError);
  EXPECT_THROW(gen::complete_matrix(10000, 1), gs::ResourceError);
  unsetenv("GS_HOST_MEMORY_LIMIT");
}

// ---- complete matrix (paper B) -------------------------------------------

TEST(CompleteMatrix, SymmetricZeroDiagonalFullWeightRange) {
  const gs::vid_t n = 300;
  const auto d = gen::complete_matrix(n, 11);
  ASSERT_EQ(d.n, n);
  ASSERT_EQ(d.a.size(), std::size_t(n) * n);
  std::uint16_t lo = 65535, hi = 0;
  double sum = 0;
  for (gs::vid_t i = 0; i < n; ++i) {
    EXPECT_EQ(d.at(i, i), 0);
    for (gs::vid_t j = 0; j < i; ++j) {
      ASSERT_EQ(d.at(i, j), d.at(j, i)) << i << "," << j;
      lo = std::min(lo, d.at(i, j));
      hi = std::max(hi, d.at(i, j));
      sum += d.at(i, j);
    }
  }
  // 44850 uniform 16-bit values: the extremes fall within a few units of the ends.
  EXPECT_LT(lo, 50);
  EXPECT_GT(hi, 65485);
  EXPECT_NEAR(sum / (n * (n - 1) / 2), 32767.5, 300);
}

TEST(CompleteMatrix, TriangularFormHasTheSameWeights) {
  const auto d = gen::complete_matrix(200, 12);
  const auto t = gen::complete_triangular(200, 12);
  ASSERT_EQ(t.n, 200u);
  ASSERT_EQ(t.a.size(), 200u * 199 / 2);
  for (gs::vid_t i = 1; i < 200; ++i)
    for (gs::vid_t j = 0; j < i; ++j) ASSERT_EQ(t.at(i, j), d.at(i, j));
}

TEST(CompleteMatrix, SameMatrixForOneAndFourThreadsDifferentForAnotherSeed) {
  const auto one = with_threads(1, [] { return gen::complete_matrix(257, 3); });
  const auto four = with_threads(4, [] { return gen::complete_matrix(257, 3); });
  EXPECT_TRUE(one.a == four.a);
  EXPECT_FALSE(one.a == gen::complete_matrix(257, 4).a);
}

// ---- path + random (paper C) ---------------------------------------------

TEST(PathRandom, PathFirstThenRandomEdges) {
  const gs::vid_t n = 1000;
  const auto el = gen::path_random(n, 20000, 1000000, 9);
  ASSERT_EQ(el.size(), 20000u);
  EXPECT_EQ(el.n, n);
  EXPECT_FALSE(el.directed);
  for (gs::vid_t i = 0; i + 1 < n; ++i) {
    ASSERT_EQ(el.u[i], i);
    ASSERT_EQ(el.v[i], i + 1);
  }
  expect_ids_in_range_without_self_loops(el);
  std::uint32_t hi = 0;
  for (auto w : el.w) {
    ASSERT_GE(w, 1u);
    ASSERT_LE(w, 1000000u);
    hi = std::max(hi, w);
  }
  EXPECT_GT(hi, 990000u);  // 20000 draws reach the top 1% of the range
  // The random part is not the path again.
  int path_like = 0;
  for (gs::eid_t i = n - 1; i < el.size(); ++i) path_like += el.v[i] == el.u[i] + 1;
  EXPECT_LT(path_like, 60);  // about 19 expected (1/n of 19001)
}

TEST(PathRandom, SameGraphForOneAndFourThreads) {
  const auto one = with_threads(1, [] { return gen::path_random(5000, 60000, 1000000, 2); });
  const auto four = with_threads(4, [] { return gen::path_random(5000, 60000, 1000000, 2); });
  expect_same(one, four);
}

TEST(PathRandom, RejectsTooFewEdgesForThePath) {
  EXPECT_THROW(gen::path_random(100, 98, 10, 1), gs::InputError);
  EXPECT_NO_THROW(gen::path_random(100, 99, 10, 1));
  EXPECT_THROW(gen::path_random(100, 200, 0, 1), gs::InputError);
}

// ---- fixed degree (paper E) ----------------------------------------------

TEST(FixedDegree, EveryVertexHasExactlyDegreeOutArcs) {
  const gs::vid_t n = 2000;
  const auto el = gen::fixed_degree(n, 5, 1.0f, 1000.0f, 6);
  ASSERT_EQ(el.size(), 5u * n);
  EXPECT_TRUE(el.directed);
  expect_ids_in_range_without_self_loops(el);
  std::vector<int> out(n, 0);
  for (gs::eid_t i = 0; i < el.size(); ++i) {
    ASSERT_EQ(el.u[i], gs::vid_t(i / 5));
    ++out[el.u[i]];
    ASSERT_GE(el.w[i], 1.0f);
    ASSERT_LT(el.w[i], 1000.0f);
  }
  for (int d : out) ASSERT_EQ(d, 5);
}

TEST(FixedDegree, WeightsStayBelowMaxEvenForATinyRange) {
  // A span of one float ulp makes rounding up to max_w likely without the clamp.
  const float lo = 1000.0f, hi = std::nextafter(1000.0f, 2000.0f);
  const auto el = gen::fixed_degree(1000, 4, lo, hi, 1);
  for (float w : el.w) ASSERT_EQ(w, lo);
}

TEST(FixedDegree, SameGraphForOneAndFourThreads) {
  const auto one = with_threads(1, [] { return gen::fixed_degree(10000, 5, 1.0f, 1000.0f, 8); });
  const auto four = with_threads(4, [] { return gen::fixed_degree(10000, 5, 1.0f, 1000.0f, 8); });
  expect_same(one, four);
}

TEST(FixedDegree, RejectsBadParameters) {
  EXPECT_THROW(gen::fixed_degree(10, -1), gs::InputError);
  EXPECT_THROW(gen::fixed_degree(1, 5), gs::InputError);
  EXPECT_THROW(gen::fixed_degree(10, 5, 5.0f, 5.0f), gs::InputError);
}
