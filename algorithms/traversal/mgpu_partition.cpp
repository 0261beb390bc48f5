#include "algorithms/traversal/mgpu_partition.hpp"

#include <algorithm>
#include <stdexcept>

namespace gs::traversal {

std::vector<vid_t> range_bounds(const CsrView& g, int parts) {
  if (parts < 1) throw std::invalid_argument("range_bounds: parts must be >= 1");
  // Cost of vertices [0, x): their arcs + x, i.e. offsets[x] + x (increasing in x).
  const auto cost = [&](vid_t x) { return g.offsets[x] + eid_t(x); };
  const eid_t total = cost(g.n);
  std::vector<vid_t> bounds(std::size_t(parts) + 1, 0);
  for (int k = 1; k < parts; ++k) {
    const eid_t target = eid_t((unsigned __int128)total * unsigned(k) / unsigned(parts));
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

ArcsInto arcs_into(const CsrView& g, vid_t lo, vid_t hi) {
  ArcsInto out;
  out.offsets.assign(std::size_t(g.n) + 1, 0);
  const std::int64_t n = g.n;
#pragma omp parallel for schedule(dynamic, 4096)
  for (std::int64_t x = 0; x < n; ++x) {
    eid_t count = 0;
    for (eid_t e = g.offsets[x]; e < g.offsets[x + 1]; ++e) count += g.adj[e] >= lo && g.adj[e] < hi;
    out.offsets[std::size_t(x) + 1] = count;
  }
  for (std::size_t x = 0; x < std::size_t(n); ++x) out.offsets[x + 1] += out.offsets[x];
  out.adj.resize(out.offsets.back());
#pragma omp parallel for schedule(dynamic, 4096)
  for (std::int64_t x = 0; x < n; ++x) {
    eid_t k = out.offsets[x];
    for (eid_t e = g.offsets[x]; e < g.offsets[x + 1]; ++e)
      if (g.adj[e] >= lo && g.adj[e] < hi) out.adj[k++] = g.adj[e];
  }
  return out;
}

}  // namespace gs::traversal
