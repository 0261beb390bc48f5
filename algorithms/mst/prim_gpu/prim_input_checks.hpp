// Preconditions of the GPU Prim programs, checked on the host before upload
// (outside the timed region), so that a violated one is a clear InputError
// rather than a silently wrong tree.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "common/errors.hpp"
#include "common/graph.hpp"

namespace gs::mst {

inline constexpr std::uint32_t kNoEdgeWeight = std::numeric_limits<std::uint32_t>::max();

inline void check_prim_input(const Csr<std::uint32_t>& g, const char* program) {
  const std::string who(program);
  if (g.directed) throw InputError(who + ": needs an undirected graph");
  if (g.n == std::numeric_limits<vid_t>::max()) throw InputError(who + ": too many vertices");
  if (!g.weighted() && g.num_arcs() > 0) throw InputError(who + ": needs a weighted graph");
  for (vid_t x = 0; x < g.n; ++x)
    for (eid_t i = g.offsets[x]; i < g.offsets[x + 1]; ++i) {
      if (g.w[i] == kNoEdgeWeight)
        throw InputError(who + ": edge weight " + std::to_string(kNoEdgeWeight) +
                         " is reserved (the paper's max_weight: no edge)");
      if (i > g.offsets[x] && (g.adj[i] < g.adj[i - 1] || (g.adj[i] == g.adj[i - 1] && g.w[i] < g.w[i - 1])))
        throw InputError(who + ": adjacency list of vertex " + std::to_string(x) +
                         " is not sorted by (neighbour, weight)");
    }
}

}  // namespace gs::mst
