// SNAP-style RMAT: exact counts, uniqueness, skew, determinism, and agreement
// with SNAP's serial rejection loop replayed over the same draws.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "common/errors.hpp"
#include "generators/generators.hpp"
#include "generators/rmat_draws.hpp"
#include "tests/generators/thread_count.hpp"

namespace gen = gs::gen;

namespace {

std::vector<std::uint64_t> keys_of(const gs::EdgeList<std::uint32_t>& el) {
  std::vector<std::uint64_t> keys(el.size());
  for (gs::eid_t i = 0; i < el.size(); ++i) keys[i] = std::uint64_t(el.u[i]) << 32 | el.v[i];
  return keys;
}

// SNAP's GenRMat loop, serially: take draws in order, keep each new pair.
std::vector<std::uint64_t> snap_serial(int scale, gs::eid_t m, double a, double b, double c, std::uint64_t seed) {
  const gen::detail::RmatDraws draws(gen::detail::noisy_levels(scale, a, b, c, seed), seed);
  std::set<std::uint64_t> kept;
  for (std::uint64_t i = 0; kept.size() < m; ++i) {
    const auto key = draws.key(i);
    if (key != gen::detail::kRejected) kept.insert(key);
  }
  return {kept.begin(), kept.end()};
}

}  // namespace

TEST(Rmat, ExactCountUniqueSortedNoSelfLoops) {
  const int scale = 10;
  const gs::eid_t m = 16 * 1024;
  const auto el = gen::rmat(scale, m, 0.45, 0.25, 0.15, 3);
  EXPECT_EQ(el.n, 1u << scale);
  ASSERT_EQ(el.size(), m);
  EXPECT_FALSE(el.weighted());
  EXPECT_FALSE(el.directed);
  const auto keys = keys_of(el);
  for (gs::eid_t i = 0; i < m; ++i) {
    ASSERT_LT(el.u[i], el.n);
    ASSERT_LT(el.v[i], el.n);
    ASSERT_NE(el.u[i], el.v[i]);
    if (i) {
      ASSERT_LT(keys[i - 1], keys[i]) << "not strictly increasing (duplicate or unsorted) at " << i;
    }
  }
}

TEST(Rmat, MatchesSnapSerialRejectionLoop) {
  // Dense enough (1/8 of the cells) that many draws are duplicates and the
  // parallel version needs several rounds.
  for (const auto& [scale, m] : {std::pair{8, gs::eid_t(8000)}, std::pair{12, gs::eid_t(40000)}}) {
    const auto el = gen::rmat(scale, m, 0.45, 0.25, 0.15, 5);
    const bool same = keys_of(el) == snap_serial(scale, m, 0.45, 0.25, 0.15, 5);
    EXPECT_TRUE(same) << "scale " << scale;
  }
}

TEST(Rmat, SameGraphForOneAndFourThreads) {
  const auto one = with_threads(1, [] { return gen::rmat(12, 60000, 0.45, 0.25, 0.15, 9); });
  const auto four = with_threads(4, [] { return gen::rmat(12, 60000, 0.45, 0.25, 0.15, 9); });
  EXPECT_TRUE(one.u == four.u);
  EXPECT_TRUE(one.v == four.v);
  EXPECT_FALSE(one.u == gen::rmat(12, 60000, 0.45, 0.25, 0.15, 10).u);
}

TEST(Rmat, DegreeDistributionIsSkewed) {
  const int scale = 14;
  const gs::eid_t m = 8 << scale;
  const auto el = gen::rmat(scale, m, 0.45, 0.25, 0.15, 1);
  std::vector<std::uint32_t> degree(el.n, 0);
  for (gs::eid_t i = 0; i < m; ++i) ++degree[el.u[i]], ++degree[el.v[i]];
  const double mean = 2.0 * m / el.n;  // 16
  const auto max_degree = *std::max_element(degree.begin(), degree.end());
  EXPECT_GT(max_degree, 20 * mean) << "max degree " << max_degree << ", mean " << mean;
  // Skew also leaves vertices isolated, which a uniform graph of mean degree 16
  // almost never does (expected e^-16 n < 1).
  const auto isolated = std::count(degree.begin(), degree.end(), 0u);
  EXPECT_GT(isolated, el.n / 100);
  // The uniform case (a = b = c = d) is not skewed: the same checks fail there.
  const auto flat = gen::rmat(scale, m, 0.25, 0.25, 0.25, 1);
  std::vector<std::uint32_t> flat_degree(flat.n, 0);
  for (gs::eid_t i = 0; i < m; ++i) ++flat_degree[flat.u[i]], ++flat_degree[flat.v[i]];
  EXPECT_LT(*std::max_element(flat_degree.begin(), flat_degree.end()), 5 * mean);
  EXPECT_LT(std::count(flat_degree.begin(), flat_degree.end(), 0u), 5);
}

TEST(Rmat, NoiseIsPerLevelAndRenormalised) {
  const auto levels = gen::detail::noisy_levels(20, 0.45, 0.25, 0.15, 1);
  ASSERT_EQ(levels.size(), 20u);
  bool differ = false;
  for (const auto& l : levels) {
    ASSERT_LE(l.a, l.ab);
    ASSERT_LE(l.ab, l.abc);
    // a's share with U(0.5,1.5) noise on each of the four stays within these bounds.
    const double pa = l.a * 0x1.0p-32;
    EXPECT_GT(pa, 0.45 * 0.5 / (0.45 * 0.5 + 0.55 * 1.5));
    EXPECT_LT(pa, 0.45 * 1.5 / (0.45 * 1.5 + 0.55 * 0.5));
    differ |= l.a != levels[0].a;
  }
  EXPECT_TRUE(differ);
}

TEST(Rmat, RejectsImpossibleParameters) {
  EXPECT_THROW(gen::rmat(0, 1), gs::InputError);
  EXPECT_THROW(gen::rmat(32, 1), gs::InputError);
  EXPECT_THROW(gen::rmat(10, 100, 0.5, 0.3, 0.2), gs::InputError);  // d = 0
  EXPECT_THROW(gen::rmat(10, 100, -0.1, 0.3, 0.2), gs::InputError);
  EXPECT_THROW(gen::rmat(4, 16 * 15 / 2 + 1), gs::InputError);  // beyond half the cells
}
