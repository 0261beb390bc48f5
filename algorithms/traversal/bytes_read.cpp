#include "algorithms/traversal/bytes_read.hpp"

#include <algorithm>

namespace gs::traversal {

std::uint64_t bytes_read(const CsrView& g, const std::vector<std::uint32_t>& level,
                         const std::vector<BranchKind>& kinds) {
  constexpr std::uint64_t kId = sizeof(vid_t), kOffsets = 2 * sizeof(eid_t), kWord = 4;
  const std::uint32_t branches = std::uint32_t(kinds.size());
  // Per level k < branches: its vertices' count and arcs (top-down and read-based reads).
  std::vector<std::uint64_t> vertices(branches, 0), arcs(branches, 0);
  for (vid_t v = 0; v < g.n; ++v)  // (sequential: a road graph has thousands of levels)
    if (level[v] < branches) {
      ++vertices[level[v]];
      arcs[level[v]] += g.degree(v);
    }
  std::uint64_t bytes = 0;
  for (std::uint32_t k = 0; k < branches; ++k) {
    switch (kinds[k]) {
      case BranchKind::top_down:
        bytes += vertices[k] * (kId + kOffsets) + arcs[k] * (kId + kWord);
        break;
      case BranchKind::read_based:
        bytes += std::uint64_t(g.n) + vertices[k] * kOffsets + arcs[k] * (kId + kWord);
        break;
      case BranchKind::bottom_up: {
        bytes += (std::uint64_t(g.n) + 7) / 8;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : bytes)
        for (std::int64_t i = 0; i < std::int64_t(g.n); ++i) {
          const vid_t v = vid_t(i);
          if (level[v] <= k || g.degree(v) == 0) continue;  // visited before, or skipped by its bit
          bytes += kOffsets;
          eid_t scanned = g.degree(v);
          if (level[v] == k + 1)  // found now: stops at its first arc into level k
            for (eid_t a = g.offsets[v]; a < g.offsets[v + 1]; ++a)
              if (level[g.adj[a]] == k) {
                scanned = a - g.offsets[v] + 1;
                break;
              }
          bytes += scanned * (kId + kWord);
        }
        break;
      }
    }
  }
  return bytes;
}

}  // namespace gs::traversal
