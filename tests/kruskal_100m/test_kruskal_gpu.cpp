// GPU programs of kruskal_100m (Thrust, CDP2 quicksort, CUB pipeline) against
// the MsfVerifier on every case, plus the CDP2 sort and the CUB pipeline's
// Boruvka step (the suite's GPU Boruvka engine) on their own worst cases.
#include <gtest/gtest.h>

#include <algorithm>

#include "algorithms/mst/boruvka_gpu/boruvka_engine.cuh"
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
  // Dense random graph: the light prefix spans, the heavy part is never touched.
  const auto dense = gs::test::random_graph(2000, 800000, 1000000, 23);
  const gs::verify::MsfVerifier<std::uint32_t> v1(dense);
  auto e1 = gs::test::to_aos(dense);
  const auto r1 = cub.run(dense.n, e1.data(), e1.size());
  EXPECT_NO_THROW(v1.check(r1.forest, "kruskal_cub_gpu dense"));
  EXPECT_EQ(double(r1.counts.at("heavy_edges")), 0.0);
  EXPECT_LT(double(r1.counts.at("light_edges")), double(e1.size()));
  // Disconnected and sparse: fewer edges than the light target, so all are
  // light and the forest never spans; nothing is left for the heavy pass.
  const auto sparse = gs::test::random_graph(400000, 700000, 1000000, 24, false);
  const gs::verify::MsfVerifier<std::uint32_t> v2(sparse);
  auto e2 = gs::test::to_aos(sparse);
  const auto r2 = cub.run(sparse.n, e2.data(), e2.size());
  EXPECT_NO_THROW(v2.check(r2.forest, "kruskal_cub_gpu forest"));
  EXPECT_EQ(double(r2.counts.at("light_edges")), double(e2.size()));
  // Two dense random halves joined only by edges heavier than any inside them:
  // the light forest has two trees, so the heavy pass runs; the component
  // filter drops the heavy edges inside a half and keeps (about) the bridges.
  auto bridged = gs::test::random_graph(10000, 350000, 500000, 25, false);
  const auto other_half = gs::test::random_graph(10000, 350000, 500000, 26, false);
  bridged.n = 20000;
  for (std::size_t i = 0; i < other_half.size(); ++i)
    bridged.add(other_half.u[i] + 10000, other_half.v[i] + 10000, other_half.w[i]);
  for (gs::vid_t i = 0; i < 1000; ++i) bridged.add(i * 7 % 10000, 10000 + i * 13 % 10000, 500001 + i * 499);
  const gs::verify::MsfVerifier<std::uint32_t> v3(bridged);
  auto e3 = gs::test::to_aos(bridged);
  const auto r3 = cub.run(bridged.n, e3.data(), e3.size());
  EXPECT_NO_THROW(v3.check(r3.forest, "kruskal_cub_gpu bridged halves"));
  EXPECT_EQ(r3.forest.size(), 19999u);
  EXPECT_GT(double(r3.counts.at("heavy_edges")), 0.0);
  EXPECT_LT(double(r3.counts.at("light_edges")) + double(r3.counts.at("heavy_edges")),
            double(e3.size()));  // the filter dropped some
  EXPECT_GT(cub.cub_sort_pairs_seconds(e2.size()), 0.0);
}

// Edges sorted by weight (stable), as the pipeline hands them to the Boruvka engine.
std::vector<KEdge> by_weight(std::vector<KEdge> e) {
  std::stable_sort(e.begin(), e.end(), [](const KEdge& a, const KEdge& b) { return a.w < b.w; });
  return e;
}

// A path 0-1-...-(n-1) whose weights rise (or fall) along it: every vertex's
// lightest edge points the same way, so one round hooks all n vertices into one
// chain of length n - 1 (pointer jumping's worst case).
gs::EdgeList<std::uint32_t> monotone_path(gs::vid_t n, bool rising) {
  gs::EdgeList<std::uint32_t> g;
  g.n = n;
  for (gs::vid_t i = 0; i + 1 < n; ++i) g.add(i, i + 1, rising ? i + 1 : n - i);
  return g;
}

TEST(PipelineBoruvka, MatchesVerifierInOneOrSeveralBatches) {
  auto cases = gs::test::kruskal_cases(false);
  cases.push_back({"path, rising weights", monotone_path(200000, true)});
  cases.push_back({"path, falling weights", monotone_path(200000, false)});
  gs::mst::BoruvkaEngine boruvka;
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const gs::verify::MsfVerifier<std::uint32_t> verifier(c.g);
    const auto sorted = by_weight(gs::test::to_aos(c.g));
    gs::DeviceBuffer<KEdge> edges;
    edges.upload(sorted);
    // Later batches are heavier, as the pipeline's heavy batch after the light one.
    for (const std::size_t batches : {1, 3}) {
      boruvka.reset(c.g.n, 0);
      const std::size_t m = sorted.size();
      int rounds = 0;
      for (std::size_t b = 0; b < batches; ++b)
        rounds += boruvka.add({edges.data() + m * b / batches, m * (b + 1) / batches - m * b / batches, nullptr}, 0);
      std::vector<KEdge> forest;
      boruvka.download(forest, 0);
      EXPECT_NO_THROW(verifier.check(forest, "device Boruvka, " + std::to_string(batches) + " batches"));
      EXPECT_LE(rounds, int(batches) * 20);  // about log2(n) + 1 per batch, n <= 200000
    }
  }
}

}  // namespace
