// The CPU programs of kruskal_100m (paper's sequential and OpenMP Kruskal,
// filter-Kruskal, BGL) against the independent MsfVerifier on every case.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include <omp.h>

#include "algorithms/mst/kruskal/filter_kruskal.hpp"
#include "algorithms/mst/kruskal/kruskal_cpu.hpp"
#include "baselines/bgl.hpp"
#include "common/verify/msf.hpp"
#include "tests/kruskal_100m/test_graphs.hpp"

namespace {

using gs::mst::KEdge;

void expect_permutation(std::vector<KEdge> input, std::vector<KEdge> output) {
  ASSERT_EQ(input.size(), output.size());
  auto lex = [](const KEdge& a, const KEdge& b) { return std::tie(a.w, a.u, a.v) < std::tie(b.w, b.u, b.v); };
  std::sort(input.begin(), input.end(), lex);
  std::sort(output.begin(), output.end(), lex);
  for (std::size_t i = 0; i < output.size(); ++i)
    ASSERT_TRUE(input[i].u == output[i].u && input[i].v == output[i].v && input[i].w == output[i].w)
        << "not a permutation at " << i;
}

void expect_sorted_permutation(const std::vector<KEdge>& input, const std::vector<KEdge>& sorted) {
  EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end(), [](const KEdge& a, const KEdge& b) { return a.w < b.w; }));
  expect_permutation(input, sorted);
}

TEST(SampleMedianQuicksort, SortsWorstCasesWithoutBlowingUp) {
  for (const auto& c : gs::test::kruskal_cases(true)) {
    SCOPED_TRACE(c.name);
    const auto input = gs::test::to_aos(c.g);
    auto seq = input, par = input;
    gs::sort::sample_median_quicksort(seq.data(), seq.size(), [](const KEdge& e) { return e.w; });
    expect_sorted_permutation(input, seq);
    // The paper's form (every partition by one thread), then with ranges of
    // 128 and more partitioned by all threads, on 2 and 5 threads (uneven blocks).
    gs::sort::parallel_sample_median_quicksort(
        par.data(), par.size(), [](const KEdge& e) { return e.w; }, 64, 0);
    expect_sorted_permutation(input, par);
    for (int threads : {2, 5}) {
      SCOPED_TRACE(threads);
      omp_set_num_threads(threads);
      par = input;
      gs::sort::parallel_sample_median_quicksort(
          par.data(), par.size(), [](const KEdge& e) { return e.w; }, 64, 128);
      expect_sorted_permutation(input, par);
    }
    omp_set_num_threads(omp_get_num_procs());
  }
}

// The parallel partition on its own: the pivot lands where a serial partition
// puts it, everything before is smaller, everything after is not, for pivots
// that are the minimum (nothing moves left), the maximum and a duplicate;
// 50000 elements give more than one 4096-element chunk of swaps.
TEST(SampleMedianQuicksort, ParallelPartitionSplitsAroundThePivot) {
  std::mt19937 rng{7};
  for (std::uint32_t distinct : {1u, 2u, 3u, 1000u}) {
    for (std::size_t n : {3u, 17u, 1000u, 4099u, 50000u}) {
      std::vector<KEdge> a(n);
      for (std::size_t i = 0; i < n; ++i) a[i] = {std::uint32_t(i), 0, std::uint32_t(rng() % distinct)};
      for (std::size_t blocks : {1u, 3u, 8u, 64u}) {
        SCOPED_TRACE(testing::Message() << "distinct " << distinct << " n " << n << " blocks " << blocks);
        auto par = a, ser = a;
        const auto key = [](const KEdge& e) { return e.w; };
        std::size_t mid = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
        mid = gs::sort::detail::parallel_partition(par.data(), 0, n - 1, key, blocks);
        const std::size_t serial_mid = gs::sort::detail::partition(ser.data(), 0, n - 1, key);
        EXPECT_EQ(mid, serial_mid);
        EXPECT_EQ(par[mid].w, ser[serial_mid].w);
        for (std::size_t i = 0; i < mid; ++i) ASSERT_LT(par[i].w, par[mid].w) << i;
        for (std::size_t i = mid; i < n; ++i) ASSERT_GE(par[i].w, par[mid].w) << i;
        expect_permutation(a, par);
      }
    }
  }
}

