// The five programs of the prim_gpu experiment behind one interface and one
// table. Names are fixed: the figures use them.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/graph.hpp"
#include "common/harness/program_table.hpp"

namespace gs::prim_gpu_exp {

using W = std::uint32_t;

// The experiment's own options.
struct Config {
  int max_blocks = 64;  // prim_minreduce_gpu's kernel1 grid limit (the paper's max_blocks)
};

inline constexpr const char* kSecondsDefinition =
    "GPU: device time of the MST computation (first kernel to forest on the device, CUDA events), "
    "upload and download in h2d_s/d2h_s; BGL: prim_minimum_spanning_tree alone, graph build in setup_s";

struct ProgramRun {
  std::vector<Edge<W>> forest;
  double seconds = 0;                     // what paper A timed: the MST computation (GPU: compute_s)
  std::map<std::string, double> phases;   // phase column -> seconds or count (GPU: h2d_s, compute_s, d2h_s, ...)
};

class Program {
 public:
  virtual ~Program() = default;
  // Device bytes it needs for `g` (admission); 0: host only.
  virtual std::uint64_t device_bytes(const Csr<W>& /*g*/) const { return 0; }
  // The largest generated n it runs at on this scale: above it one trial takes minutes.
  virtual vid_t max_n(bool /*paper_scale*/) const { return std::numeric_limits<vid_t>::max(); }
  // Once per graph, untimed (BGL's graph).
  virtual void prepare(const Csr<W>& /*g*/) {}
  virtual ProgramRun run(const Csr<W>& g) = 0;
  // Once per graph after the trials.
  virtual void release() {}
  // Columns the program adds to every row for this graph (setup_s).
  virtual std::map<std::string, double> graph_columns() const { return {}; }
};

using ProgramTable = harness::ProgramTable<Program, Config>;
const ProgramTable& programs();

}  // namespace gs::prim_gpu_exp
