// Direction-optimising traversal on the CPU (beyond the paper).
// Top-down branches are Alg. 1 steps on the stack; bottom-up branches let each
// thread own whole 64-vertex words of the visited bitmap, so they need no
// atomics: an unvisited vertex stops at its first neighbour in the frontier.
#include <omp.h>

#include <utility>
#include <vector>

#include "algorithms/traversal/branch_steps.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"
#include "algorithms/traversal/frontier_state.hpp"
#include "common/timer.hpp"

namespace gs::traversal {
namespace {

// The bottom-up search over the unvisited vertices `open` of the word at
// `base`: each stops at its first neighbour in the frontier. Returns the found
// ones and, among `open`, the ones without arcs.
//
// A plain loop per vertex, the list 32 vertices ahead prefetched: most vertices
// stop at their first or second arc, so the branch is bound by fetching each
// one's first list line, not by the frontier tests (the branch-free variant
// compared: experiments/hybrid_dfs/NOTES.md).
struct WordSearch {
  std::uint64_t found = 0, no_arcs = 0;
};
inline WordSearch search_word(const CsrView& g, const VisitedBitmap& frontier, vid_t base, std::uint64_t open) {
  const eid_t* offsets = g.offsets;
  const vid_t* adj = g.adj;
  WordSearch r;
  for (; open; open &= open - 1) {
    const unsigned b = unsigned(__builtin_ctzll(open));
    const vid_t v = base + b;
    if (v + 32 < g.n)
      __builtin_prefetch(&adj[offsets[v + 32]]);  // lists of skipped (visited) vertices break the stream
    const eid_t first = offsets[v], last = offsets[v + 1];
    r.no_arcs |= std::uint64_t(first == last) << b;
    for (eid_t i = first; i < last; ++i)
      if (frontier.test(adj[i])) {
        r.found |= std::uint64_t(1) << b;
        break;
      }
  }
  return r;
}

// `first`: the traversal's first bottom-up branch, which records the vertices
// without arcs in `isolated` so that later bottom-up branches skip them
// without reading their offsets (most of an RMAT graph's unvisited vertices
// are isolated by the last branches).
BranchResult bottom_up_step(const CsrView& g, std::uint32_t branch, std::uint32_t* level, VisitedBitmap& visited,
                            const VisitedBitmap& frontier, VisitedBitmap& next, VisitedBitmap& isolated, bool first) {
  std::uint64_t found = 0, found_arcs = 0;
  const std::int64_t words = std::int64_t(visited.words());
  const std::uint64_t tail_bits = g.n % 64;
  // Low ids carry the high degrees (RMAT without relabelling): dynamic chunks.
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : found, found_arcs)
  for (std::int64_t w = 0; w < words; ++w) {
    const std::uint64_t seen = visited.word(std::size_t(w));
    std::uint64_t open = ~seen;  // unvisited vertices of this word
    if (w == words - 1 && tail_bits) open &= (std::uint64_t(1) << tail_bits) - 1;
    if (!first) open &= ~isolated.word(std::size_t(w));
    const vid_t base = vid_t(std::uint64_t(w) * 64);
    const WordSearch s = open ? search_word(g, frontier, base, open) : WordSearch{};
    if (first) isolated.store_word(std::size_t(w), s.no_arcs);
    next.store_word(std::size_t(w), s.found);
    if (!s.found) continue;
    visited.store_word(std::size_t(w), seen | s.found);  // this thread owns the word in this step
    found += std::uint64_t(__builtin_popcountll(s.found));
    for (std::uint64_t bits = s.found; bits; bits &= bits - 1) {
      const vid_t v = base + unsigned(__builtin_ctzll(bits));
      level[v] = branch + 1;
      found_arcs += g.degree(v);
    }
  }
  return {found, found_arcs};
}

// The frontier as a bitmap when the traversal turns bottom-up: the vertices
// reached by the last top-down step (branch_bits' snapshots before it and
// now), with no atomic per vertex.
void frontier_from_snapshots(const BranchBits& bits, VisitedBitmap& frontier) {
#pragma omp parallel for schedule(static)
  for (std::int64_t w = 0; w < std::int64_t(bits.words()); ++w)
    frontier.store_word(std::size_t(w), bits.word(std::size_t(w)));
}

// The frontier as a bitmap when the traversal turns bottom-up and no
// snapshot was taken before the last top-down step: the stack segment's
// vertices, one atomic OR each (the segment is small then).
void frontier_from_stack(const vid_t* segment, std::size_t size, VisitedBitmap& frontier) {
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (std::int64_t w = 0; w < std::int64_t(frontier.words()); ++w) frontier.store_word(std::size_t(w), 0);
#pragma omp for schedule(static)
    for (std::int64_t i = 0; i < std::int64_t(size); ++i) frontier.set(segment[i]);
  }
}

