// How the multi-GPU traversal (mgpu_traversal.hpp) splits a graph between G
// GPUs: G contiguous vertex ranges (1D), each GPU owning the levels and the
// visited bits of its range. A GPU holds two sets of arcs:
//   * its own vertices' arcs (a slice of the CSR), for the bottom-up step;
//   * the arcs INTO its range, grouped by source over all n vertices
//     (arcs_into), for the top-down step: every GPU expands the whole
//     frontier, each into its own range, so no discovered vertex has to be
//     sent to its owner.
// (Both sets are the same arcs of an undirected graph, in two orders.)
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/traversal/csr_view.hpp"

namespace gs::traversal {

// parts + 1 bounds: range k = [bounds[k], bounds[k + 1]), bounds[0] = 0,
// bounds[parts] = n, every inner bound a multiple of 32 (a range is whole
// words of the bitmaps). The ranges balance degree + 1 per vertex: RMAT's
// hubs sit at small ids, so equal vertex counts would give the first GPU
// most of the arcs. A range may be empty (a graph of few vertices).
std::vector<vid_t> range_bounds(const CsrView& g, int parts);

struct ArcsInto {
  std::vector<eid_t> offsets;  // n + 1: the arcs of source x are [offsets[x], offsets[x + 1])
  std::vector<vid_t> adj;      // targets, all in [lo, hi)
};

// The arcs of `g` whose target lies in [lo, hi), grouped by source.
ArcsInto arcs_into(const CsrView& g, vid_t lo, vid_t hi);

}  // namespace gs::traversal
