// One branch (level) of the level-synchronous traversal, in the forms the
// paper combines:
//   input  = the current branch's stack segment (Alg. 1)  or a scan of the
//            whole O(N) branch array for the current branch (Alg. 2; the
//            array is held as bits, branch_bits.hpp);
//   output = next-branch vertices pushed to the stack (Alg. 1) or only marked
//            in the branch array (Alg. 2).
// The four combinations are the stack, read and two transition states of
// Fig. 1. A sequential step (one thread, no atomics) serves the sequential
// state. Each step returns the next branch's size and, when asked for, the sum
// of its degrees (the direction-optimising traversal's heuristic needs it).
// Levels: every reached vertex's entry is written exactly once, the others by
// finish_unreached() at the end (no O(N) pre-fill of the level array).
#pragma once

#include <omp.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "algorithms/traversal/branch_bits.hpp"
#include "algorithms/traversal/branch_stack.hpp"
#include "algorithms/traversal/claim_buckets.hpp"
#include "algorithms/traversal/csr_view.hpp"
#include "algorithms/traversal/visited_bitmap.hpp"

namespace gs::traversal {

inline constexpr std::uint32_t kUnreachedLevel = 0xFFFFFFFFu;

struct BranchResult {
  std::uint64_t vertices = 0;  // size of the next branch
  std::uint64_t arcs = 0;      // sum of its vertices' degrees (when counted)
};

// A thread's claims of one branch. When the next branch goes to the stack
// they are Alg. 1's local stack LS[tid], bulk-pushed into the global stack
// with one atomic (safeBulkPush) when `threshold` are held; otherwise they are
// only counted (the branch array, i.e. the visited bits, already holds them).
template <bool PushNext>
class LocalClaims {
 public:
  LocalClaims(BranchStack* next, std::size_t threshold) : next_(next) {
    if constexpr (PushNext) items_.resize(threshold ? threshold : 1);
  }
  void add(vid_t x) {
    ++count_;
    if constexpr (PushNext) {
      items_[size_++] = x;
      if (size_ == items_.size()) flush();
    }
  }
  void flush() {
    if constexpr (PushNext) next_->bulk_push(items_.data(), size_);
    size_ = 0;
  }
  std::uint64_t count() const { return count_; }

