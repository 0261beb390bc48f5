// Paper D's CPU traversals against BGL's breadth_first_search levels, the
// hybrid's state machine driven through every state, and the verifier.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <functional>
#include <limits>

#include "algorithms/traversal/bytes_read.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"
#include "common/verify/traversal.hpp"
#include "traversal_test_graphs.hpp"

namespace gs {
namespace {

using traversal::CpuWorkspace;
using traversal::CsrView;
using Program = std::function<void(const CsrView&, vid_t, std::vector<std::uint32_t>&, CpuWorkspace&)>;

std::vector<std::pair<std::string, Program>> programs() {
  using namespace traversal;
  HybridOptions forced;  // every state reachable on small graphs
  forced.thresholds = {2, 40, 8, 2.0, 2.0};
  forced.local_threshold = 3;
  const DirectionOptions eager = test::eager_bottom_up();
  // Every parallel branch with deferred claims (claim_buckets.hpp), however small.
  HybridOptions forced_deferred = forced;
  forced_deferred.defer_claims_from = 0;
  HybridOptions deferred;
  deferred.defer_claims_from = 0;
  DirectionOptions top_down_deferred;  // never bottom-up: every top-down branch deferred
  top_down_deferred.alpha = 1e-9;
  top_down_deferred.defer_claims_from = 0;
  DirectionOptions eager_deferred = eager;
  eager_deferred.defer_claims_from = 0;
  HybridOptions forced_untested = forced_deferred;  // deferred claims filed without testing the bit first
  forced_untested.deferred_test_first = false;
  DirectionOptions top_down_untested = top_down_deferred;
  top_down_untested.deferred_test_first = false;
  return {
      {"stack_omp", [](auto& g, vid_t s, auto& l, auto& ws) { stack_omp(g, s, l, ws); }},
      {"stack_omp_threshold1", [](auto& g, vid_t s, auto& l, auto& ws) { stack_omp(g, s, l, ws, 1); }},
      {"read_omp", [](auto& g, vid_t s, auto& l, auto& ws) { read_omp(g, s, l, ws); }},
      {"hybrid_omp", [](auto& g, vid_t s, auto& l, auto& ws) { hybrid_omp(g, s, l, ws, HybridOptions{}); }},
      {"hybrid_omp_forced", [forced](auto& g, vid_t s, auto& l, auto& ws) { hybrid_omp(g, s, l, ws, forced); }},
      {"dobfs_omp", [](auto& g, vid_t s, auto& l, auto& ws) { dobfs_omp(g, s, l, ws, DirectionOptions{}); }},
      {"dobfs_omp_eager", [eager](auto& g, vid_t s, auto& l, auto& ws) { dobfs_omp(g, s, l, ws, eager); }},
      {"hybrid_omp_deferred", [deferred](auto& g, vid_t s, auto& l, auto& ws) { hybrid_omp(g, s, l, ws, deferred); }},
      {"hybrid_omp_forced_deferred",
       [forced_deferred](auto& g, vid_t s, auto& l, auto& ws) { hybrid_omp(g, s, l, ws, forced_deferred); }},
      {"dobfs_omp_top_down_deferred",
       [top_down_deferred](auto& g, vid_t s, auto& l, auto& ws) { dobfs_omp(g, s, l, ws, top_down_deferred); }},
      {"dobfs_omp_eager_deferred",
       [eager_deferred](auto& g, vid_t s, auto& l, auto& ws) { dobfs_omp(g, s, l, ws, eager_deferred); }},
      {"hybrid_omp_forced_untested",
       [forced_untested](auto& g, vid_t s, auto& l, auto& ws) { hybrid_omp(g, s, l, ws, forced_untested); }},
      {"dobfs_omp_top_down_untested",
       [top_down_untested](auto& g, vid_t s, auto& l, auto& ws) { dobfs_omp(g, s, l, ws, top_down_untested); }},
      {"cpu_prefix_only",
       [](auto& g, vid_t s, auto& l, auto& ws) {
         // The CPU side of Fig. 2 with a threshold it never reaches: it must finish alone.
         const CpuPrefix p = cpu_prefix(g, s, ws, HybridOptions{}, ~std::uint64_t(0));
         ASSERT_TRUE(p.finished);
         levels_from_stack(p, ws.stack, g.n, l);
       }},
  };
}

TEST(HybridDfsCpu, EveryProgramMatchesBglLevels) {
  for (int threads : {1, 4}) {
    omp_set_num_threads(threads);
    for (const auto& tg : test::traversal_graphs()) {
      const CsrView view = traversal::view_of(tg.g);
      CpuWorkspace ws(tg.g.n);
      for (vid_t root : tg.roots) {
        const auto expected = test::bgl_levels(tg.g, root);
        for (const auto& [name, run] : programs()) {
          SCOPED_TRACE(tg.name + " root " + std::to_string(root) + " " + name + " threads " + std::to_string(threads));
          std::vector<std::uint32_t> level(7, 123);  // wrong size and contents on purpose
          run(view, root, level, ws);
          ASSERT_EQ(level, expected);
          EXPECT_NO_THROW(verify::check_traversal(tg.g, root, level, nullptr, name));
          // Every entry is written (the levels are not pre-filled): stale contents of the right size.
          std::fill(level.begin(), level.end(), 1u);
          run(view, root, level, ws);
          ASSERT_EQ(level, expected);
        }
      }
    }
  }
  omp_set_num_threads(omp_get_num_procs());
}

TEST(HybridDfsCpu, RootInSmallComponentReachesOnlyIt) {
  for (const auto& tg : test::traversal_graphs()) {
    if (tg.name != "disconnected") continue;
    CpuWorkspace ws(tg.g.n);
    std::vector<std::uint32_t> level;
    traversal::hybrid_omp(traversal::view_of(tg.g), 3001, level, ws, {});
    std::uint64_t reached = 0;
    for (auto l : level) reached += l != verify::kUnreached;
    EXPECT_EQ(reached, 3u);  // the triangle
    traversal::read_omp(traversal::view_of(tg.g), 3006, level, ws);
    reached = 0;
    for (auto l : level) reached += l != verify::kUnreached;
    EXPECT_EQ(reached, 1u);  // an isolated vertex
  }
}

TEST(HybridDfsCpu, HybridVisitsEveryStateWithForcedThresholds) {
  // Branch sizes 1, 4, 16, 64, 256, 64, 16, 4, 1. With T1 = 2, T2 = 100, T3 = 10:
  // branch 0 (1) sequential, 4 > T1 -> branch 1 stack; 16 > T3 and > 2*4 ->
  // branch 2 stack-to-read (growth); branches 3, 4 read (256 >= T2 makes it
  // large); 64 < T2 -> branch 5 read-to-stack; branches 6, 7 stack; 1 <= T1 ->
  // branch 8 sequential.
  const Csr<std::uint32_t> g = test::diamond_layers();
  traversal::HybridOptions opt;
  opt.thresholds = {2, 100, 10, 2.0, 2.0};
  CpuWorkspace ws(g.n);
  std::vector<std::uint32_t> level;
  traversal::HybridTrace trace;
  traversal::hybrid_omp(traversal::view_of(g), 0, level, ws, opt, &trace);
  using S = traversal::HybridState;
  const std::vector<S> expected = {S::Sequential,  S::Stack, S::StackToRead, S::Read,      S::Read,
                                   S::ReadToStack, S::Stack, S::Stack,       S::Sequential};
  EXPECT_EQ(trace.summary(), (traversal::HybridTrace{expected, {}}.summary()));
  for (S s : {S::Sequential, S::Stack, S::StackToRead, S::Read, S::ReadToStack}) EXPECT_TRUE(trace.visited(s));
  EXPECT_EQ(level, test::bgl_levels(g, 0));
}

TEST(HybridDfsCpu, HybridWithPaperThresholdsStaysOnStackForSmallBranches) {
  const Csr<std::uint32_t> g = test::diamond_layers();
  CpuWorkspace ws(g.n);
  std::vector<std::uint32_t> level;
  traversal::HybridTrace trace;
  traversal::hybrid_omp(traversal::view_of(g), 0, level, ws, {}, &trace);
  EXPECT_FALSE(trace.visited(traversal::HybridState::Read));  // 256 < T3 = 2048
  EXPECT_TRUE(trace.visited(traversal::HybridState::Stack));
}

TEST(HybridDfsCpu, StateMachineLeavesGrowthReadWhenGrowthStops) {
  using S = traversal::HybridState;
  traversal::HybridStateMachine sm({2, 1000, 10, 2.0, 2.0}, 1 << 20);
  sm.advance(1, 5);  // sequential -> stack
  EXPECT_EQ(sm.state(), S::Stack);
  sm.advance(5, 50);  // > T3 and > 2 * 5
  EXPECT_EQ(sm.state(), S::StackToRead);
  sm.advance(50, 200);
  EXPECT_EQ(sm.state(), S::Read);
  sm.advance(200, 500);  // still growing 2.5x
  EXPECT_EQ(sm.state(), S::Read);
  sm.advance(500, 600);  // growth < beta: leave
  EXPECT_EQ(sm.state(), S::ReadToStack);
  sm.advance(600, 5000);  // > T2 -> large
  EXPECT_EQ(sm.state(), S::StackToRead);
  sm.advance(5000, 8000);
  EXPECT_EQ(sm.state(), S::Read);
  sm.advance(8000, 9000);  // large read ignores growth
  EXPECT_EQ(sm.state(), S::Read);
  sm.advance(9000, 999);  // < T2
  EXPECT_EQ(sm.state(), S::ReadToStack);
  EXPECT_EQ(traversal::HybridThresholds{}.resolve_t2(std::uint64_t(1) << 25), (std::uint64_t(1) << 25) / 100);
  EXPECT_EQ(traversal::HybridThresholds{}.resolve_t2(1000), std::uint64_t(1) << 18);
}

TEST(HybridDfsCpu, BranchBitsHoldTheCurrentBranch) {
  // Reached before step k and not before step k-1: the read states' branch array.
  const vid_t n = 200;  // more than one word, a partial last word
  traversal::VisitedBitmap visited(n);
  traversal::BranchBits bits(n);
  visited.clear();
  bits.clear();
  visited.set(5);
  bits.snapshot(visited);  // step 0: branch 0 = {5}
  EXPECT_EQ(bits.word(0), std::uint64_t(1) << 5);
  for (vid_t v : {6u, 70u, 199u}) visited.set(v);
  bits.snapshot(visited);  // step 1: branch 1 = {6, 70, 199}
  EXPECT_EQ(bits.word(0), std::uint64_t(1) << 6);
  EXPECT_EQ(bits.word(1), std::uint64_t(1) << (70 - 64));
  EXPECT_EQ(bits.word(3), std::uint64_t(1) << (199 - 192));
  bits.snapshot(visited);  // nothing new: empty branch
  for (std::size_t w = 0; w < bits.words(); ++w) EXPECT_EQ(bits.word(w), 0u);
}

TEST(HybridDfsCpu, LargeBitmapInHugePagesBehavesLikeASmallOne) {
  // 2^24 + 70 bits: over 2 MiB, so it takes the huge-page allocation path.
  const vid_t n = (vid_t(1) << 24) + 70;
  traversal::VisitedBitmap a(n), b(n);
  a.clear();
  for (vid_t v : {vid_t(0), vid_t(63), vid_t(64), n / 2, n - 1}) {
    EXPECT_FALSE(a.test(v));
    EXPECT_TRUE(a.test_and_set(v));
    EXPECT_FALSE(a.test_and_set(v));
    EXPECT_TRUE(a.test(v));
  }
  b.copy_from(a);
  std::uint64_t set_bits = 0;
  for (std::size_t w = 0; w < b.words(); ++w) set_bits += std::uint64_t(__builtin_popcountll(b.word(w)));
  EXPECT_EQ(set_bits, 5u);
  EXPECT_EQ(b.words(), (std::size_t(n) + 63) / 64);
}

TEST(HybridDfsCpu, DirectionOptimisingUsesBothDirections) {
  const auto graphs = test::traversal_graphs();
  const Csr<std::uint32_t>& g = graphs.front().g;  // RMAT
  CpuWorkspace ws(g.n);
  std::vector<std::uint32_t> level;
  traversal::DirectionTrace trace;
  traversal::dobfs_omp(traversal::view_of(g), graphs.front().roots[0], level, ws, {}, &trace);
  bool td = false, bu = false;
  for (bool b : trace.bottom_up) (b ? bu : td) = true;
  EXPECT_TRUE(td);
  EXPECT_TRUE(bu);
  EXPECT_EQ(level, test::bgl_levels(g, graphs.front().roots[0]));
}

// Small top-down branches (many in one parallel region, or on one thread
// below the serial limit) decide as the per-branch loop does: the same levels
// and the same direction per branch, whether every branch is small, none is,
// the default, or runs move between the serial and the parallel loop; with switches to
// bottom-up right after a run of small branches (frontier from the stack)
// and back (frontier from the bitmap) on the way.
TEST(HybridDfsCpu, SmallBranchesDecideAsPerBranchSteps) {
  for (const auto& tg : test::traversal_graphs()) {
    CpuWorkspace ws(tg.g.n);
    for (vid_t root : tg.roots) {
      const auto expected = test::bgl_levels(tg.g, root);
      for (double alpha : {14.0, 2.0, 1e9}) {
        traversal::DirectionOptions base;
        base.alpha = alpha;
        base.beta = alpha > 1e8 ? 1.0 : 24.0;
        std::vector<bool> reference_directions;
        constexpr std::uint64_t kAll = ~std::uint64_t(0);
        constexpr std::int64_t kAllSerial = std::numeric_limits<std::int64_t>::max();
        constexpr std::uint64_t k16 = std::uint64_t(1) << 16;
        // (small_branch_arcs, serial_branch_arcs)
        const std::pair<std::uint64_t, std::int64_t> limits[] = {
            {0, 0}, {k16, 0}, {kAll, 0}, {kAll, 8}, {k16, 64}, {kAll, kAllSerial}, {kAll, traversal::kSerialArcsAuto}};
        for (const auto& [small, serial] : limits) {
          SCOPED_TRACE(tg.name + " root " + std::to_string(root) + " alpha " + std::to_string(alpha) + " small " +
                       std::to_string(small) + " serial " + std::to_string(serial));
          traversal::DirectionOptions opt = base;
          opt.small_branch_arcs = small;
          opt.serial_branch_arcs = serial;
          std::vector<std::uint32_t> level;
          traversal::DirectionTrace trace;
          traversal::dobfs_omp(traversal::view_of(tg.g), root, level, ws, opt, &trace);
          EXPECT_EQ(level, expected);
          EXPECT_EQ(trace.branch_seconds.size(), trace.bottom_up.size());
          if (small == 0) reference_directions = trace.bottom_up;
          else EXPECT_EQ(trace.bottom_up, reference_directions);
        }
      }
    }
  }
}

// bytes_read against counts made by hand: a path 0-1-2 (top-down and
// read-based) and a star read bottom-up.
TEST(HybridDfsCpu, BytesReadCountsWhatEachBranchKindReads) {
  using traversal::BranchKind;
  const Csr<std::uint32_t> path = test::undirected(3, {{0, 1}, {1, 2}});
  const std::vector<std::uint32_t> path_levels = {0, 1, 2};
  // Per branch: vertices x (4 B id + 16 B offsets) + arcs x (4 B arc + 4 B visited word).
  const std::uint64_t top_down = (20 + 1 * 8) + (20 + 2 * 8) + (20 + 1 * 8);
  EXPECT_EQ(traversal::bytes_read(traversal::view_of(path), path_levels, std::vector(3, BranchKind::top_down)),
            top_down);
  // Read-based: n level bytes per branch and no queue ids.
  EXPECT_EQ(traversal::bytes_read(traversal::view_of(path), path_levels, std::vector(3, BranchKind::read_based)),
            top_down - 3 * 4 + 3 * 3);
  // Star 0..4 centred on 1, from 0: branch 0 top-down (vertex 0, one arc); branch 1 bottom-up:
  // vertices 2, 3, 4 unvisited, each 16 B offsets + its one arc (found at once) x 8 B, plus the
  // visited bitmap (1 byte); branch 2 top-down over 2, 3, 4 (one arc each).
  const Csr<std::uint32_t> star = test::undirected(5, {{1, 0}, {1, 2}, {1, 3}, {1, 4}});
  const std::vector<std::uint32_t> star_levels = {0, 1, 2, 2, 2};
  const std::uint64_t expected = (20 + 8) + (1 + 3 * (16 + 8)) + 3 * (20 + 8);
  EXPECT_EQ(traversal::bytes_read(traversal::view_of(star), star_levels,
                                  {BranchKind::top_down, BranchKind::bottom_up, BranchKind::top_down}),
            expected);
}

TEST(HybridDfsCpu, DeferredClaimsClaimEachVertexOnce) {
  // Several threads file overlapping vertices (duplicates within and across
  // threads, some already visited); settling every region claims each
  // unvisited one exactly once and sets its bit.
  const vid_t n = 100000;  // more regions than kMaxRegions' minimum size allows: shift > 6
  traversal::VisitedBitmap visited(n);
  visited.clear();
  for (vid_t v = 0; v < n; v += 7) visited.set(v);
  traversal::ClaimBuckets buckets;
  const int threads = 3;
  buckets.prepare(n, threads);
  ASSERT_LE(buckets.regions(), 256u);
  for (int t = 0; t < threads; ++t)
    for (vid_t v = vid_t(t); v < n; v += 2) buckets.file(t, v);  // every vertex by one or two threads
  for (vid_t v = 0; v < n; v += 1000) buckets.file(0, v);        // and some again
  std::vector<int> claimed(n, 0);
  for (std::size_t r = 0; r < buckets.regions(); ++r) buckets.settle(r, visited, [&](vid_t x) { ++claimed[x]; });
  EXPECT_EQ(buckets.filed(), 0u);
  for (vid_t v = 0; v < n; ++v) {
    ASSERT_EQ(claimed[v], v % 7 == 0 ? 0 : 1) << v;
    ASSERT_TRUE(visited.test(v)) << v;
  }
}

TEST(HybridDfsCpu, VerifierRejectsCorruptedLevels) {
  const auto graphs = test::traversal_graphs();
  const Csr<std::uint32_t>& g = graphs.front().g;
  const vid_t root = graphs.front().roots[0];
  CpuWorkspace ws(g.n);
  std::vector<std::uint32_t> level;
  traversal::read_omp(traversal::view_of(g), root, level, ws);
  ASSERT_NO_THROW(verify::check_traversal(g, root, level, nullptr, "read_omp"));
  vid_t far = root;
  for (vid_t x = 0; x < g.n; ++x)
    if (level[x] != verify::kUnreached && level[x] > level[far]) far = x;
  ASSERT_GT(level[far], 1u);
  auto bad = level;
  bad[far] += 1;  // no neighbour one level up any more
  EXPECT_THROW(verify::check_traversal(g, root, bad, nullptr, "corrupt"), VerificationError);
  bad = level;
  bad[far] = verify::kUnreached;  // an edge leaves the reached set
  EXPECT_THROW(verify::check_traversal(g, root, bad, nullptr, "corrupt"), VerificationError);
  bad = level;
  bad[far] = 1;  // too short: spans more than one level to its parent
  EXPECT_THROW(verify::check_traversal(g, root, bad, nullptr, "corrupt"), VerificationError);
  bad = level;
  bad[root] = 1;
  EXPECT_THROW(verify::check_traversal(g, root, bad, nullptr, "corrupt"), VerificationError);
}

}  // namespace
}  // namespace gs
