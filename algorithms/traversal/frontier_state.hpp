// Where a direction-optimising traversal stands between branches (the
// heuristic's inputs), when it turns, and when a run of small top-down
// branches goes on: one rule for dobfs_omp, dobfs_gpu (its host loop and its
// small_levels_kernel) and the multi-GPU traversal (compiled as host and
// device code).
#pragma once

#include <cstdint>

#ifdef __CUDACC__
#define GS_TRAVERSAL_HD __host__ __device__
#else
#define GS_TRAVERSAL_HD
#endif

namespace gs::traversal {

struct FrontierState {
  std::uint64_t size, prev_size, arcs, unexplored;
};

// Top-down -> bottom-up: the frontier's arcs exceed the unexplored arcs / alpha while it grows.
GS_TRAVERSAL_HD inline bool turn_bottom_up(const FrontierState& f, double alpha) {
  return double(f.arcs) > double(f.unexplored) / alpha && f.size > f.prev_size;
}

// Bottom-up -> top-down: the frontier holds fewer than n / beta vertices while it shrinks.
GS_TRAVERSAL_HD inline bool turn_top_down(const FrontierState& f, std::uint64_t n, double beta) {
  return double(f.size) < double(n) / beta && f.size < f.prev_size;
}

// Another small branch follows unless the frontier is empty, has reached
// `arc_limit` arcs (the per-branch steps take over), or the heuristic would
// turn bottom-up (frontier arcs > unexplored / alpha while growing), so the
// caller's loop goes on exactly where its own decision would.
GS_TRAVERSAL_HD inline bool small_branches_go_on(const FrontierState& f, std::uint64_t arc_limit, double alpha) {
  if (f.size == 0 || f.arcs >= arc_limit) return false;
  return !turn_bottom_up(f, alpha);
}

}  // namespace gs::traversal
