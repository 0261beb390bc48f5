// Where a direction-optimising traversal stands between branches (the
// heuristic's inputs), and when a run of small top-down branches goes on:
// one rule for dobfs_omp's small_branches and dobfs_gpu's small_levels_kernel
// (compiled as host and device code).
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

// Another small branch follows unless the frontier is empty, has reached
// `arc_limit` arcs (the per-branch steps take over), or the heuristic would
// turn bottom-up (frontier arcs > unexplored / alpha while growing), so the
// caller's loop goes on exactly where its own decision would.
GS_TRAVERSAL_HD inline bool small_branches_go_on(const FrontierState& f, std::uint64_t arc_limit, double alpha) {
  if (f.size == 0 || f.arcs >= arc_limit) return false;
  return !(double(f.arcs) > double(f.unexplored) / alpha && f.size > f.prev_size);
}

}  // namespace gs::traversal