// After one of consecutive small top-down branches, which found `found`
// vertices with `found_arcs` arcs and pushed them: the frontier state, the
// stack segment [begin, end) and the trace move on to the next branch.
void end_small_branch(std::uint64_t found, std::uint64_t found_arcs, const BranchStack& stack, FrontierState& f,
                      std::size_t& begin, std::size_t& end, DirectionTrace* trace, WallTimer& timer) {
  f.prev_size = f.size;
  f.size = found;
  f.arcs = found_arcs;
  f.unexplored -= found_arcs;
  begin = end;
  end = stack.end();
  if (trace) {
    trace->bottom_up.push_back(false);
    trace->branch_seconds.push_back(timer.seconds());
    timer.restart();
  }
}

// Consecutive small top-down branches in one parallel region (road-like
// graphs: thousands of branches of a few thousand vertices each, where a
// parallel region, a visited-bitmap snapshot and a level pass per branch
// would be most of the time): each thread a contiguous part of the frontier
// segment (one static split: the segment is in discovery order, so parts cost
// about the same), its offsets and lists fetched ahead, and two barriers per
// branch. A thread writes its claims' levels and sums their degrees when it
// flushes its local stack, not between the locked ORs (a store that misses
// would hold up the next OR). It hands back to serial_branches once a branch
// falls below `serial_arcs`. The stack segment [begin, end) is the frontier in
// and out; `f` is updated; returns the branches run (at least one).
std::uint32_t small_branches(const CsrView& g, std::uint32_t branch, std::uint32_t* level, VisitedBitmap& visited,
                             BranchStack& stack, std::size_t& begin, std::size_t& end, FrontierState& f,
                             std::uint64_t serial_arcs, const DirectionOptions& opt, DirectionTrace* trace) {
  std::uint32_t k = 0;
  bool go_on = true;
  struct alignas(64) Counts {  // one cache line per thread
    std::uint64_t found, arcs;
  };
  std::vector<Counts> counts(static_cast<std::size_t>(omp_get_max_threads()));
  WallTimer timer;
#pragma omp parallel
  {
    const int tid = omp_get_thread_num(), threads = omp_get_num_threads();
    Counts& mine = counts[std::size_t(tid)];
    std::vector<vid_t> local;
    local.reserve(opt.local_threshold);
    for (;;) {
      const vid_t* cur = stack.data() + begin;
      const std::int64_t size = std::int64_t(end - begin);
      const std::uint32_t next_level = branch + k + 1;
      std::uint64_t my_found = 0, my_arcs = 0;
      const std::int64_t lo = size * tid / threads, hi = size * (tid + 1) / threads;
      auto settle = [&] {
        for (const vid_t x : local) {
          level[x] = next_level;
          my_arcs += g.degree(x);
        }
        my_found += local.size();
        stack.bulk_push(local.data(), local.size());
        local.clear();
      };
      for (std::int64_t i = lo; i < hi; ++i) {
        if (i + 16 < hi) __builtin_prefetch(&g.offsets[cur[i + 16]]);
        if (i + 8 < hi) __builtin_prefetch(&g.adj[g.offsets[cur[i + 8]]]);
        const vid_t c = cur[i];
        for (eid_t a = g.offsets[c], e = g.offsets[c + 1]; a < e; ++a) {
          const vid_t x = g.adj[a];
          if (visited.test(x) || !visited.test_and_set(x)) continue;
          local.push_back(x);
          if (local.size() == opt.local_threshold) settle();
        }
      }
      settle();
      mine = {my_found, my_arcs};
#pragma omp barrier
#pragma omp single
      {
        std::uint64_t found = 0, found_arcs = 0;
        for (const Counts& c : counts) found += c.found, found_arcs += c.arcs;
        ++k;
        end_small_branch(found, found_arcs, stack, f, begin, end, trace, timer);
        go_on = small_branches_go_on(f, opt.small_branch_arcs, opt.alpha) && f.arcs >= serial_arcs;
      }  // (its barrier: every thread sees the new state)
      if (!go_on) break;
    }
  }
  return k;
}