TEST(SampleMedianQuicksort, LengthsOneTwoThree) {
  for (std::size_t n = 0; n <= 8; ++n) {
    std::vector<KEdge> a(n);
    std::mt19937 rng{static_cast<unsigned>(n)};
    for (auto& e : a) e = {0, 1, std::uint32_t(rng() % 3)};
    auto s = a;
    gs::sort::sample_median_quicksort(s.data(), s.size(), [](const KEdge& e) { return e.w; });
    expect_sorted_permutation(a, s);
  }
}

// Every program against the verifier on every case; also the forest size is
// n - (number of components), counted here independently with BFS-free labels.
TEST(KruskalCpu, AllProgramsAgreeWithVerifier) {
  for (const auto& c : gs::test::kruskal_cases(false)) {
    SCOPED_TRACE(c.name);
    const gs::verify::MsfVerifier<std::uint32_t> verifier(c.g);
    const auto input = gs::test::to_aos(c.g);
    {
      auto e = input;
      EXPECT_NO_THROW(verifier.check(gs::mst::kruskal_seq(c.g.n, e).forest, "kruskal_seq"));
    }
    {
      auto e = input;
      EXPECT_NO_THROW(verifier.check(gs::mst::kruskal_omp(c.g.n, e, 64).forest, "kruskal_omp"));
    }
    for (std::size_t parallel_partition_min : {0u, 128u}) {  // listing 5 as printed; all threads partition
      auto e = input;
      EXPECT_NO_THROW(verifier.check(gs::mst::kruskal_omp(c.g.n, e, 64, parallel_partition_min).forest, "kruskal_omp"));
    }
    EXPECT_NO_THROW(verifier.check(gs::mst::filter_kruskal_omp(c.g.n, input).forest, "filter_kruskal_omp"));
    const gs::bgl::Digraph<std::uint32_t> d(c.g);
    EXPECT_NO_THROW(verifier.check(gs::bgl::kruskal(d), "bgl_kruskal"));
  }
}

TEST(KruskalCpu, ForestSizeIsVerticesMinusComponents) {
  const auto g = gs::test::forest_graph(4);
  auto e = gs::test::to_aos(g);
  const auto r = gs::mst::kruskal_seq(g.n, e);
  // 3 trees over 990 vertices + 10 isolated vertices: 1000 - 13 edges when each tree is connected.
  const gs::verify::MsfVerifier<std::uint32_t> verifier(g);
  EXPECT_EQ(verifier.reference().edges, r.forest.size());
  EXPECT_LE(r.forest.size(), 1000u - 13u);
}

TEST(KruskalCpu, FilterKruskalTakesLargeInputPath) {
  // Large enough that filter-Kruskal partitions and filters (not just its base case).
  const auto g = gs::test::random_graph(3000, 700000, 1000000, 9);
  const gs::verify::MsfVerifier<std::uint32_t> verifier(g);
  const auto input = gs::test::to_aos(g);
  EXPECT_NO_THROW(verifier.check(gs::mst::filter_kruskal_omp(g.n, input).forest, "filter_kruskal_omp"));
  const auto disconnected = gs::test::random_graph(300000, 700000, 50, 10, false);
  const gs::verify::MsfVerifier<std::uint32_t> v2(disconnected);
  EXPECT_NO_THROW(v2.check(gs::mst::filter_kruskal_omp(disconnected.n, gs::test::to_aos(disconnected)).forest,
                           "filter_kruskal_omp"));
}

TEST(KruskalCpu, WrongForestIsRejected) {
  // Guard against a verifier that accepts anything: drop one edge of a correct forest.
  const auto g = gs::test::random_graph(500, 5000, 100, 11);
  const gs::verify::MsfVerifier<std::uint32_t> verifier(g);
  auto e = gs::test::to_aos(g);
  auto r = gs::mst::kruskal_seq(g.n, e);
  r.forest.pop_back();
  EXPECT_THROW(verifier.check(r.forest, "truncated"), gs::VerificationError);
}

}  // namespace
