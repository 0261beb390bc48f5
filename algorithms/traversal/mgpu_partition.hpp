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

// What an arc weighs against a vertex when the ranges are balanced: a
// range costs its vertices + this x its arcs. 1 weighs both alike (RMAT's
// hubs sit at small ids, so the first range gets fewer vertices); 0 gives
// equal vertex counts, whatever the arcs.
inline constexpr double kDefaultRangeArcWeight = 1.0;

// parts + 1 bounds: range k = [bounds[k], bounds[k + 1]), bounds[0] = 0,
// bounds[parts] = n, every inner bound a multiple of 32 (a range is whole
// words of the bitmaps), the ranges' costs as equal as whole words allow
// (arc_weight >= 0, finite). A range may be empty (a graph of few vertices).
std::vector<vid_t> range_bounds(const CsrView& g, int parts, double arc_weight = kDefaultRangeArcWeight);

// At most how many arcs the largest of range_bounds' ranges holds, from the
// sizes alone (admission, before the graph exists): a range costs about
// (n + w arcs) / parts, so it holds at most that / w arcs (all of them when
// w = 0), plus arcs / 20 for the bounds' rounding to words.
std::uint64_t largest_range_arcs(std::uint64_t n, std::uint64_t arcs, int parts, double arc_weight);
// The same for its vertices: a range's cost counts each vertex at least once,
// so at most (n + w arcs) / parts of them, and a word more for the rounding.
std::uint64_t largest_range_vertices(std::uint64_t n, std::uint64_t arcs, int parts, double arc_weight);

struct ArcsInto {
  std::vector<eid_t> offsets;  // n + 1: the arcs of source x are [offsets[x], offsets[x + 1])
  std::vector<vid_t> adj;      // targets, all in [lo, hi)
};

// The arcs of `g` whose target lies in [lo, hi), grouped by source.
ArcsInto arcs_into(const CsrView& g, vid_t lo, vid_t hi);

}  // namespace gs::traversal
