// The paper's programs add distances in float (and so do the suite's, to
// compare like with like). A graph whose shortest-path sums could pass the
// float maximum would make them report a reachable vertex as infinity: it is
// refused up front (InputError, exit 2) with the reason, instead of a failed
// verification.
#pragma once

#include <algorithm>
#include <cfloat>
#include <string>

#include "common/errors.hpp"
#include "common/graph.hpp"
#include "common/results.hpp"

namespace gs::dijkstra_deg5 {

// A bound on every shortest distance of `g`: a shortest path is simple, so it
// uses each edge at most once and at most n - 1 edges: min(sum of all edge
// weights, largest weight x (n - 1)). Self loops are on no shortest path.
inline double shortest_distance_bound(const Csr<float>& g) {
  double sum = 0, heaviest = 0;
  for (vid_t u = 0; u < g.n; ++u)
    for (eid_t i = g.offsets[u]; i < g.offsets[u + 1]; ++i) {
      const vid_t v = g.adj[i];
      if (v == u || (!g.directed && v < u)) continue;  // an undirected edge once
      sum += double(g.w[i]);
      heaviest = std::max(heaviest, double(g.w[i]));
    }
  return std::min(sum, heaviest * double(g.n > 0 ? g.n - 1 : 0));
}

// Throws InputError naming `graph` when the bound, with float rounding over up to
// n - 1 additions (relative n x 2^-24), reaches the float maximum.
inline void require_float_distances(const Csr<float>& g, const std::string& graph) {
  if (!g.weighted()) return;
  const double bound = shortest_distance_bound(g);
  const double rounding = 1.0 + double(g.n) * (1.0 / 16777216.0);
  if (bound * rounding >= double(FLT_MAX))
    throw InputError(graph + ": shortest-path distances may reach " + fmt_number(bound) +
                     " (the smaller of the sum of the edge weights and the largest weight x (n - 1)), beyond "
                     "the float maximum " +
                     fmt_number(FLT_MAX) + " in which the paper's programs add distances; scale the weights down");
}

}  // namespace gs::dijkstra_deg5
