// What every shortest-path program of paper E accepts: a float-weighted CSR
// graph with non-negative, non-NaN weights. Negative weights break the
// label-setting (Dijkstra) and the atomic-min-on-float-bits tricks the GPU
// programs rely on, so they are refused up front (InputError, exit 2).
#pragma once

#include <cmath>
#include <limits>
#include <string>

#include "common/errors.hpp"
#include "common/graph.hpp"

namespace gs::sssp {

inline constexpr float kUnreachable = std::numeric_limits<float>::infinity();

// Throws InputError naming the first offending arc.
inline void require_nonnegative_weights(const Csr<float>& g, const std::string& who) {
  if (!g.weighted() && g.num_arcs() > 0)
    throw InputError(who + ": the graph has no weights (shortest paths need a weighted graph)");
  for (vid_t u = 0; u < g.n; ++u)
    for (eid_t i = g.offsets[u]; i < g.offsets[u + 1]; ++i)
      if (!(g.w[i] >= 0.0f))  // also catches NaN
        throw InputError(who + ": arc (" + std::to_string(u) + "," + std::to_string(g.adj[i]) + ") has weight " +
                         std::to_string(g.w[i]) + "; shortest-path programs need non-negative weights");
}

// For a program that holds only the vertex count (its graph on a device).
inline void require_source(vid_t n, vid_t source, const std::string& who) {
  if (source >= n)
    throw InputError(who + ": source " + std::to_string(source) + " is not a vertex (n = " + std::to_string(n) + ")");
}

inline void require_source(const Csr<float>& g, vid_t source, const std::string& who) {
  require_source(g.n, source, who);
}

// A bucket width for delta-stepping / near-far: the mean arc weight over the
// mean out-degree (Meyer & Sanders' Theta(1/d) for random weights), times
// `factor`; never below the smallest positive weight, never zero.
float default_delta(const Csr<float>& g, float factor = 1.0f);

}  // namespace gs::sssp
