// Each verifier must accept a right answer and reject deliberately wrong ones:
// a verifier that accepts a wrong answer is a bug.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "common/convert.hpp"
#include "common/verify/msf.hpp"
#include "common/verify/sssp.hpp"
#include "common/verify/traversal.hpp"
#include "common/verify/verified_levels.hpp"

namespace {
using gs::Edge;
using gs::vid_t;
using W = std::uint32_t;

// 0-1 (1), 1-2 (2), 0-2 (3), 2-3 (4), plus an isolated component 4-5 (7).
gs::EdgeList<W> small_graph() {
  gs::EdgeList<W> el;
  el.n = 6;
  el.add(0, 1, 1);
  el.add(1, 2, 2);
  el.add(0, 2, 3);
  el.add(2, 3, 4);
  el.add(4, 5, 7);
  return el;
}

TEST(MsfVerifier, AcceptsTheMinimumForest) {
  auto g = small_graph();
  gs::verify::MsfVerifier<W> v(g);
  EXPECT_EQ(v.reference().weight, 14);
  EXPECT_EQ(v.reference().edges, 4u);
  auto s = v.check({{1, 0, 1}, {2, 1, 2}, {3, 2, 4}, {4, 5, 7}}, "test");
  EXPECT_EQ(s.answer(), "weight=14;edges=4");
}

TEST(MsfVerifier, RejectsWrongForests) {
  auto g = small_graph();
  gs::verify::MsfVerifier<W> v(g);
  // Heavier spanning tree (uses 0-2 instead of 1-2).
  EXPECT_THROW(v.check({{0, 1, 1}, {0, 2, 3}, {2, 3, 4}, {4, 5, 7}}, "t"), gs::VerificationError);
  // Missing the second component.
  EXPECT_THROW(v.check({{0, 1, 1}, {1, 2, 2}, {2, 3, 4}}, "t"), gs::VerificationError);
  // A cycle.
  EXPECT_THROW(v.check({{0, 1, 1}, {1, 2, 2}, {0, 2, 3}, {4, 5, 7}}, "t"), gs::VerificationError);
  // An edge that does not exist, with the right total weight.
  EXPECT_THROW(v.check({{0, 1, 1}, {1, 2, 2}, {1, 3, 4}, {4, 5, 7}}, "t"), gs::VerificationError);
  // A real edge with a wrong weight.
  EXPECT_THROW(v.check({{0, 1, 1}, {1, 2, 2}, {2, 3, 3}, {4, 5, 8}}, "t"), gs::VerificationError);
  // The same real edge twice.
  EXPECT_THROW(v.check({{0, 1, 1}, {1, 0, 1}, {2, 3, 4}, {4, 5, 7}}, "t"), gs::VerificationError);
}

// A long path 0 - 1 - ... - k-1 whose edge (j, j+1) is replaced by (j, j+2), every edge
// twice (multi-edges), plus heavier random edges: the path itself has the right size,
// weight and shape but uses the one pair that is not an edge.
TEST(MsfVerifier, FindsTheOneMissingEdgeOfALargeForest) {
  const vid_t k = 100000, j = 54321;
  gs::EdgeList<W> el;
  el.n = k;
  for (int copy = 0; copy < 2; ++copy)
    for (vid_t x = 0; x + 1 < k; ++x) el.add(x, x == j ? x + 2 : x + 1, 1);
  std::mt19937 rng(3);
  for (int e = 0; e < 200000; ++e) el.add(rng() % k, rng() % k, 2 + rng() % 5);
  gs::verify::MsfVerifier<W> v(el);
  std::vector<gs::Edge<W>> tree, path;
  for (vid_t x = 0; x + 1 < k; ++x) {
    tree.push_back({x, x == j ? x + 2 : x + 1, 1});
    path.push_back({x + 1, x, 1});  // either orientation
  }
  EXPECT_EQ(v.check(tree, "t").edges, k - 1u);
  try {
    v.check(path, "t");
    ADD_FAILURE() << "a forest with a non-edge was accepted";
  } catch (const gs::VerificationError& e) {
    EXPECT_NE(std::string(e.what()).find("edge (54321,54322) with weight 1 is not in the graph"), std::string::npos)
        << e.what();
  }
}

TEST(MsfVerifier, RefusesAForestEdgeWithANonFiniteWeight) {
  gs::EdgeList<float> el;
  el.n = 2;
  el.add(0, 1, 1.0f);
  gs::verify::MsfVerifier<float> v(el);
  EXPECT_THROW(v.check({{0, 1, std::numeric_limits<float>::quiet_NaN()}}, "t"), gs::VerificationError);
}

TEST(MsfVerifier, MatrixReferenceMatchesEdgeListReference) {
  gs::DenseMatrix16 d;
  d.n = 30;
  d.a.assign(900, 0);
  std::mt19937 rng(5);
  for (vid_t i = 0; i < d.n; ++i)
    for (vid_t j = 0; j < i; ++j) d.at(i, j) = d.at(j, i) = std::uint16_t(rng() % 50);
  auto el = gs::matrix_to_edge_list(d);
  gs::verify::MsfVerifier<W> by_list(el);
  auto by_matrix = gs::verify::MsfVerifier<W>::from_matrix(d);
  EXPECT_EQ(by_list.reference().weight, by_matrix.reference().weight);
  EXPECT_EQ(by_matrix.reference().edges, 29u);
  std::vector<Edge<W>> wrong = {{0, 1, W(d.at(0, 1) + 1)}};
  EXPECT_THROW(by_matrix.check(wrong, "t"), gs::VerificationError);
}

gs::Csr<W> path_with_tail() {
  // 0-1-2-3 path, 1-3 chord, plus isolated 4.
  gs::EdgeList<W> el;
  el.n = 5;
  el.add(0, 1, 1);
  el.add(1, 2, 1);
  el.add(2, 3, 1);
  el.add(1, 3, 1);
  return gs::edge_list_to_csr(el);
}

TEST(TraversalVerifier, AcceptsBfsLevelsAndParents) {
  auto g = path_with_tail();
  const auto U = gs::verify::kUnreached;
  std::vector<std::uint32_t> level = {0, 1, 2, 2, U};
  std::vector<vid_t> parent = {0, 0, 1, 1, gs::kNoVertex};
  auto s = gs::verify::check_traversal(g, 0, level, &parent, "t");
  EXPECT_EQ(s.reached, 4u);
  EXPECT_EQ(s.levelsum, 5u);
  EXPECT_EQ(s.component_edges, 4u);
  EXPECT_NO_THROW(gs::verify::check_traversal(g, 0, level, nullptr, "t"));
}

TEST(TraversalVerifier, RejectsCorruptedLevelsAndParents) {
  auto g = path_with_tail();
  const auto U = gs::verify::kUnreached;
  using gs::verify::check_traversal;
  EXPECT_THROW(check_traversal(g, 0, {0, 1, 2, 3, U}, nullptr, "t"), gs::VerificationError);  // not BFS distance
  EXPECT_THROW(check_traversal(g, 0, {0, 1, 2, U, U}, nullptr, "t"), gs::VerificationError);  // misses 3
  EXPECT_THROW(check_traversal(g, 0, {0, 1, 2, 2, 3}, nullptr, "t"), gs::VerificationError);  // reaches 4
  EXPECT_THROW(check_traversal(g, 0, {1, 1, 2, 2, U}, nullptr, "t"), gs::VerificationError);  // source level
  std::vector<vid_t> bad_parent = {0, 0, 1, 2, gs::kNoVertex};  // 2 is at the same level as 3
  EXPECT_THROW(check_traversal(g, 0, {0, 1, 2, 2, U}, &bad_parent, "t"), gs::VerificationError);
  std::vector<vid_t> fake_edge = {0, 0, 0, 1, gs::kNoVertex};  // 0-2 is not an edge
  EXPECT_THROW(check_traversal(g, 0, {0, 1, 2, 2, U}, &fake_edge, "t"), gs::VerificationError);
}

TEST(VerifiedLevels, ChecksEachSourceInFullOnceThenByEquality) {
  auto g = path_with_tail();
  const auto U = gs::verify::kUnreached;
  gs::verify::VerifiedLevels<W> verified(g);
  const std::vector<std::uint32_t> from0 = {0, 1, 2, 2, U};
  const auto first = verified.check(0, from0, nullptr, "t");
  EXPECT_EQ(verified.full_checks(), 1u);
  const auto again = verified.check(0, from0, nullptr, "t");  // equal levels: no second full check
  EXPECT_EQ(verified.full_checks(), 1u);
  EXPECT_EQ(again.answer(), first.answer());
  EXPECT_EQ(again.component_edges, first.component_edges);
  verified.check(3, {2, 1, 1, 0, U}, nullptr, "t");  // another source: in full
  EXPECT_EQ(verified.full_checks(), 2u);
  std::vector<vid_t> parent = {0, 0, 1, 1, gs::kNoVertex};
  verified.check(0, from0, &parent, "t");  // parents: in full, whatever the levels
  EXPECT_EQ(verified.full_checks(), 3u);
}

TEST(VerifiedLevels, RejectsAWrongAnswerAfterARightOne) {
  auto g = path_with_tail();
  const auto U = gs::verify::kUnreached;
  gs::verify::VerifiedLevels<W> verified(g);
  verified.check(0, {0, 1, 2, 2, U}, nullptr, "t");
  EXPECT_THROW(verified.check(0, {0, 1, 2, 3, U}, nullptr, "t"), gs::VerificationError);  // not BFS distance
  EXPECT_THROW(verified.check(0, {0, 1, 2, U, U}, nullptr, "t"), gs::VerificationError);  // misses 3
  EXPECT_THROW(verified.check(0, {0, 1, 2, 2, 3}, nullptr, "t"), gs::VerificationError);  // reaches 4
  EXPECT_THROW(verified.check(0, {0, 1, 2, 2}, nullptr, "t"), gs::VerificationError);     // too short
  EXPECT_EQ(verified.check(0, {0, 1, 2, 2, U}, nullptr, "t").reached, 4u);                // the right one still passes
}

TEST(VerifiedLevels, EveryChangeOfOneEntryChangesTheFingerprint) {
  std::mt19937 rng(7);
  std::vector<std::uint32_t> level(1000);
  for (auto& l : level) l = rng() % 20;
  level[17] = gs::verify::kUnreached;
  const auto base = gs::verify::levels_fingerprint(level);
  for (std::size_t i = 0; i < level.size(); ++i)
    for (std::uint32_t other : {level[i] + 1, level[i] - 1, gs::verify::kUnreached, 0u}) {
      if (other == level[i]) continue;
      std::vector<std::uint32_t> changed = level;
      changed[i] = other;
      const auto fp = gs::verify::levels_fingerprint(changed);
      ASSERT_NE(fp.a, base.a) << i;
      ASSERT_NE(fp.b, base.b) << i;
    }
  std::vector<std::uint32_t> swapped = level;  // the same values at other places
  swapped[3] = 5;
  swapped[4] = 9;
  std::vector<std::uint32_t> other_way = swapped;
  std::swap(other_way[3], other_way[4]);
  EXPECT_FALSE(gs::verify::levels_fingerprint(swapped) == gs::verify::levels_fingerprint(other_way));
}

TEST(SsspVerifier, AcceptsDijkstraAndRejectsWrongDistances) {
  gs::EdgeList<float> el;
  el.n = 5;
  el.directed = true;
  el.add(0, 1, 4.0f);
  el.add(0, 2, 1.0f);
  el.add(2, 1, 2.0f);
  el.add(1, 3, 1.0f);  // 4 unreachable
  auto g = gs::edge_list_to_csr(el);
  auto ref = gs::verify::reference_dijkstra(g, 0);
  const float inf = std::numeric_limits<float>::infinity();
  auto s = gs::verify::check_sssp(g, 0, std::vector<float>{0, 3, 1, 4, inf}, ref, "t");
  EXPECT_EQ(s.reached, 4u);
  EXPECT_DOUBLE_EQ(s.distsum, 8.0);
  using gs::verify::check_sssp;
  EXPECT_THROW(check_sssp(g, 0, std::vector<float>{0, 4, 1, 5, inf}, ref, "t"), gs::VerificationError);  // relaxable
  EXPECT_THROW(check_sssp(g, 0, std::vector<float>{0, 3, 1, 4, 1e30f}, ref, "t"),
               gs::VerificationError);  // "huge" not inf
  EXPECT_THROW(check_sssp(g, 0, std::vector<float>{0, 3, 1, inf, inf}, ref, "t"),
               gs::VerificationError);  // lost a vertex
  EXPECT_THROW(check_sssp(g, 0, std::vector<float>{0, 2.9f, 1, 3.9f, inf}, ref, "t"),
               gs::VerificationError);  // too short
}

}  // namespace
