// One branch (level) of the level-synchronous traversal, in the forms the
// paper combines:
//   input  = the current branch's stack segment (Alg. 1)  or a scan of the
//            whole O(N) branch array for entries == branch (Alg. 2);
//   output = next-branch vertices pushed to the stack (Alg. 1) or only marked
//            in the branch array (Alg. 2).
// The four combinations are the stack, read and two transition states of
// Fig. 1. A sequential step (one thread, no atomics on the stack) serves the
// sequential state. Each step returns the next branch's size and the sum of
// its degrees (the direction-optimising traversal's heuristic needs it).
#pragma once

#include <atomic>
#include <cstdint>

#include "algorithms/traversal/branch_stack.hpp"
#include "algorithms/traversal/csr_view.hpp"
#include "algorithms/traversal/visited_bitmap.hpp"

namespace gs::traversal {

struct BranchResult {
  std::uint64_t vertices = 0;  // size of the next branch
  std::uint64_t arcs = 0;      // sum of its vertices' degrees
};

// Relaxed atomic access to the branch (level) array: threads scanning it in
// the read state race with threads writing newly found vertices.
inline std::uint32_t load_level(std::uint32_t* level, vid_t v) {
  return std::atomic_ref<std::uint32_t>(level[v]).load(std::memory_order_relaxed);
}
inline void store_level(std::uint32_t* level, vid_t v, std::uint32_t b) {
  std::atomic_ref<std::uint32_t>(level[v]).store(b, std::memory_order_relaxed);
}

enum class BranchInput { Stack, Array };

// `cur`/`cur_size`: the current branch's stack segment (Input == Stack).
// `next`: where next-branch vertices go when PushNext; `local_threshold` is
// Alg. 1's THRESHOLD. `level` may be null in a stack-to-stack step whose caller
// rebuilds the levels from the stack later (the CPU+GPU hybrid).
template <BranchInput Input, bool PushNext>
BranchResult expand_branch(const CsrView& g, std::uint32_t branch, const vid_t* cur, std::size_t cur_size,
                           std::uint32_t* level, VisitedBitmap& visited, BranchStack* next,
                           std::size_t local_threshold) {
  std::uint64_t found = 0, found_arcs = 0;
#pragma omp parallel reduction(+ : found, found_arcs)
  {
    LocalStack local(PushNext ? next : nullptr, PushNext ? local_threshold : 1);
    auto expand = [&](vid_t c) {
      for (eid_t i = g.offsets[c], e = g.offsets[c + 1]; i < e; ++i) {
        const vid_t x = g.adj[i];
        if (!visited.test_and_set(x)) continue;
        if (level) store_level(level, x, branch + 1);
        ++found;
        found_arcs += g.degree(x);
        if constexpr (PushNext) local.push(x);
      }
    };
    if constexpr (Input == BranchInput::Array) {
#pragma omp for schedule(dynamic, 2048) nowait
      for (std::int64_t v = 0; v < std::int64_t(g.n); ++v)
        if (load_level(level, vid_t(v)) == branch) expand(vid_t(v));
    } else {
#pragma omp for schedule(dynamic, 64) nowait
      for (std::int64_t i = 0; i < std::int64_t(cur_size); ++i) expand(cur[i]);
    }
    if constexpr (PushNext) local.flush();
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
      visited.set(x);
      if (level) level[x] = branch + 1;
      ++r.vertices;
      r.arcs += g.degree(x);
      next.push(x);
    }
  }
  return r;
}

// Starts a traversal: all levels unreached, nothing visited, the stack holding the source.
inline void start_traversal(const CsrView& g, vid_t source, std::uint32_t* level, VisitedBitmap& visited,
                            BranchStack& stack) {
  if (level) {
#pragma omp parallel for schedule(static)
    for (std::int64_t v = 0; v < std::int64_t(g.n); ++v) level[v] = 0xFFFFFFFFu;
    level[source] = 0;
  }
  visited.clear();
  visited.set(source);
  stack.clear();
  stack.push(source);
}

}  // namespace gs::traversal
