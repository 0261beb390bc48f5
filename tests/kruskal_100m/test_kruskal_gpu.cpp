// GPU programs of kruskal_100m (Thrust, CDP2 quicksort, CUB pipeline) against
// the MsfVerifier on every case, plus the CDP2 sort itself on its worst cases.
#include <gtest/gtest.h>

#include <algorithm>

#include "algorithms/mst/kruskal/kruskal_gpu.hpp"
#include "common/cuda/buffer.cuh"
#include "common/verify/msf.hpp"
#include "tests/kruskal_100m/test_graphs.hpp"

namespace {

using gs::mst::KEdge;

std::vector<KEdge> cdp_sorted(const std::vector<KEdge>& input, const gs::sort::CdpQuicksortConfig& cfg,
                              gs::sort::CdpQuicksortStats* stats = nullptr) {
  gs::DeviceBuffer<KEdge> data, scratch(input.size());
  data.upload(input);
  const auto s = gs::sort::cdp_quicksort_by_weight(data.data(), scratch.data(), input.size(), cfg);
  if (stats) *stats = s;
  return data.to_host();
}

void expect_sorted_permutation(std::vector<KEdge> input, std::vector<KEdge> sorted) {
  ASSERT_EQ(input.size(), sorted.size());
  EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end(), [](const KEdge& a, const KEdge& b) { return a.w < b.w; }));
  auto lex = [](const KEdge& a, const KEdge& b) { return std::tie(a.w, a.u, a.v) < std::tie(b.w, b.u, b.v); };
  std::sort(input.begin(), input.end(), lex);
  std::sort(sorted.begin(), sorted.end(), lex);
  for (std::size_t i = 0; i < input.size(); ++i)
    ASSERT_TRUE(input[i].u == sorted[i].u && input[i].v == sorted[i].v && input[i].w == sorted[i].w) << i;
}

TEST(CdpQuicksort, SortsWorstCasesWithoutHittingTheDepthLimit) {
  for (const auto& c : gs::test::kruskal_cases(true)) {
    SCOPED_TRACE(c.name);
    const auto input = gs::test::to_aos(c.g);
    gs::sort::CdpQuicksortStats stats;
    expect_sorted_permutation(input, cdp_sorted(input, {}, &stats));
    EXPECT_EQ(stats.fallback_segments, 0u);
  }
}

TEST(CdpQuicksort, LargeAllEqualAndSortedInputs) {
  // Millions of elements: many partition levels, many child grids.
  auto g = gs::test::random_graph(100000, 3000000, 1000000, 21);
  const auto random = gs::test::to_aos(g);
  auto sorted = random;
  std::sort(sorted.begin(), sorted.end(), [](const KEdge& a, const KEdge& b) { return a.w < b.w; });
  auto reversed = sorted;
  std::reverse(reversed.begin(), reversed.end());
  auto equal = random;
  for (auto& e : equal) e.w = 42;
  for (const std::vector<KEdge>* in : std::vector<const std::vector<KEdge>*>{&random, &sorted, &reversed, &equal}) {
    gs::sort::CdpQuicksortStats stats;
    expect_sorted_permutation(*in, cdp_sorted(*in, {}, &stats));
    EXPECT_EQ(stats.fallback_segments, 0u);
    EXPECT_GT(stats.partition_grids, 100u);
  }
}

TEST(CdpQuicksort, DepthFallbackAndSmallLeavesStayCorrect) {
  const auto input = gs::test::to_aos(gs::test::random_graph(3000, 20000, 50, 22));
  gs::sort::CdpQuicksortStats stats;
  expect_sorted_permutation(input, cdp_sorted(input, {/*max_depth=*/2, /*leaf_size=*/64}, &stats));
  EXPECT_GT(stats.fallback_segments, 0u);  // the fallback path really ran
  expect_sorted_permutation(input, cdp_sorted(input, {/*max_depth=*/20, /*leaf_size=*/2}));
}

TEST(KruskalGpu, AllProgramsAgreeWithVerifier) {
  gs::mst::CubKruskalPipeline cub(300000);
  for (const auto& c : gs::test::kruskal_cases(false)) {
    SCOPED_TRACE(c.name);
    const gs::verify::MsfVerifier<std::uint32_t> verifier(c.g);
    const auto input = gs::test::to_aos(c.g);
    {
      auto e = input;
      EXPECT_NO_THROW(verifier.check(gs::mst::kruskal_thrust(c.g.n, e.data(), e.size()).forest, "kruskal_thrust"));
    }
    {
      auto e = input;
      EXPECT_NO_THROW(verifier.check(gs::mst::kruskal_cdp(c.g.n, e.data(), e.size()).forest, "kruskal_cdp"));
    }
    auto e = input;
    cub.pin(e.data(), e.size());
    EXPECT_NO_THROW(verifier.check(cub.run(c.g.n, e.data(), e.size()).forest, "kruskal_cub_gpu"));
    cub.unpin();
  }
}

TEST(KruskalGpu, CubPipelineLightAndHeavyPaths) {
  gs::mst::CubKruskalPipeline cub(800000);
  // Dense random graph: the light prefix spans, the heavy part is never sorted.
  const auto dense = gs::test::random_graph(2000, 800000, 1000000, 23);
  const gs::verify::MsfVerifier<std::uint32_t> v1(dense);
  auto e1 = gs::test::to_aos(dense);
  EXPECT_NO_THROW(v1.check(cub.run(dense.n, e1.data(), e1.size()).forest, "kruskal_cub_gpu dense"));
  // Disconnected graph: the forest never spans, so the heavy part is scanned too.
  const auto sparse = gs::test::random_graph(400000, 700000, 1000000, 24, false);
  const gs::verify::MsfVerifier<std::uint32_t> v2(sparse);
  auto e2 = gs::test::to_aos(sparse);
  EXPECT_NO_THROW(v2.check(cub.run(sparse.n, e2.data(), e2.size()).forest, "kruskal_cub_gpu forest"));
  EXPECT_GT(cub.cub_sort_pairs_seconds(e2.size()), 0.0);
}

}  // namespace
