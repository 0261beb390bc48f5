// Paper B's CPU programs: every one must return a verified minimum spanning
// tree with the reference weight (O(N^2) Prim) on random complete graphs,
// including graphs full of equal weights, where the lower-index tie rule is
// what keeps the selected edges acyclic.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>

#include "algorithms/mst/sollin/contraction.hpp"
#include "algorithms/mst/sollin/kruskal_complete.hpp"
#include "algorithms/mst/sollin/level_passes.hpp"
#include "algorithms/mst/sollin/matrix_views.hpp"
#include "algorithms/mst/sollin/sollin.hpp"
#include "baselines/bgl.hpp"
#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/verify/msf.hpp"
#include "tests/sollin_multicore/random_matrix.hpp"

namespace {

using gs::DenseMatrix16;
using gs::vid_t;
using Forest = std::vector<gs::Edge<std::uint32_t>>;
using gs::mst::SollinSolver;
using gs::mst::SollinStrategy;

using gs::test::random_matrix;

struct Program {
  std::string name;
  std::function<Forest(const DenseMatrix16&, const gs::TriangularMatrix16&)> run;
};

std::vector<Program> programs() {
  std::vector<Program> p;
  p.push_back(
      {"kruskal", [](const DenseMatrix16& d, const gs::TriangularMatrix16&) { return gs::mst::kruskal_complete(d); }});
  p.push_back({"bgl_kruskal", [](const DenseMatrix16& d, const gs::TriangularMatrix16&) {
                 return gs::bgl::kruskal(gs::bgl::Digraph<std::uint32_t>(gs::matrix_to_edge_list(d)));
               }});
  for (SollinStrategy s : {SollinStrategy::serial, SollinStrategy::conflict_free})
    for (int threads : {1, 3, 4}) {
      if (s == SollinStrategy::serial && threads > 1) continue;
      const std::string base = std::string(s == SollinStrategy::serial ? "sollin_serial" : "sollin_conflict_free") +
                               " t=" + std::to_string(threads);
      p.push_back({base, [s, threads](const DenseMatrix16& d, const gs::TriangularMatrix16&) {
                     return SollinSolver(d.n, s, threads).solve(d).forest;
                   }});
      p.push_back({base + " tri", [s, threads](const DenseMatrix16&, const gs::TriangularMatrix16& t) {
                     return SollinSolver(t.n, s, threads).solve(t).forest;
                   }});
    }
  return p;
}

void expect_all_programs_verified(const DenseMatrix16& d, const std::string& what) {
  const auto tri = gs::to_triangular(d);
  const auto verifier = gs::verify::MsfVerifier<std::uint32_t>::from_matrix(d);
  for (const auto& p : programs()) {
    SCOPED_TRACE(what + " " + p.name);
    const Forest f = p.run(d, tri);
    gs::verify::MsfSummary s;
    EXPECT_NO_THROW(s = verifier.check(f, p.name));
    EXPECT_EQ(s.weight, verifier.reference().weight);
    EXPECT_EQ(f.size(), d.n ? d.n - 1 : 0);
  }
}

TEST(SollinMulticore, TinyGraphs) {
  for (vid_t n : {0u, 1u, 2u, 3u})
    for (std::uint32_t max_w : {0u, 1u, 65535u})
      expect_all_programs_verified(random_matrix(n, max_w, 7 + n), "n=" + std::to_string(n));
}

TEST(SollinMulticore, TwoVerticesGiveTheirOneEdge) {
  DenseMatrix16 d = random_matrix(2, 65535, 3);
  d.at(0, 1) = d.at(1, 0) = 1234;
  const Forest f = SollinSolver(2, SollinStrategy::conflict_free, 2).solve(gs::to_triangular(d)).forest;
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].w, 1234u);
  EXPECT_EQ(std::min(f[0].u, f[0].v), 0u);
  EXPECT_EQ(std::max(f[0].u, f[0].v), 1u);
}

TEST(SollinMulticore, RandomCompleteGraphs) {
  for (vid_t n : {4u, 5u, 17u, 64u, 129u, 300u, 1003u})
    expect_all_programs_verified(random_matrix(n, 65535, n), "n=" + std::to_string(n));
}

// Equal weights everywhere or nearly: selection relies on the lower-index rule.
TEST(SollinMulticore, ManyEqualWeights) {
  for (vid_t n : {6u, 31u, 100u, 257u, 1000u})
    for (std::uint32_t max_w : {0u, 1u, 3u})
      expect_all_programs_verified(random_matrix(n, max_w, 100 + n + max_w),
                                   "n=" + std::to_string(n) + " max_w=" + std::to_string(max_w));
}

