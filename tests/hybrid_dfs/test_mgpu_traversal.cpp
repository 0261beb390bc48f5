// The direction-optimising traversal over several GPUs (traversal/mgpu_traversal.hpp)
// against BGL levels, at every GPU count this machine has (1 included). Labelled `gpu`
// and `mgpu`: skipped without a device; with one GPU only the one-GPU case runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>

#include "algorithms/traversal/cpu_traversals.hpp"
#include "algorithms/traversal/degree_order.hpp"
#include "algorithms/traversal/mgpu_partition.hpp"
#include "algorithms/traversal/mgpu_traversal.hpp"
#include "algorithms/traversal/word_strided.hpp"
#include "common/verify/traversal.hpp"
#include "traversal_test_graphs.hpp"

namespace gs {
namespace {

using namespace traversal;

constexpr int kMostGpus = 8;

// Under compute-sanitizer (scripts/gpu-sanitize.sh sets GS_SANITIZER) every
// level's kernels and NCCL calls are checked: the deep path below is left out,
// as the suite's 300-vertex path already goes past the 4-bit codes' 254 levels.
bool under_sanitizer() {
  const char* tool = std::getenv("GS_SANITIZER");
  return tool && *tool;
}

// The suite's graphs plus the partition's edge cases: a range without arcs,
// a vertex count no GPU count divides, a path deeper than 254 levels.
std::vector<test::TestGraph> graphs() {
  std::vector<test::TestGraph> out = test::traversal_graphs();
  std::vector<std::pair<vid_t, vid_t>> e;
  for (vid_t i = 0; i < 64; ++i) e.push_back({i, (i * 7 + 3) % 64});
  for (vid_t i = 0; i < 63; ++i) e.push_back({i, i + 1});
  out.push_back({"arcs-in-the-first-range-only", test::undirected(4096, e), {0, 63, 4000}});
  e.clear();
  for (vid_t i = 0; i + 1 < 1000; ++i) e.push_back({i, (i * 31 + 17) % 1000});
  out.push_back({"n-1000", test::undirected(1000, e), {0, 999, 500}});
  if (under_sanitizer()) return out;
  e.clear();
  for (vid_t i = 0; i + 1 < 700; ++i) e.push_back({i, i + 1});
  out.push_back({"path-700", test::undirected(700, e), {0, 350, 699}});
  return out;
}

// Levels equal to BGL's on every graph, from several roots, with the default and
// the eager switch points, over `gpus` GPUs with ranges balanced by `arc_weight`.
void expect_bgl_levels(int gpus, bool early_copy, double arc_weight) {
  for (const auto& tg : graphs()) {
    const CsrView view = view_of(tg.g);
    GpuOptions opt;
    opt.early_copy = early_copy;
    MultiGpuTraversal mgpu(view, gpus, opt, arc_weight);
    EXPECT_EQ(mgpu.bounds(), range_bounds(view, gpus, arc_weight));
    for (vid_t root : tg.roots) {
      SCOPED_TRACE(tg.name + " gpus " + std::to_string(gpus) + " root " + std::to_string(root) +
                   (early_copy ? "" : " late copy") + " arc weight " + std::to_string(arc_weight));
      const auto expected = test::bgl_levels(tg.g, root);
      std::vector<std::uint32_t> level(3, 9);
      const DirectionOptions d;
      MultiGpuRunTimes t = mgpu.direction_optimising(root, level, d.alpha, d.beta);
      EXPECT_EQ(level, expected) << "default switch points";
      EXPECT_EQ(t.level_compute_s.size(), t.bottom_up.size());
      EXPECT_GE(t.imbalance, 1.0 - 1e-9);
      const DirectionOptions eager = test::eager_bottom_up();
      t = mgpu.direction_optimising(root, level, eager.alpha, eager.beta);
      EXPECT_EQ(level, expected) << "eager bottom-up";
      if (tg.g.n > 1 && tg.g.degree(root) > 0) {
        EXPECT_TRUE(std::count(t.bottom_up.begin(), t.bottom_up.end(), true) > 0) << "no bottom-up level ran";
      }
      EXPECT_NO_THROW(verify::check_traversal(tg.g, root, level, nullptr, "dobfs_mgpu"));
    }
  }
}

// One GPU count per case (1 .. kMostGpus; those beyond the GPUs present skip),
// so that each runs, and is checked under a sanitizer, on its own.
class MultiGpuLevels : public ::testing::TestWithParam<int> {};

TEST_P(MultiGpuLevels, MatchBglLevels) {
  const int gpus = GetParam(), present = MultiGpuTraversal::gpus_present();
  if (gpus > present) GTEST_SKIP() << gpus << " GPUs asked for, " << present << " present";
  expect_bgl_levels(gpus, true, kDefaultRangeArcWeight);
  // The copy after the last level: once, at the most GPUs.
  if (gpus == std::min(present, kMostGpus)) expect_bgl_levels(gpus, false, kDefaultRangeArcWeight);
}

TEST(MultiGpuTraversal, EqualVertexCountRangesMatchBglLevels) {
  const int gpus = std::min(MultiGpuTraversal::gpus_present(), kMostGpus);
  if (gpus < 2) GTEST_SKIP() << "one GPU: a single range whatever the weight";
  expect_bgl_levels(gpus, true, 0.0);
}

// dobfs_mgpu's default graph: the degree-ordered copy dealt out by words
// (word_strided.hpp), whose lists are not sorted by id. On one GPU: dealt for
// three, traversed as one range; with more: dealt for all of them, each GPU
// its range. Levels mapped back twice equal BGL's on the graph itself.
TEST(MultiGpuTraversal, WordStridedCopyMatchesBglLevels) {
  const int most = std::min(MultiGpuTraversal::gpus_present(), kMostGpus);
  for (const auto& tg : graphs()) {
    const DegreeOrdered copy(view_of(tg.g));
    for (const int parts : {3, most}) {
      if (parts < 2) continue;
      const WordStrided dealt(copy.view(), parts);
      const std::vector<vid_t> one_range = {0, tg.g.n};
      MultiGpuTraversal mgpu(dealt.view(), parts == most ? dealt.bounds() : one_range);
      for (vid_t root : tg.roots) {
        SCOPED_TRACE(tg.name + " dealt for " + std::to_string(parts) + " on " + std::to_string(mgpu.gpus()) +
                     " GPUs, root " + std::to_string(root));
        std::vector<std::uint32_t> strided, ranks, level;
        const DirectionOptions d;
        mgpu.direction_optimising(dealt.to_strided(copy.new_id(root)), strided, d.alpha, d.beta);
        dealt.to_original(strided, ranks);
        copy.to_original(ranks, level);
        EXPECT_EQ(level, test::bgl_levels(tg.g, root));
      }
    }
  }
}

TEST(MultiGpuTraversal, RefusesBoundsThatAreNotWholeWordsUpToN) {
  if (MultiGpuTraversal::gpus_present() < 1) GTEST_SKIP() << "no GPU";
  const Csr<std::uint32_t> g = test::undirected(100, {{0, 1}});
  EXPECT_THROW(MultiGpuTraversal(view_of(g), std::vector<vid_t>{0, 99}), std::invalid_argument);
  EXPECT_THROW(MultiGpuTraversal(view_of(g), std::vector<vid_t>{1, 100}), std::invalid_argument);
  EXPECT_NO_THROW(MultiGpuTraversal(view_of(g), std::vector<vid_t>{0, 100}));
}

INSTANTIATE_TEST_SUITE_P(GpuCounts, MultiGpuLevels, ::testing::Range(1, kMostGpus + 1),
                         [](const ::testing::TestParamInfo<int>& info) { return "gpus" + std::to_string(info.param); });

TEST(MultiGpuTraversal, RefusesMoreGpusThanPresentAndBadSources) {
  const Csr<std::uint32_t> g = test::undirected(100, {{0, 1}});
  const int present = MultiGpuTraversal::gpus_present();
  EXPECT_THROW(MultiGpuTraversal(view_of(g), present + 1), std::invalid_argument);
  EXPECT_THROW(MultiGpuTraversal(view_of(g), 0), std::invalid_argument);
  MultiGpuTraversal mgpu(view_of(g), 1);
  std::vector<std::uint32_t> level;
  EXPECT_THROW(mgpu.direction_optimising(100, level, 14, 24), std::invalid_argument);
}

TEST(MultiGpuTraversal, DeviceBytesPerGpu) {
  // One GPU holds the graph once; from two on, a GPU holds its own arcs and the
  // arcs into its range grouped by all n sources, both shrinking with G.
  const std::uint64_t n = 1ull << 27, arcs = 1ull << 32;
  const std::uint64_t one = MultiGpuTraversal::device_bytes_per_gpu(n, arcs, 1);
  const std::uint64_t two = MultiGpuTraversal::device_bytes_per_gpu(n, arcs, 2);
  const std::uint64_t four = MultiGpuTraversal::device_bytes_per_gpu(n, arcs, 4);
  EXPECT_GT(one, arcs * 4);          // at least the arcs themselves
  EXPECT_GT(two, 2 * arcs * 4 / 2);  // both sets of a half
  EXPECT_LT(four, two);
  EXPECT_LT(four, one);
  EXPECT_GT(four, 8 * n + 2 * (n / 8));  // the sources' offsets and the two whole frontier bitmaps stay on every GPU
}

// What building took of each GPU's memory: at least its share of the arcs
// (here 2^23 arcs, 32 MiB, split over the GPUs), at most what admission allows.
TEST(MultiGpuTraversal, DeviceBytesUsedHoldTheArcsWithinAdmission) {
  const int gpus = std::min(MultiGpuTraversal::gpus_present(), 2);
  const vid_t n = 1u << 18;
  std::vector<std::pair<vid_t, vid_t>> e;
  for (vid_t i = 0; i < (1u << 22); ++i) e.push_back({i % n, (i * 2654435761u) % n});
  const Csr<std::uint32_t> g = test::undirected(n, e);
  const MultiGpuTraversal mgpu(view_of(g), gpus);
  EXPECT_GE(mgpu.device_bytes_used(), g.num_arcs() * sizeof(vid_t) / std::uint64_t(gpus));
  EXPECT_LE(mgpu.device_bytes_used(), MultiGpuTraversal::device_bytes_per_gpu(n, g.num_arcs(), gpus));
}

}  // namespace
}  // namespace gs
