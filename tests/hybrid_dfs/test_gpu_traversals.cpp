// Paper D's GPU traversals (read-based, direction-optimising, CPU+GPU hybrid)
// against BGL levels. Labelled `gpu`: skipped without a device.
#include <gtest/gtest.h>

#include <cstdlib>

#include "algorithms/traversal/cpu_traversals.hpp"
#include "algorithms/traversal/gpu_traversal.hpp"
#include "common/verify/traversal.hpp"
#include "traversal_test_graphs.hpp"

namespace gs {
namespace {

using namespace traversal;

TEST(HybridDfsGpu, EveryProgramMatchesBglLevels) {
  for (const auto& tg : test::traversal_graphs()) {
    const CsrView view = view_of(tg.g);
    GpuTraversal gpu(view);
    CpuWorkspace ws(tg.g.n);
    std::vector<std::uint32_t> pinned;
    gpu.pin_output(pinned);
    for (vid_t root : tg.roots) {
      SCOPED_TRACE(tg.name + " root " + std::to_string(root));
      const auto expected = test::bgl_levels(tg.g, root);
      std::vector<std::uint32_t> level(3, 9);
      gpu.read_based(root, level);
      EXPECT_EQ(level, expected) << "read_gpu";
      gpu.read_based(root, pinned);
      EXPECT_EQ(pinned, expected) << "read_gpu into page-locked output";
      gpu.direction_optimising(root, level, DirectionOptions{});
      EXPECT_EQ(level, expected) << "dobfs_gpu";
      const DirectionOptions eager = test::eager_bottom_up();
      DirectionTrace trace;
      gpu.direction_optimising(root, level, eager, &trace);
      EXPECT_EQ(level, expected) << "dobfs_gpu eager bottom-up";
      // The copy back after the last branch instead of during the last ones.
      GpuOptions late_copy;
      late_copy.early_copy = false;
      GpuTraversal other(view, late_copy);
      other.direction_optimising(root, level, DirectionOptions{});
      EXPECT_EQ(level, expected) << "dobfs_gpu, copy after the last branch";
      other.read_based(root, level);
      EXPECT_EQ(level, expected) << "read_gpu, copy after the last branch";
      for (std::uint64_t t4 : {std::uint64_t(0), std::uint64_t(2), std::uint64_t(16384)}) {
        HybridOptions opt;
        opt.thresholds.t1 = t4 == 0 ? 0 : 64;
        const GpuRunTimes t = gpu.cpu_gpu_hybrid(root, level, ws, opt, t4);
        EXPECT_EQ(level, expected) << "hybrid_cpu_gpu t4=" << t4 << " moved=" << t.moved_to_gpu;
        EXPECT_NO_THROW(verify::check_traversal(tg.g, root, level, nullptr, "hybrid_cpu_gpu"));
      }
    }
  }
}

TEST(HybridDfsGpu, CpuGpuHybridMovesOnlyOnExponentialGrowth) {
  // Branch sizes 1, 4, 16, 64, 256, ...: with T4 = 10 the move happens after
  // branch 2 (16 > 10 and > 2 * 4); the path never grows and stays on the CPU.
  const Csr<std::uint32_t> g = test::diamond_layers();
  GpuTraversal gpu(view_of(g));
  CpuWorkspace ws(g.n);
  std::vector<std::uint32_t> level;
  GpuRunTimes t = gpu.cpu_gpu_hybrid(0, level, ws, HybridOptions{}, 10);
  EXPECT_TRUE(t.moved_to_gpu);
  EXPECT_EQ(t.gpu_from_branch, 2u);
  EXPECT_EQ(level, test::bgl_levels(g, 0));
  t = gpu.cpu_gpu_hybrid(0, level, ws, HybridOptions{}, 1000);
  EXPECT_FALSE(t.moved_to_gpu);
  EXPECT_EQ(level, test::bgl_levels(g, 0));

  const auto graphs = test::traversal_graphs();
  for (const auto& tg : graphs) {
    if (tg.name != "path") continue;
    GpuTraversal pg(view_of(tg.g));
    CpuWorkspace pws(tg.g.n);
    t = pg.cpu_gpu_hybrid(0, level, pws, HybridOptions{}, 0);
    EXPECT_FALSE(t.moved_to_gpu);  // one vertex per branch never grows
    EXPECT_EQ(level, test::bgl_levels(tg.g, 0));
  }
}

// A star of `leaves` leaves around vertex 0 whose last leaf starts a path of
// `tail` more vertices: depth tail + 1 from vertex 0.
Csr<std::uint32_t> star_with_tail(vid_t leaves, vid_t tail) {
  std::vector<std::pair<vid_t, vid_t>> e;
  for (vid_t i = 1; i <= leaves; ++i) e.push_back({0, i});
  for (vid_t i = leaves; i < leaves + tail; ++i) e.push_back({i, i + 1});
  return test::undirected(leaves + tail + 1, e);
}

TEST(HybridDfsGpu, LevelsFrom254OnAreExact) {
  // The GPU keeps one byte per level; levels >= 254 travel in a second array.
  // A star of 64 leaves with a 400-vertex tail: depth 401, and the CPU+GPU
  // hybrid moves to the GPU after branch 1 (64 > T4 = 2, growing) and does the
  // deep part there.
  const Csr<std::uint32_t> g = star_with_tail(64, 400);
  const auto expected = test::bgl_levels(g, 0);
  ASSERT_EQ(expected[464], 401u);
  GpuTraversal gpu(view_of(g));
  CpuWorkspace ws(g.n);
  std::vector<std::uint32_t> level(g.n, 7);
  GpuRunTimes r = gpu.read_based(0, level);
  EXPECT_EQ(level, expected) << "read_gpu";
  // Branch 1 finds 1 vertex after 64: the copy starts early, but the
  // traversal goes deeper than the 4-bit codes reach, so the byte codes (and
  // the 4-byte levels from 254 on) are copied whole instead of gathering.
  EXPECT_TRUE(r.early_copy);
  EXPECT_EQ(r.late_vertices, 0u);
  GpuOptions late_copy;
  late_copy.early_copy = false;
  GpuTraversal plain(view_of(g), late_copy);
  level.assign(g.n, 7);
  r = plain.read_based(0, level);
  EXPECT_FALSE(r.early_copy);
  EXPECT_EQ(level, expected) << "read_gpu, copy after the last branch";
  level.assign(g.n, 7);
  gpu.direction_optimising(0, level, DirectionOptions{});
  EXPECT_EQ(level, expected) << "dobfs_gpu";
  level.assign(g.n, 7);
  const GpuRunTimes t = gpu.cpu_gpu_hybrid(0, level, ws, HybridOptions{}, 2);
  EXPECT_TRUE(t.moved_to_gpu);
  EXPECT_EQ(t.gpu_from_branch, 1u);
  EXPECT_EQ(level, expected) << "hybrid_cpu_gpu";
  // From the middle of the tail nothing is deeper than 254: the byte codes alone.
  level.assign(g.n, 7);
  gpu.direction_optimising(300, level, DirectionOptions{});
  EXPECT_EQ(level, test::bgl_levels(g, 300)) << "dobfs_gpu from the tail";
}

TEST(HybridDfsGpu, FourBitCopyBackIsExactAcrossItsLimits) {
  // Levels travel as 4 bits (0..13 exact); a traversal deeper than 13 copies
  // the byte codes whole. A path of 37 vertices (odd n, packing's partial last
  // group) plus 2 isolated ones: from vertex 0 the levels run to 36, from the
  // middle to 18, from an isolated vertex only 0: nothing is gathered.
  std::vector<std::pair<vid_t, vid_t>> e;
  for (vid_t i = 0; i + 1 < 37; ++i) e.push_back({i, i + 1});
  const Csr<std::uint32_t> g = test::undirected(39, e);
  GpuOptions late_copy;
  late_copy.early_copy = false;
  GpuTraversal gpu(view_of(g), late_copy);
  std::vector<std::uint32_t> level;
  for (vid_t root : {vid_t(0), vid_t(18), vid_t(37)}) {
    SCOPED_TRACE("root " + std::to_string(root));
    const auto expected = test::bgl_levels(g, root);
    GpuRunTimes t = gpu.read_based(root, level);
    EXPECT_EQ(level, expected) << "read_gpu";
    EXPECT_FALSE(t.early_copy);
    EXPECT_EQ(t.late_vertices, 0u) << "read_gpu";
    t = gpu.direction_optimising(root, level, DirectionOptions{});
    EXPECT_EQ(level, expected) << "dobfs_gpu";
    EXPECT_EQ(t.late_vertices, 0u) << "dobfs_gpu";
  }
}

TEST(HybridDfsGpu, VerticesFoundAfterAnEarlyCopyArePatchedIn) {
  // A star of 64 leaves with a 10-vertex tail: depth 11 (within the 4-bit
  // codes). Branch 1 finds 1 vertex after 64, so the copy starts early with
  // levels <= 2 settled; the 9 tail vertices at levels 3..11 are gathered.
  const Csr<std::uint32_t> g = star_with_tail(64, 10);
  const auto expected = test::bgl_levels(g, 0);
  ASSERT_EQ(expected[74], 11u);
  GpuOptions per_branch;  // a launch per branch: the early copy starts between branches 1 and 2
  per_branch.small_level_blocks_per_sm = 0;
  GpuTraversal gpu(view_of(g), per_branch);
  std::vector<std::uint32_t> level(g.n, 7);
  const GpuRunTimes r = gpu.read_based(0, level);
  EXPECT_EQ(level, expected) << "read_gpu";
  EXPECT_TRUE(r.early_copy);
  EXPECT_EQ(r.late_vertices, 9u);
  level.assign(g.n, 7);
  gpu.direction_optimising(0, level, DirectionOptions{});
  EXPECT_EQ(level, expected) << "dobfs_gpu";
}

TEST(HybridDfsGpu, LargeVerticesAreExpandedInChunks) {
  // Hubs above the warp-shared expansion's limit are cut into chunks of 128
  // arcs (a partial last one): two hubs of 700 and 64 leaves, sharing 30 of
  // them, and a vertex of degree 63 (just below the limit) hanging off one
  // leaf. Every program from each hub, a shared leaf, a far leaf and the
  // isolated vertices 737 and 800.
  std::vector<std::pair<vid_t, vid_t>> e;
  for (vid_t i = 3; i < 703; ++i) e.push_back({0, i});
  for (vid_t i = 673; i < 737; ++i) e.push_back({1, i});
  for (vid_t i = 738; i < 800; ++i) e.push_back({2, i});
  e.push_back({2, 736});
  const Csr<std::uint32_t> g = test::undirected(801, e);
  ASSERT_EQ(g.degree(2), 63u);
  GpuTraversal gpu(view_of(g));
  std::vector<std::uint32_t> level;
  for (vid_t root : {vid_t(0), vid_t(1), vid_t(680), vid_t(750), vid_t(737), vid_t(800)}) {
    SCOPED_TRACE("root " + std::to_string(root));
    const auto expected = test::bgl_levels(g, root);
    gpu.read_based(root, level);
    EXPECT_EQ(level, expected) << "read_gpu";
    gpu.direction_optimising(root, level, DirectionOptions{});
    EXPECT_EQ(level, expected) << "dobfs_gpu";
    const DirectionOptions eager = test::eager_bottom_up();
    gpu.direction_optimising(root, level, eager);
    EXPECT_EQ(level, expected) << "dobfs_gpu eager bottom-up";
  }
}

TEST(HybridDfsGpu, EveryBottomUpShapeMatchesBglLevels) {
  // Bottom-up warps take 1, 2 or 4 bitmap words and search 1 or 2 arcs per
  // round; each shape, forced bottom-up from the second branch on and with the
  // default switches, on every test graph.
  for (const auto& tg : test::traversal_graphs()) {
    for (auto [words, arcs] : {std::pair{1, 1}, std::pair{2, 2}, std::pair{4, 1}, std::pair{4, 2}}) {
      GpuOptions opt;
      opt.bottom_up_words = words;
      opt.bottom_up_arcs = arcs;
      GpuTraversal gpu(view_of(tg.g), opt);
      for (vid_t root : tg.roots) {
        SCOPED_TRACE(tg.name + " root " + std::to_string(root) + " shape " + std::to_string(words) + "/" +
                     std::to_string(arcs));
        const auto expected = test::bgl_levels(tg.g, root);
        std::vector<std::uint32_t> level;
        const DirectionOptions eager = test::eager_bottom_up();
        gpu.direction_optimising(root, level, eager);
        EXPECT_EQ(level, expected) << "dobfs_gpu eager bottom-up";
        gpu.direction_optimising(root, level, DirectionOptions{});
        EXPECT_EQ(level, expected) << "dobfs_gpu";
      }
    }
  }
  const auto graphs = test::traversal_graphs();
  GpuOptions bad;
  bad.bottom_up_words = 3;
  EXPECT_THROW(GpuTraversal(view_of(graphs.front().g), bad), std::invalid_argument);
}

// Small top-down branches in one persistent launch decide as a launch per
// branch does: the same levels and the same direction per branch, with
// switches to bottom-up from inside a run of small branches and back to
// them from a bottom-up frontier bitmap on the way.
TEST(HybridDfsGpu, SmallLevelsDecideAsPerBranchLaunches) {
  for (const auto& tg : test::traversal_graphs()) {
    GpuOptions per_branch;
    per_branch.small_level_blocks_per_sm = 0;
    GpuOptions every_branch_small;
    every_branch_small.small_level_arcs = ~std::uint64_t(0);
    GpuTraversal reference(view_of(tg.g), per_branch), fused(view_of(tg.g)),
        all_small(view_of(tg.g), every_branch_small);
    for (vid_t root : tg.roots) {
      const auto expected = test::bgl_levels(tg.g, root);
      for (double alpha : {14.0, 2.0, 1e9}) {
        DirectionOptions opt;
        opt.alpha = alpha;
        opt.beta = alpha > 1e8 ? 1.0 : 24.0;
        SCOPED_TRACE(tg.name + " root " + std::to_string(root) + " alpha " + std::to_string(alpha));
        std::vector<std::uint32_t> level;
        DirectionTrace want, got;
        reference.direction_optimising(root, level, opt, &want);
        EXPECT_EQ(level, expected) << "per-branch launches";
        for (GpuTraversal* gpu : {&fused, &all_small}) {
          const GpuRunTimes t = gpu->direction_optimising(root, level, opt, &got);
          EXPECT_EQ(level, expected) << (gpu == &fused ? "default" : "every branch small");
          EXPECT_EQ(got.bottom_up, want.bottom_up);
          EXPECT_EQ(t.branch_s.size(), got.bottom_up.size());
        }
      }
    }
  }
}

// A vertex of many arcs inside a small frontier is expanded in chunks by the
// persistent kernel: a long path whose middle vertex has 300 leaves. Under
// compute-sanitizer (GS_SANITIZER set) the path is 1,000 vertices, still past
// the 254 levels of the byte codes: racecheck takes minutes over the grid
// barriers of 20,000 levels.
TEST(HybridDfsGpu, SmallLevelsExpandLargeVerticesInChunks) {
  std::vector<std::pair<vid_t, vid_t>> e;
  const char* sanitizer = std::getenv("GS_SANITIZER");
  const vid_t length = sanitizer && *sanitizer ? 1000 : 20000, leaves = 300;
  for (vid_t i = 0; i + 1 < length; ++i) e.push_back({i, i + 1});
  for (vid_t j = 0; j < leaves; ++j) e.push_back({length / 2, length + j});
  const Csr<std::uint32_t> g = test::undirected(length + leaves, e);
  GpuOptions every_branch_small;
  every_branch_small.small_level_arcs = ~std::uint64_t(0);
  GpuTraversal gpu(view_of(g), every_branch_small);
  std::vector<std::uint32_t> level;
  DirectionTrace trace;
  // Top-down only (bottom-up once frontier arcs > unexplored / alpha): the
  // 300 leaves would turn the short path's traversal bottom-up.
  DirectionOptions top_down_only;
  top_down_only.alpha = 1e-9;
  gpu.direction_optimising(0, level, top_down_only, &trace);
  EXPECT_EQ(level, test::bgl_levels(g, 0));
  for (bool b : trace.bottom_up) EXPECT_FALSE(b);  // every branch in the persistent kernel
}

TEST(HybridDfsGpu, DirectionOptimisingUsesBothDirectionsOnRmat) {
  const auto graphs = test::traversal_graphs();
  const auto& tg = graphs.front();
  GpuTraversal gpu(view_of(tg.g));
  std::vector<std::uint32_t> level;
  DirectionTrace trace;
  gpu.direction_optimising(tg.roots[0], level, DirectionOptions{}, &trace);
  bool td = false, bu = false;
  for (bool b : trace.bottom_up) (b ? bu : td) = true;
  EXPECT_TRUE(td);
  EXPECT_TRUE(bu);
  EXPECT_EQ(level, test::bgl_levels(tg.g, tg.roots[0]));
}

}  // namespace
}  // namespace gs