// The triangular view addresses (i, j), j < i, at i*(i-1)/2 + j: check the
// first and last entries of the first and last rows against the full matrix,
// and that edges stored there are found when they are the only light ones.
TEST(SollinMulticore, TriangularIndexingAtItsEdges) {
  const vid_t n = 50;
  DenseMatrix16 d = random_matrix(n, 65535, 11);
  for (vid_t i = 1; i < n; ++i)
    for (vid_t j = 0; j < i; ++j) d.at(i, j) = d.at(j, i) = std::uint16_t(1000 + (i * 7 + j * 13) % 5000);
  d.at(1, 0) = d.at(0, 1) = 1;                  // first stored entry
  d.at(n - 1, n - 2) = d.at(n - 2, n - 1) = 2;  // last stored entry
  d.at(n - 1, 0) = d.at(0, n - 1) = 3;          // first entry of the last row
  const auto tri = gs::to_triangular(d);
  ASSERT_EQ(tri.a.size(), std::size_t(n) * (n - 1) / 2);
  const gs::mst::TriangularInputView view{tri.a.data(), n};
  EXPECT_EQ(view.row(1)[0], 1);
  EXPECT_EQ(view.row(n - 1)[n - 2], 2);
  EXPECT_EQ(view.row(n - 1)[0], 3);
  EXPECT_EQ(&view.row(n - 1)[n - 2], &tri.a.back());
  for (SollinStrategy s : {SollinStrategy::serial, SollinStrategy::conflict_free}) {
    const Forest f = SollinSolver(n, s, 4).solve(tri).forest;
    auto has = [&](vid_t a, vid_t b) {
      for (const auto& e : f)
        if (std::min(e.u, e.v) == a && std::max(e.u, e.v) == b) return true;
      return false;
    };
    EXPECT_TRUE(has(0, 1));
    EXPECT_TRUE(has(n - 2, n - 1));
    EXPECT_TRUE(has(0, n - 1));
  }
  expect_all_programs_verified(d, "structured n=50");
}

// Every level at least halves the vertex count and the last level is one vertex.
TEST(SollinMulticore, LevelsAtLeastHalve) {
  const DenseMatrix16 d = random_matrix(1000, 65535, 5);
  SollinSolver s(d.n, SollinStrategy::conflict_free, 4);
  s.solve(d);
  const auto& sizes = s.level_sizes();
  ASSERT_GE(sizes.size(), 2u);
  EXPECT_EQ(sizes.front(), 1000u);
  EXPECT_EQ(sizes.back(), 1u);
  for (std::size_t k = 1; k < sizes.size(); ++k) EXPECT_LE(sizes[k] * 2, sizes[k - 1]);
}

// A solver is reused across trials: a second solve must give the same tree.
TEST(SollinMulticore, SolverIsReusable) {
  const DenseMatrix16 d = random_matrix(200, 3, 9);
  const auto tri = gs::to_triangular(d);
  for (SollinStrategy s : {SollinStrategy::serial, SollinStrategy::conflict_free}) {
    SollinSolver solver(d.n, s, 3);
    const Forest a = solver.solve(tri).forest, b = solver.solve(tri).forest;
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
      EXPECT_EQ(a[k].u, b[k].u);
      EXPECT_EQ(a[k].v, b[k].v);
      EXPECT_EQ(a[k].w, b[k].w);
    }
  }
}

// select_row (a 16-bit minimum, then its first column) against the definition:
// the minimum packed (weight, column) choice, skipping the diagonal, on rows of
// many lengths, with the diagonal anywhere and many equal weights.
TEST(SollinMulticore, SelectRowTakesTheLightestLowestColumn) {
  std::mt19937 rng(5);
  for (vid_t len : {1u, 2u, 3u, 15u, 16u, 17u, 33u, 100u, 1000u})
    for (std::uint32_t max_w : {0u, 1u, 7u, 65535u})
      for (vid_t self : {0u, 1u, len / 2, len - 1, len, len + 3}) {
        std::vector<std::uint16_t> row(len);
        for (auto& w : row) w = std::uint16_t(rng() % (max_w + 1));
        if (self < len) row[self] = 0;  // the diagonal must never be chosen, even when lightest
        gs::mst::Choice expected = gs::mst::kNoChoice;
        for (vid_t j = 0; j < len; ++j)
          if (j != self) expected = std::min(expected, gs::mst::make_choice(row[j], j));
        EXPECT_EQ(gs::mst::select_row(row.data(), len, self), expected)
            << "len=" << len << " max_w=" << max_w << " self=" << self;
      }
}

// The conflict-free programs select over the full matrix's lower triangle: the
// same choices as the paper's scan of every full row, ties included, on any
// number of threads (per-thread shares of unequal row counts, tiny n).
TEST(SollinMulticore, LowerTriangleSelectMatchesFullRowScan) {
  for (vid_t n : {2u, 3u, 4u, 5u, 9u, 64u, 301u, 1000u})
    for (std::uint32_t max_w : {0u, 1u, 3u, 65535u}) {
      const DenseMatrix16 d = random_matrix(n, max_w, 70 + n + max_w);
      std::vector<gs::mst::Choice> expected(n);
      gs::mst::select_full_rows(gs::mst::FullView{d.a.data(), n}, expected.data());
      for (int threads : {1, 2, 3, 7, 16}) {
        SCOPED_TRACE("n=" + std::to_string(n) + " max_w=" + std::to_string(max_w) +
                     " threads=" + std::to_string(threads));
        std::vector<gs::mst::Choice> choice(n, 0), scratch(std::size_t(threads) * n);
        gs::mst::select_lower_triangle(gs::mst::FullLowerView{d.a.data(), n}, choice.data(), threads, scratch);
        EXPECT_EQ(choice, expected);
      }
    }
}

