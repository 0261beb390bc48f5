// The five programs of the prim_gpu experiment behind one call, so that the
// driver loops over names. Names are fixed: the figures use them.
#pragma once

#include <cstdint>
#include <map>
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
  std::map<std::string, double> phases;  // a GPU program's breakdown of compute_s (GpuMsfResult::phases)
};

struct ProgramOptions {
  unsigned max_blocks = 64;  // prim_minreduce_gpu's kernel1 grid limit
};

// Runs `name` on `g` (BGL's copy of the graph, `bgl`, is built by the caller,
// outside the timed region).
ProgramRun run_program(const std::string& name, const Csr<W>& g, const bgl::Digraph<W>& bgl,
                       const ProgramOptions& opt);

// Admission control for `name` on `g` (ResourceError, exit 3, when it does not fit).
void require_memory(const std::string& name, const Csr<W>& g);

}  // namespace gs::prim_gpu_exp
