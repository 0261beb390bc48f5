// The CPU level-synchronous traversals of paper D (the paper calls them DFS;
// they expand the graph branch by branch, i.e. in breadth-first order) and the
// direction-optimising traversal beyond the paper.
//
// Each fills `level` (resized to n) with the branch (BFS level) of every
// vertex, verify::kUnreached for vertices not reached from `source`. The
// workspace is allocated once per graph, outside the timed region.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/traversal/csr_view.hpp"
#include "algorithms/traversal/hybrid_state_machine.hpp"
#include "algorithms/traversal/workspace.hpp"

namespace gs::traversal {

// Alg. 1's THRESHOLD: local stack entries per bulk push.
inline constexpr std::size_t kDefaultLocalStack = 256;
// Branches of at least this many vertices defer their claims (claim_buckets.hpp);
// smaller ones claim with a locked test-and-set as they go. Deferring changed
// little (experiments/hybrid_dfs/NOTES.md): the random reads of the visited
// bitmap, not the locked ORs, bound the large branches.
inline constexpr std::uint64_t kDeferClaimsFrom = 65536;
// Whether a deferred branch tests a neighbour's visited bit before filing it
// (true) or files every arc's target (false: no random bitmap read while
// expanding, but 4 bytes per arc written and read back in sequence). Testing
// first reads less than it saves (the two compared: experiments/hybrid_dfs/NOTES.md).
inline constexpr bool kDeferredTestFirst = true;

// Alg. 1, stack-based.
void stack_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
               std::size_t local_threshold = kDefaultLocalStack);

// Alg. 2, read-based: the whole branch array is scanned every branch.
void read_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws);

// Fig. 1, the read+stack hybrid.
struct HybridOptions {
  HybridThresholds thresholds;
  std::size_t local_threshold = kDefaultLocalStack;
  std::uint64_t defer_claims_from = kDeferClaimsFrom;  // an implementation choice, not a state
  bool deferred_test_first = kDeferredTestFirst;       // ClaimBuckets::test_first
};
void hybrid_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
                const HybridOptions& opt, HybridTrace* trace = nullptr);

// A top-down branch's share of p threads costs two barriers and locked claims
// on shared bitmap lines, so a branch is worth sharing only when it is large
// against what those cost, and the more so the fewer threads share it: the
// limit falls as 1 / (p - 1), from 16384 frontier arcs at 2 threads (a 2-core
// machine: sharing never paid below that) to about 1,100 at 16 (a 16-core
// host: no limit and 4096 were alike, 16384 twice as slow); one thread runs
// every small branch alone. experiments/hybrid_dfs/NOTES.md has the sweeps.
inline constexpr std::int64_t kSerialArcsAuto = -1;
inline std::uint64_t serial_branch_arcs_for(int threads) {
  return threads <= 1 ? ~std::uint64_t(0) : std::uint64_t(16384) / std::uint64_t(threads - 1);
}

// Direction-optimising (Beamer et al., SC'12): top-down steps as Alg. 1,
// bottom-up steps (each unvisited vertex looks for a parent in the frontier
// bitmap) while the frontier's arcs exceed the unexplored arcs / alpha, back to
// top-down when the frontier shrinks below n / beta.
struct DirectionOptions {
  double alpha = 14.0;
  double beta = 24.0;
  std::size_t local_threshold = kDefaultLocalStack;
  std::uint64_t defer_claims_from = kDeferClaimsFrom;  // top-down branches
  bool deferred_test_first = kDeferredTestFirst;       // ClaimBuckets::test_first
  // Top-down branches whose frontier has fewer arcs run many to one parallel
  // region (dobfs_omp.cpp: road-like graphs' thousands of small branches).
  std::uint64_t small_branch_arcs = std::uint64_t(1) << 16;
  // ... and those with fewer than this run on one thread (no region, no
  // barrier); kSerialArcsAuto: serial_branch_arcs_for(the threads).
  std::int64_t serial_branch_arcs = kSerialArcsAuto;
};
struct DirectionTrace {
  std::vector<bool> bottom_up;         // per branch
  std::vector<double> branch_seconds;  // per branch, conversions between directions included
};
void dobfs_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
               const DirectionOptions& opt, DirectionTrace* trace = nullptr);

// Fig. 2's T4: the CPU+GPU hybrid moves to the GPU once the branch to process
// next exceeds it and grows exponentially.
inline constexpr std::uint64_t kDefaultT4 = 16384;

// The CPU side of the CPU+GPU hybrid (Fig. 2): the sequential and stack states
// of Fig. 1 without writing levels, until the branch to process next exceeds
// t4 and grows exponentially (next > alpha * cur). The stack then holds every
// branch so far (branch k = [segment_begin[k], segment_begin[k+1])).
struct CpuPrefix {
  bool finished = false;                   // the whole component was traversed on the CPU
  std::vector<std::size_t> segment_begin;  // one per branch found, plus the stack's end
  std::vector<HybridState> states;         // state per processed branch
  std::uint32_t branches() const { return std::uint32_t(segment_begin.size() - 1); }
};
CpuPrefix cpu_prefix(const CsrView& g, vid_t source, CpuWorkspace& ws, const HybridOptions& opt, std::uint64_t t4);
// Levels from the stack's segments (the CPU+GPU hybrid when it never moved).
void levels_from_stack(const CpuPrefix& p, const BranchStack& stack, vid_t n, std::vector<std::uint32_t>& level);

}  // namespace gs::traversal
