// Direction-optimising traversal on the CPU (beyond the paper).
// Top-down branches are Alg. 1 steps on the stack; bottom-up branches let each
// thread own whole 64-vertex words of the visited bitmap, so they need no
// atomics: an unvisited vertex stops at its first neighbour in the frontier.
#include <utility>

#include "algorithms/traversal/branch_steps.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"
#include "common/timer.hpp"

namespace gs::traversal {
namespace {

BranchResult bottom_up_step(const CsrView& g, std::uint32_t branch, std::uint32_t* level, VisitedBitmap& visited,
                            const VisitedBitmap& frontier, VisitedBitmap& next) {
  std::uint64_t found = 0, found_arcs = 0;
  const std::int64_t words = std::int64_t(visited.words());
  const std::uint64_t tail_bits = g.n % 64;
  const eid_t* offsets = g.offsets;
  const vid_t* adj = g.adj;
  // Low ids carry the high degrees (RMAT without relabelling): dynamic chunks.
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : found, found_arcs)
  for (std::int64_t w = 0; w < words; ++w) {
    const std::uint64_t seen = visited.word(std::size_t(w));
    std::uint64_t open = ~seen;  // unvisited vertices of this word
    if (w == words - 1 && tail_bits) open &= (std::uint64_t(1) << tail_bits) - 1;
    std::uint64_t bits = 0;
    for (; open; open &= open - 1) {
      const unsigned b = unsigned(__builtin_ctzll(open));
      const vid_t v = vid_t(std::uint64_t(w) * 64 + b);
      if (v + 32 < g.n) __builtin_prefetch(&adj[offsets[v + 32]]);  // lists of skipped (visited) vertices break the stream
      const eid_t e = offsets[v + 1];
      for (eid_t i = offsets[v]; i < e; ++i)
        if (frontier.test(adj[i])) {
          bits |= std::uint64_t(1) << b;
          found_arcs += e - offsets[v];
          break;
        }
    }
    next.store_word(std::size_t(w), bits);
    if (!bits) continue;
    visited.store_word(std::size_t(w), seen | bits);  // this thread owns the word in this step
    found += std::uint64_t(__builtin_popcountll(bits));
    for (; bits; bits &= bits - 1) level[std::uint64_t(w) * 64 + unsigned(__builtin_ctzll(bits))] = branch + 1;
  }
  return {found, found_arcs};
}

void stack_segment_to_bitmap(const vid_t* seg, std::size_t k, VisitedBitmap& bm) {
  bm.clear();
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(k); ++i) bm.set(seg[i]);
}

void bitmap_to_stack(const VisitedBitmap& bm, BranchStack& stack, std::size_t local_threshold) {
#pragma omp parallel
  {
    LocalClaims<true> local(&stack, local_threshold);
#pragma omp for schedule(static) nowait
    for (std::int64_t w = 0; w < std::int64_t(bm.words()); ++w)
      for (std::uint64_t bits = bm.word(std::size_t(w)); bits; bits &= bits - 1)
        local.add(vid_t(std::uint64_t(w) * 64 + unsigned(__builtin_ctzll(bits))));
    local.flush();
  }
}

}  // namespace

void dobfs_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
               const DirectionOptions& opt, DirectionTrace* trace) {
  level.resize(g.n);
  if (trace) {
    trace->bottom_up.clear();
    trace->branch_seconds.clear();
  }
  std::uint32_t* lv = level.data();
  start_traversal(source, lv, ws.visited, ws.stack);
  std::size_t begin = 0, end = ws.stack.end();
  VisitedBitmap* frontier = &ws.frontier;
  VisitedBitmap* next = &ws.next_frontier;
  bool bottom_up = false;
  std::uint64_t unexplored_arcs = g.arcs - g.degree(source), frontier_arcs = g.degree(source), frontier_size = 1;
  std::uint64_t prev_size = 0;
  for (std::uint32_t branch = 0; frontier_size > 0; ++branch) {
    const WallTimer timer;
    if (!bottom_up && double(frontier_arcs) > double(unexplored_arcs) / opt.alpha && frontier_size > prev_size) {
      stack_segment_to_bitmap(ws.stack.data() + begin, end - begin, *frontier);
      bottom_up = true;
    } else if (bottom_up && double(frontier_size) < double(g.n) / opt.beta && frontier_size < prev_size) {
      begin = ws.stack.end();
      bitmap_to_stack(*frontier, ws.stack, opt.local_threshold);
      end = ws.stack.end();
      bottom_up = false;
    }
    BranchResult r;
    if (bottom_up) {
      r = bottom_up_step(g, branch, lv, ws.visited, *frontier, *next);
      std::swap(frontier, next);
    } else {
      r = expand_branch<BranchInput::Stack, true, true>(g, branch, ws.stack.data() + begin, end - begin, nullptr, lv,
                                                        ws.visited, &ws.stack, opt.local_threshold);
      begin = end;
      end = ws.stack.end();
    }
    if (trace) {
      trace->bottom_up.push_back(bottom_up);
      trace->branch_seconds.push_back(timer.seconds());
    }
    prev_size = frontier_size;
    frontier_size = r.vertices;
    frontier_arcs = r.arcs;
    unexplored_arcs -= r.arcs;
  }
  finish_unreached(ws.visited, lv);
}

}  // namespace gs::traversal
