// Direction-optimising traversal on the CPU (beyond the paper).
// Top-down branches are Alg. 1 steps on the stack; bottom-up branches let each
// thread own whole 64-vertex words of the visited bitmap, so they need no
// atomics: an unvisited vertex stops at its first neighbour in the frontier.
#include <utility>

#include "algorithms/traversal/branch_steps.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"

namespace gs::traversal {
namespace {

BranchResult bottom_up_step(const CsrView& g, std::uint32_t branch, std::uint32_t* level, VisitedBitmap& visited,
                            const VisitedBitmap& frontier, VisitedBitmap& next) {
  std::uint64_t found = 0, found_arcs = 0;
  const std::int64_t words = std::int64_t(visited.words());
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : found, found_arcs)
  for (std::int64_t w = 0; w < words; ++w) {
    const std::uint64_t seen = visited.word(std::size_t(w));
    std::uint64_t bits = 0;
    if (~seen) {
      for (unsigned b = 0; b < 64; ++b) {
        const std::uint64_t v64 = std::uint64_t(w) * 64 + b;
        if (v64 >= g.n) break;
        if ((seen >> b) & 1) continue;
        const vid_t v = vid_t(v64);
        for (eid_t i = g.offsets[v], e = g.offsets[v + 1]; i < e; ++i)
          if (frontier.test(g.adj[i])) {
            bits |= std::uint64_t(1) << b;
            store_level(level, v, branch + 1);
            ++found;
            found_arcs += g.degree(v);
            break;
          }
      }
    }
    next.store_word(std::size_t(w), bits);
    if (bits) visited.or_word(std::size_t(w), bits);
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
    LocalStack local(&stack, local_threshold);
#pragma omp for schedule(static) nowait
    for (std::int64_t w = 0; w < std::int64_t(bm.words()); ++w)
      for (std::uint64_t bits = bm.word(std::size_t(w)); bits; bits &= bits - 1)
        local.push(vid_t(std::uint64_t(w) * 64 + unsigned(__builtin_ctzll(bits))));
    local.flush();
  }
}

}  // namespace

void dobfs_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
               const DirectionOptions& opt, DirectionTrace* trace) {
  level.resize(g.n);
  if (trace) trace->bottom_up.clear();
  std::uint32_t* lv = level.data();
  start_traversal(g, source, lv, ws.visited, ws.stack);
  std::size_t begin = 0, end = ws.stack.end();
  VisitedBitmap* frontier = &ws.frontier;
  VisitedBitmap* next = &ws.next_frontier;
  bool bottom_up = false;
  std::uint64_t unexplored_arcs = g.arcs - g.degree(source), frontier_arcs = g.degree(source), frontier_size = 1;
  std::uint64_t prev_size = 0;
  for (std::uint32_t branch = 0; frontier_size > 0; ++branch) {
    if (!bottom_up && double(frontier_arcs) > double(unexplored_arcs) / opt.alpha && frontier_size > prev_size) {
      stack_segment_to_bitmap(ws.stack.data() + begin, end - begin, *frontier);
      bottom_up = true;
    } else if (bottom_up && double(frontier_size) < double(g.n) / opt.beta && frontier_size < prev_size) {
      begin = ws.stack.end();
      bitmap_to_stack(*frontier, ws.stack, opt.local_threshold);
      end = ws.stack.end();
      bottom_up = false;
    }
    if (trace) trace->bottom_up.push_back(bottom_up);
    BranchResult r;
    if (bottom_up) {
      r = bottom_up_step(g, branch, lv, ws.visited, *frontier, *next);
      std::swap(frontier, next);
    } else {
      r = expand_branch<BranchInput::Stack, true>(g, branch, ws.stack.data() + begin, end - begin, lv, ws.visited,
                                                  &ws.stack, opt.local_threshold);
      begin = end;
      end = ws.stack.end();
    }
    prev_size = frontier_size;
    frontier_size = r.vertices;
    frontier_arcs = r.arcs;
    unexplored_arcs -= r.arcs;
  }
}

}  // namespace gs::traversal