// Consecutive top-down branches too small to share (fewer frontier arcs than
// serial_arcs, DirectionOptions::serial_branch_arcs) on the calling thread alone: no
// parallel region, barrier or locked instruction, so a road-like graph's
// thousands of branches of a few hundred vertices cost their memory accesses
// only. The current segment's offsets and lists are fetched a few vertices
// ahead (discovery order scatters them). Same contract as small_branches.
std::uint32_t serial_branches(const CsrView& g, std::uint32_t branch, std::uint32_t* level, VisitedBitmap& visited,
                              BranchStack& stack, std::size_t& begin, std::size_t& end, FrontierState& f,
                              std::uint64_t serial_arcs, const DirectionOptions& opt, DirectionTrace* trace) {
  const eid_t* offsets = g.offsets;
  const vid_t* adj = g.adj;
  std::uint32_t k = 0;
  WallTimer timer;
  do {
    const vid_t* cur = stack.data() + begin;
    const std::size_t size = end - begin;
    const std::uint32_t next_level = branch + k + 1;
    std::uint64_t found = 0, found_arcs = 0;
    for (std::size_t i = 0; i < size; ++i) {
      if (i + 16 < size) __builtin_prefetch(&offsets[cur[i + 16]]);
      if (i + 8 < size) __builtin_prefetch(&adj[offsets[cur[i + 8]]]);
      const vid_t c = cur[i];
      for (eid_t a = offsets[c], e = offsets[c + 1]; a < e; ++a) {
        const vid_t x = adj[a];
        if (visited.test(x)) continue;
        visited.set_unshared(x);
        level[x] = next_level;
        ++found;
        found_arcs += g.degree(x);
        stack.push(x);
      }
    }
    ++k;
    end_small_branch(found, found_arcs, stack, f, begin, end, trace, timer);
  } while (small_branches_go_on(f, serial_arcs, opt.alpha));
  return k;
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
  const std::uint64_t serial_arcs = opt.serial_branch_arcs == kSerialArcsAuto
                                        ? serial_branch_arcs_for(omp_get_max_threads())
                                        : std::uint64_t(opt.serial_branch_arcs);
  ws.buckets.test_first = opt.deferred_test_first;
  start_traversal(source, lv, ws.visited, ws.stack);
  ws.branch_bits.clear();  // a switch at branch 0 finds the source alone as the frontier
  // Whether ws.branch_bits holds the visited set from before the last
  // top-down step (a large step takes that snapshot; a small one does not,
  // and a switch after it builds the frontier from the stack).
  bool snapshot_before_last_step = true;
  std::size_t begin = 0, end = ws.stack.end();
  VisitedBitmap* frontier = &ws.frontier;
  VisitedBitmap* next = &ws.next_frontier;
  bool bottom_up = false, turned_bottom_up = false;
  std::uint64_t unexplored_arcs = g.arcs - g.degree(source), frontier_arcs = g.degree(source), frontier_size = 1;
  std::uint64_t prev_size = 0;
  for (std::uint32_t branch = 0; frontier_size > 0; ++branch) {
    const WallTimer timer;
    const FrontierState now{frontier_size, prev_size, frontier_arcs, unexplored_arcs};
    if (!bottom_up && turn_bottom_up(now, opt.alpha)) {
      if (snapshot_before_last_step) {
        ws.branch_bits.snapshot(ws.visited);
        frontier_from_snapshots(ws.branch_bits, *frontier);
      } else {
        frontier_from_stack(ws.stack.data() + begin, end - begin, *frontier);
      }
      bottom_up = true;
    } else if (bottom_up && turn_top_down(now, g.n, opt.beta)) {
      begin = ws.stack.end();
      bitmap_to_stack(*frontier, ws.stack, opt.local_threshold);
      end = ws.stack.end();
      bottom_up = false;
    }
    if (!bottom_up && frontier_arcs < opt.small_branch_arcs) {
      FrontierState f{frontier_size, prev_size, frontier_arcs, unexplored_arcs};
      branch += (frontier_arcs < serial_arcs
                     ? serial_branches(g, branch, lv, ws.visited, ws.stack, begin, end, f, serial_arcs, opt, trace)
                     : small_branches(g, branch, lv, ws.visited, ws.stack, begin, end, f, serial_arcs, opt, trace)) -
                1;
      snapshot_before_last_step = false;
      frontier_size = f.size;
      prev_size = f.prev_size;
      frontier_arcs = f.arcs;
      unexplored_arcs = f.unexplored;
      continue;
    }
    BranchResult r;
    if (bottom_up) {
      r = bottom_up_step(g, branch, lv, ws.visited, *frontier, *next, ws.isolated, !turned_bottom_up);
      turned_bottom_up = true;
      std::swap(frontier, next);
    } else {
      // Every large top-down step may be the last before turning bottom-up,
      // which needs the visited set from before it (frontier_from_snapshots).
      ws.branch_bits.snapshot(ws.visited);
      snapshot_before_last_step = true;
      r = expand_branch<BranchInput::Stack, true, true>(g, branch, ws.stack.data() + begin, end - begin, nullptr, lv,
                                                        ws.visited, &ws.stack, opt.local_threshold,
                                                        end - begin >= opt.defer_claims_from ? &ws.buckets : nullptr);
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
