// One branch (level) of the level-synchronous traversal, in the forms the
// paper combines:
//   input  = the current branch's stack segment (Alg. 1)  or a scan of the
//            whole O(N) branch array for entries == branch (Alg. 2);
//   output = next-branch vertices pushed to the stack (Alg. 1) or only marked
//            in the branch array (Alg. 2).
// The four combinations are the stack, read and two transition states of
// Fig. 1. A sequential step (one thread, no atomics) serves the sequential
// state. Each step returns the next branch's size and, when asked for, the sum
// of its degrees (the direction-optimising traversal's heuristic needs it).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/traversal/branch_bits.hpp"
#include "algorithms/traversal/branch_stack.hpp"
#include "algorithms/traversal/csr_view.hpp"
#include "algorithms/traversal/visited_bitmap.hpp"

namespace gs::traversal {

inline constexpr std::uint32_t kUnreachedLevel = 0xFFFFFFFFu;

struct BranchResult {
  std::uint64_t vertices = 0;  // size of the next branch
  std::uint64_t arcs = 0;      // sum of its vertices' degrees (when counted)
};

// A thread's newly claimed vertices of one branch (Alg. 1's local stack
// LS[tid]), handled in bursts of `capacity`: the burst's level stores, degree
// loads and its bulk push into the global stack (one atomic, Alg. 1's
// safeBulkPush) happen together. Writing a level at the moment of the claim
// would put a cache-missing store before every next claim's atomic OR, and a
// locked instruction waits until earlier stores are done: one memory latency
// per discovered vertex, never overlapped. In bursts the misses overlap.
template <bool PushNext, bool CountArcs>
class LocalClaims {
 public:
  LocalClaims(const CsrView& g, std::uint32_t* level, std::uint32_t next_branch, BranchStack* next,
              std::size_t capacity)
      : g_(g), level_(level), next_branch_(next_branch), next_(next), items_(capacity ? capacity : 1) {}
  LocalClaims(const LocalClaims&) = delete;
  LocalClaims& operator=(const LocalClaims&) = delete;

  void add(vid_t x) {
    items_[size_++] = x;
    if (size_ == items_.size()) flush();
  }
  void flush() {
    if (level_)
      for (std::size_t k = 0; k < size_; ++k) level_[items_[k]] = next_branch_;
    if constexpr (CountArcs)
      for (std::size_t k = 0; k < size_; ++k) arcs_ += g_.degree(items_[k]);
    if constexpr (PushNext) next_->bulk_push(items_.data(), size_);
    vertices_ += size_;
    size_ = 0;
  }
  std::uint64_t vertices() const { return vertices_; }
  std::uint64_t arcs() const { return arcs_; }

 private:
  const CsrView& g_;
  std::uint32_t* level_;
  std::uint32_t next_branch_;
  BranchStack* next_;
  std::vector<vid_t> items_;
  std::size_t size_ = 0;
  std::uint64_t vertices_ = 0, arcs_ = 0;
};

// Burst size of the states that do not push (their claims only go to the branch array).
inline constexpr std::size_t kClaimBurst = 256;

enum class BranchInput { Stack, Array };

// Claims every unvisited neighbour of `c` (test-and-test-and-set on the visited bitmap).
template <class Claims>
inline void expand_vertex(const CsrView& g, vid_t c, VisitedBitmap& visited, Claims& claims) {
  for (eid_t i = g.offsets[c], e = g.offsets[c + 1]; i < e; ++i) {
    const vid_t x = g.adj[i];
    if (visited.test_and_set(x)) claims.add(x);
  }
}

// `cur`/`cur_size`: the current branch's stack segment (Input == Stack);
// `bits`: the branch array (Input == Array), whose scan writes the current
// branch's levels. `next`: where next-branch vertices go when PushNext; their
// levels are written when they are pushed, else by the next step's scan.
// `local_threshold` is Alg. 1's THRESHOLD. `level` may be null in a
// stack-to-stack step whose caller rebuilds the levels from the stack later
// (the CPU+GPU hybrid).
template <BranchInput Input, bool PushNext, bool CountArcs = false>
BranchResult expand_branch(const CsrView& g, std::uint32_t branch, const vid_t* cur, std::size_t cur_size,
                           const BranchBits* bits, std::uint32_t* level, VisitedBitmap& visited, BranchStack* next,
                           std::size_t local_threshold) {
  std::uint64_t found = 0, found_arcs = 0;
#pragma omp parallel reduction(+ : found, found_arcs)
  {
    LocalClaims<PushNext, CountArcs> claims(g, PushNext ? level : nullptr, branch + 1, next,
                                            PushNext ? local_threshold : kClaimBurst);
    if constexpr (Input == BranchInput::Array) {
      // RMAT without relabelling puts the high degrees at low ids: dynamic chunks.
#pragma omp for schedule(dynamic, 64) nowait
      for (std::int64_t w = 0; w < std::int64_t(bits->words()); ++w) {
        const std::uint64_t members = bits->word(std::size_t(w));
        if (!members) continue;
        const vid_t base = vid_t(std::uint64_t(w) * 64);
        for (std::uint64_t m = members; m; m &= m - 1) level[base + unsigned(__builtin_ctzll(m))] = branch;
        for (std::uint64_t m = members; m; m &= m - 1) expand_vertex(g, base + unsigned(__builtin_ctzll(m)), visited, claims);
      }
    } else {
#pragma omp for schedule(dynamic, 64) nowait
      for (std::int64_t i = 0; i < std::int64_t(cur_size); ++i) expand_vertex(g, cur[i], visited, claims);
    }
    claims.flush();
    found += claims.vertices();
    found_arcs += claims.arcs();
  }
  return {found, found_arcs};
}

// The sequential state: one thread, the current segment in, pushes straight to the stack.
inline BranchResult expand_branch_sequential(const CsrView& g, std::uint32_t branch, const vid_t* cur,
                                             std::size_t cur_size, std::uint32_t* level, VisitedBitmap& visited,
                                             BranchStack& next) {
  BranchResult r;
  for (std::size_t k = 0; k < cur_size; ++k) {
    const vid_t c = cur[k];
    for (eid_t i = g.offsets[c], e = g.offsets[c + 1]; i < e; ++i) {
      const vid_t x = g.adj[i];
      if (visited.test(x)) continue;
      visited.set_unshared(x);
      if (level) level[x] = branch + 1;
      ++r.vertices;
      r.arcs += g.degree(x);
      next.push(x);
    }
  }
  return r;
}

// Starts a traversal: all levels unreached, nothing visited, the stack holding
// the source. (The read states' branch bits need no clearing: every state
// that reads them takes its snapshots first.) Static schedule: the pages of `level` and of the bitmap are
// touched by the threads that scan the same ranges later.
inline void start_traversal(const CsrView& g, vid_t source, std::uint32_t* level, VisitedBitmap& visited,
                            BranchStack& stack) {
  if (level) {
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < std::int64_t(g.n); ++v) level[v] = kUnreachedLevel;
    level[source] = 0;
  }
  visited.clear();
  visited.set(source);
  stack.clear();
  stack.push(source);
}

}  // namespace gs::traversal
