// Per-graph scratch memory of the CPU traversals, allocated once outside the
// timed region (like the graph itself). Clearing it is part of each traversal.
#pragma once

#include "algorithms/traversal/branch_bits.hpp"
#include "algorithms/traversal/branch_stack.hpp"
#include "algorithms/traversal/claim_buckets.hpp"
#include "algorithms/traversal/visited_bitmap.hpp"

namespace gs::traversal {

struct CpuWorkspace {
  explicit CpuWorkspace(vid_t n) : visited(n), branch_bits(n), frontier(n), next_frontier(n), isolated(n), stack(n) {}
  VisitedBitmap visited;
  BranchBits branch_bits;                 // the read states' branch array
  VisitedBitmap frontier, next_frontier;  // bottom-up steps of the direction-optimising traversal
  VisitedBitmap isolated;                 // vertices without arcs, found by a traversal's first bottom-up step
  BranchStack stack;
  ClaimBuckets buckets;  // deferred claims of large branches
};

}  // namespace gs::traversal