 private:
  BranchStack* next_;
  std::vector<vid_t> items_;
  std::size_t size_ = 0;
  std::uint64_t count_ = 0;
};

// After a step pushed the next branch (stack[first, first + k)): its levels
// and, when asked for, its degree sum. Kept out of the expansion on purpose:
// there, a level store that misses in cache would sit before the next claim's
// locked OR, which waits for earlier stores, so every discovered vertex would
// cost one memory latency, never overlapped. Here the stores stream.
template <bool CountArcs>
std::uint64_t finish_pushed(const CsrView& g, const vid_t* pushed, std::size_t k, std::uint32_t* level,
                            std::uint32_t b) {
  if (!level && !CountArcs) return 0;
  std::uint64_t arcs = 0;
#pragma omp parallel for schedule(static) reduction(+ : arcs) if (k > 4096)
  for (std::int64_t i = 0; i < std::int64_t(k); ++i) {
    const vid_t x = pushed[i];
    if (level) level[x] = b;
    if constexpr (CountArcs) arcs += g.degree(x);
  }
  return arcs;
}

enum class BranchInput { Stack, Array };

// Offers every neighbour of `c` that looks unvisited (a plain test of the
// visited bitmap) to `claim`. The plain tests run first, branch-free, over
// blocks of arcs, so that the core has many bitmap loads in flight instead of
// stopping at each mispredicted "unvisited" branch; only the few that looked
// unvisited go on to `claim` (a locked test-and-set, or filing in a bucket).
// Without TestFirst every neighbour goes to `claim` untested (deferred claims
// that only read the bitmap when settling, in cache).
template <bool TestFirst = true, class Claim>
inline void expand_vertex(const CsrView& g, vid_t c, const VisitedBitmap& visited, Claim&& claim) {
  constexpr eid_t kBlock = 64;
  const vid_t* adj = g.adj;
  const eid_t b = g.offsets[c], e = g.offsets[c + 1];
  if constexpr (!TestFirst) {
    for (eid_t i = b; i < e; ++i) claim(adj[i]);
    return;
  }
  if (e - b < 16) {  // short lists: the blocks' bookkeeping would cost more than it hides
    for (eid_t i = b; i < e; ++i)
      if (!visited.test(adj[i])) claim(adj[i]);
    return;
  }
  vid_t open[kBlock];
  for (eid_t i = b; i < e; i += kBlock) {
    const eid_t stop = e - i < kBlock ? e : i + kBlock;
    unsigned k = 0;
    for (eid_t j = i; j < stop; ++j) {
      const vid_t x = adj[j];
      open[k] = x;
      k += !visited.test(x);
    }
    for (unsigned t = 0; t < k; ++t) claim(open[t]);
  }
}

// `cur`/`cur_size`: the current branch's stack segment (Input == Stack);
// `bits`: the branch array (Input == Array), whose scan writes the current
// branch's levels. `next`: where next-branch vertices go when PushNext; their
// levels are written from there after the step (finish_pushed), else by the
// next step's scan.
// `local_threshold` is Alg. 1's THRESHOLD. `level` may be null in a
// stack-to-stack step whose caller rebuilds the levels from the stack later
// (the CPU+GPU hybrid). `deferred`: null = each claim is a locked
// test-and-set as the neighbour is met; else the claims are filed there and
// settled after the expansion (large branches, claim_buckets.hpp).
template <BranchInput Input, bool PushNext, bool CountArcs = false>
BranchResult expand_branch(const CsrView& g, std::uint32_t branch, const vid_t* cur, std::size_t cur_size,
                           const BranchBits* bits, std::uint32_t* level, VisitedBitmap& visited, BranchStack* next,
                           std::size_t local_threshold, ClaimBuckets* deferred = nullptr) {
  const std::size_t first_pushed = PushNext ? next->end() : 0;
  if (deferred) deferred->prepare(g.n, omp_get_max_threads());
  std::uint64_t found = 0;
#pragma omp parallel reduction(+ : found)
  {
    LocalClaims<PushNext> claims(next, local_threshold);
    const int tid = omp_get_thread_num();
    auto expand_all = [&](auto test_first, auto&& claim) {
      constexpr bool kTest = decltype(test_first)::value;
      if constexpr (Input == BranchInput::Array) {
        // RMAT without relabelling puts the high degrees at low ids: dynamic chunks.
#pragma omp for schedule(dynamic, 64) nowait
        for (std::int64_t w = 0; w < std::int64_t(bits->words()); ++w) {
          const std::uint64_t members = bits->word(std::size_t(w));
          if (!members) continue;
          const vid_t base = vid_t(std::uint64_t(w) * 64);
          for (std::uint64_t m = members; m; m &= m - 1) level[base + unsigned(__builtin_ctzll(m))] = branch;
          for (std::uint64_t m = members; m; m &= m - 1) {
            const vid_t v = base + unsigned(__builtin_ctzll(m));
            // Members are sparse, so their lists do not form one stream: fetch ahead.
            if (v + 32 < g.n) __builtin_prefetch(&g.adj[g.offsets[v + 32]]);
            expand_vertex<kTest>(g, v, visited, claim);
          }
        }
      } else {
        // The segment is in discovery order, so each vertex's offsets and list
        // start are cache misses: fetch them a few vertices ahead.
        const std::int64_t k = std::int64_t(cur_size);
#pragma omp for schedule(dynamic, 64) nowait
        for (std::int64_t i = 0; i < k; ++i) {
          if (i + 16 < k) __builtin_prefetch(&g.offsets[cur[i + 16]]);
          if (i + 8 < k) __builtin_prefetch(&g.adj[g.offsets[cur[i + 8]]]);
          expand_vertex<kTest>(g, cur[i], visited, claim);
        }
      }
    };
    if (deferred) {
      auto file = [&](vid_t x) { deferred->file(tid, x); };
      if (deferred->test_first) expand_all(std::true_type{}, file);
      else expand_all(std::false_type{}, file);
#pragma omp barrier
#pragma omp for schedule(dynamic, 1) nowait
      for (std::int64_t r = 0; r < std::int64_t(deferred->regions()); ++r)
        deferred->settle(std::size_t(r), visited, [&](vid_t x) { claims.add(x); });
    } else {
      expand_all(std::true_type{}, [&](vid_t x) {
        if (visited.test_and_set(x)) claims.add(x);
      });
    }
    claims.flush();
    found += claims.count();
  }
  BranchResult r{found, 0};
  if constexpr (PushNext) r.arcs = finish_pushed<CountArcs>(g, next->data() + first_pushed, found, level, branch + 1);
  return r;
}

// The sequential state: one thread, the current segment in, pushes straight
// to the stack. Its callers need no degree sum (BranchResult::arcs stays 0).
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
      next.push(x);
    }
  }
  return r;
}

// Starts a traversal: nothing visited, the stack holding the source. The
// levels are not pre-filled: every reached vertex's level is written once
// during the traversal and finish_unreached() writes the others at the end.
// The read states' branch bits need no clearing here: the states that read
// them take their snapshots first.
inline void start_traversal(vid_t source, std::uint32_t* level, VisitedBitmap& visited, BranchStack& stack) {
  if (level) level[source] = 0;
  visited.clear();
  visited.set(source);
  stack.clear();
  stack.push(source);
}

// Ends a traversal: every vertex the visited bitmap does not hold is unreached.
inline void finish_unreached(const VisitedBitmap& visited, std::uint32_t* level) {
  const vid_t n = visited.size();
  const std::int64_t words = std::int64_t(visited.words());
#pragma omp parallel for schedule(static)
  for (std::int64_t w = 0; w < words; ++w) {
    std::uint64_t open = ~visited.word(std::size_t(w));
    if (w == words - 1 && n % 64) open &= (std::uint64_t(1) << (n % 64)) - 1;
    for (; open; open &= open - 1) level[std::uint64_t(w) * 64 + unsigned(__builtin_ctzll(open))] = kUnreachedLevel;
  }
}

}  // namespace gs::traversal