// The parallel contraction must number the new vertices exactly as the serial
// one (trees in the order of their lowest members), whatever the thread count,
// including tiny levels and levels full of equal weights.
TEST(SollinMulticore, ParallelContractionNumbersLikeTheSerial) {
  for (vid_t n : {2u, 3u, 5u, 64u, 301u, 2500u})
    for (std::uint32_t max_w : {0u, 1u, 3u, 65535u}) {
      const DenseMatrix16 d = random_matrix(n, max_w, 40 + n + max_w);
      std::vector<gs::mst::Choice> choice(n);
      gs::mst::select_full_rows(gs::mst::FullView{d.a.data(), n}, choice.data());
      std::vector<vid_t> link(n), serial_id(n);
      const vid_t serial_count = gs::mst::contract(choice.data(), n, link.data(), serial_id.data());
      for (int threads : {1, 2, 3, 7, 16}) {
        SCOPED_TRACE("n=" + std::to_string(n) + " max_w=" + std::to_string(max_w) +
                     " threads=" + std::to_string(threads));
        std::vector<vid_t> jump(n), jump2(n), lowest(n), new_id(n, 12345), counts;
        const vid_t count = gs::mst::contract_parallel(choice.data(), n, jump.data(), jump2.data(), lowest.data(),
                                                       new_id.data(), threads, counts);
        EXPECT_EQ(count, serial_count);
        EXPECT_EQ(new_id, serial_id);
      }
    }
}

// A long chain of selections (vertex i's lightest edge goes to i - 1) takes the
// parallel contraction's pointer jumping through its most rounds.
TEST(SollinMulticore, ParallelContractionOfAChain) {
  const vid_t n = 3000;
  DenseMatrix16 d = random_matrix(n, 0, 1);
  for (vid_t i = 0; i < n; ++i)
    for (vid_t j = 0; j < n; ++j) d.at(i, j) = std::uint16_t(i == j ? 0 : 60000 - std::min(i, j) % 60000);
  for (vid_t i = 1; i < n; ++i) d.at(i, i - 1) = d.at(i - 1, i) = std::uint16_t(i);  // i chooses i - 1
  std::vector<gs::mst::Choice> choice(n);
  gs::mst::select_full_rows(gs::mst::FullView{d.a.data(), n}, choice.data());
  std::vector<vid_t> jump(n), jump2(n), lowest(n), new_id(n, 7), counts;
  EXPECT_EQ(
      gs::mst::contract_parallel(choice.data(), n, jump.data(), jump2.data(), lowest.data(), new_id.data(), 4, counts),
      1u);
  EXPECT_EQ(new_id, std::vector<vid_t>(n, 0));
  const auto verifier = gs::verify::MsfVerifier<std::uint32_t>::from_matrix(d);
  EXPECT_EQ(verifier.check(SollinSolver(n, SollinStrategy::conflict_free, 4).solve(d).forest, "chain").weight,
            verifier.reference().weight);
}

// Above kParallelContractMinVertices the parallel program contracts in
// parallel; with the same numbering it must return exactly the one-thread tree.
TEST(SollinMulticore, ParallelContractionGivesTheOneThreadTree) {
  const vid_t n = 2 * gs::mst::kParallelContractMinVertices + 5;
  for (std::uint32_t max_w : {0u, 2u, 65535u}) {
    SCOPED_TRACE("max_w=" + std::to_string(max_w));
    const DenseMatrix16 d = random_matrix(n, max_w, 77 + max_w);
    const auto tri = gs::to_triangular(d);
    const auto verifier = gs::verify::MsfVerifier<std::uint32_t>::from_matrix(d);
    const Forest one = SollinSolver(n, SollinStrategy::conflict_free, 1).solve(d).forest;
    for (int threads : {2, 5}) {
      const Forest many = SollinSolver(n, SollinStrategy::conflict_free, threads).solve(d).forest;
      ASSERT_EQ(many.size(), one.size());
      for (std::size_t k = 0; k < one.size(); ++k) {
        EXPECT_EQ(many[k].u, one[k].u);
        EXPECT_EQ(many[k].v, one[k].v);
        EXPECT_EQ(many[k].w, one[k].w);
      }
      EXPECT_EQ(verifier.check(SollinSolver(n, SollinStrategy::conflict_free, threads).solve(tri).forest, "tri").weight,
                verifier.reference().weight);
    }
  }
}

TEST(SollinMulticore, RefusesMoreVerticesThan16BitIds) {
  EXPECT_THROW(SollinSolver(70000, SollinStrategy::serial, 1), gs::InputError);
}

}  // namespace
