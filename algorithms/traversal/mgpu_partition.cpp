#include "algorithms/traversal/mgpu_partition.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "common/large_vector.hpp"
#include "common/parallel_sum.hpp"

namespace gs::traversal {

namespace {

void check_arc_weight(double arc_weight) {
  if (!std::isfinite(arc_weight) || arc_weight < 0)
    throw std::invalid_argument("the ranges' arc weight must be finite and >= 0");
}

}  // namespace

std::vector<vid_t> range_bounds(const CsrView& g, int parts, double arc_weight) {
  if (parts < 1) throw std::invalid_argument("range_bounds: parts must be >= 1");
  check_arc_weight(arc_weight);
  // Cost of vertices [0, x): x + weight x their arcs (increasing in x). Exact
  // in a double for whole weights: both terms stay far below 2^53.
  const auto cost = [&](vid_t x) { return double(x) + arc_weight * double(g.offsets[x]); };
  const double total = cost(g.n);
  std::vector<vid_t> bounds(std::size_t(parts) + 1, 0);
  for (int k = 1; k < parts; ++k) {
    const double target = std::floor(total * k / parts);
    vid_t lo = 0, hi = g.n;  // the first x with cost(x) >= target
    while (lo < hi) {
      const vid_t mid = lo + (hi - lo) / 2;
      if (cost(mid) < target) lo = mid + 1;
      else hi = mid;
    }
    const vid_t word = vid_t((std::uint64_t(lo) + 16) / 32 * 32);  // the nearest word boundary
    bounds[k] = std::clamp(std::min<vid_t>(word, g.n / 32 * 32), bounds[k - 1], g.n);
  }
  bounds[parts] = g.n;
  return bounds;
}

std::uint64_t largest_range_arcs(std::uint64_t n, std::uint64_t arcs, int parts, double arc_weight) {
  check_arc_weight(arc_weight);
  const double g = std::max(1, parts), a = double(arcs);
  const double balanced = arc_weight > 0 ? a / g + double(n) / (arc_weight * g) : a;
  return std::uint64_t(std::min(a, balanced + a / 20));
}

std::uint64_t largest_range_vertices(std::uint64_t n, std::uint64_t arcs, int parts, double arc_weight) {
  check_arc_weight(arc_weight);
  const double cost = (double(n) + arc_weight * double(arcs)) / std::max(1, parts);
  return std::min<std::uint64_t>(n, std::uint64_t(cost) + 32);
}

ArcsInto arcs_into(const CsrView& g, vid_t lo, vid_t hi) {
  ArcsInto out;
  assign_large(out.offsets, std::size_t(g.n) + 1);
  const std::int64_t n = g.n;
#pragma omp parallel for schedule(dynamic, 4096)
  for (std::int64_t x = 0; x < n; ++x) {
    eid_t count = 0;
    for (eid_t e = g.offsets[x]; e < g.offsets[x + 1]; ++e) count += g.adj[e] >= lo && g.adj[e] < hi;
    out.offsets[std::size_t(x) + 1] = count;
  }
  inclusive_sum_in_place(out.offsets.data() + 1, std::size_t(n));
  assign_large(out.adj, out.offsets.back());
#pragma omp parallel for schedule(dynamic, 4096)
  for (std::int64_t x = 0; x < n; ++x) {
    eid_t k = out.offsets[x];
    for (eid_t e = g.offsets[x]; e < g.offsets[x + 1]; ++e)
      if (g.adj[e] >= lo && g.adj[e] < hi) out.adj[k++] = g.adj[e];
  }
  return out;
}

}  // namespace gs::traversal
