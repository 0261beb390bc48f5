// The five programs of the prim_gpu experiment behind one call, so that the
// driver loops over names. Names are fixed: the figures use them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "baselines/bgl.hpp"
#include "common/algorithms.hpp"
#include "common/graph.hpp"

namespace gs::prim_gpu_exp {

using W = std::uint32_t;

const std::vector<AlgorithmInfo>& programs();

struct ProgramRun {
  std::vector<Edge<W>> forest;
  double seconds = 0;  // what paper A timed: the MST computation (GPU: compute_s)
  bool gpu = false;
  double h2d_s = 0, compute_s = 0, d2h_s = 0;
};

struct ProgramOptions {
  unsigned max_blocks = 64;  // prim_minreduce_gpu's kernel1 grid limit
};

// Runs `name` on `g` (BGL's copy of the graph, `bgl`, is built by the caller,
// outside the timed region).
ProgramRun run_program(const std::string& name, const Csr<W>& g, const bgl::Digraph<W>& bgl,
                       const ProgramOptions& opt);

// The graph for BGL Prim: `g` without self loops. BGL relaxes a vertex's self
// loop while the vertex is still gray, overwriting its tree edge (predecessor
// := itself), so gs::bgl::prim loses that vertex's edge. A self loop is never
// in a spanning forest, so dropping it changes no answer.
inline Csr<W> without_self_loops(const Csr<W>& g) {
  Csr<W> out;
  out.n = g.n;
  out.directed = g.directed;
  out.offsets.assign(std::size_t(g.n) + 1, 0);
  out.adj.reserve(g.num_arcs());
  out.w.reserve(g.w.size());
  for (vid_t x = 0; x < g.n; ++x) {
    for (eid_t i = g.offsets[x]; i < g.offsets[x + 1]; ++i)
      if (g.adj[i] != x) {
        out.adj.push_back(g.adj[i]);
        if (g.weighted()) out.w.push_back(g.w[i]);
      }
    out.offsets[x + 1] = out.adj.size();
  }
  return out;
}

// Admission control for `name` on `g` (ResourceError, exit 3, when it does not fit).
void require_memory(const std::string& name, const Csr<W>& g);

}  // namespace gs::prim_gpu_exp
