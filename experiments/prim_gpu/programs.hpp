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

// The default of --prim-max-work: 2^35 steps x vertices scanned per step (the
// generated pieces stay below it; NOTES.md has what it means in seconds).
inline constexpr std::int64_t kDefaultPrimMaxWork = std::int64_t(1) << 35;

// The experiment's own options.
struct Config {
  int max_blocks = 64;  // prim_minreduce_gpu's kernel1 grid limit (the paper's max_blocks)
  // The largest estimated work (steps x vertices scanned per step) of a Prim that
  // scans every remaining vertex on every step; above it that Prim skips the graph.
  std::int64_t prim_max_work = kDefaultPrimMaxWork;
};

inline constexpr const char* kSecondsDefinition =
    "GPU: device time of the MST computation (first kernel to forest on the device, CUDA events), "
    "upload and download in h2d_s/d2h_s; BGL: prim_minimum_spanning_tree alone, graph build in setup_s";

struct ProgramRun {
  std::vector<Edge<W>> forest;
  double seconds = 0;                    // what paper A timed: the MST computation (GPU: compute_s)
  std::map<std::string, double> phases;  // phase column -> seconds or count (GPU: h2d_s, compute_s, d2h_s, ...)
};

// Per graph: prepare (untimed), then refusal() and device_bytes() on what was
// prepared, then run() per trial, then release().
class Program {
 public:
  virtual ~Program() = default;
  // The largest generated n it runs at on this scale: above it one trial takes minutes.
  virtual vid_t max_n(bool /*paper_scale*/) const { return std::numeric_limits<vid_t>::max(); }
  // Once per graph, untimed: BGL's graph, or the graph without its isolated vertices.
  virtual void prepare(const Csr<W>& /*g*/) {}
  // Why it does not run on the prepared graph ("": it runs): an estimated cost above
  // its bound, or a weight it cannot represent.
  virtual std::string refusal() const { return {}; }
  // Device bytes it needs for the prepared graph (admission); 0: host only.
  virtual std::uint64_t device_bytes() const { return 0; }
  virtual ProgramRun run(const Csr<W>& g) = 0;
  // Once per graph after the trials.
  virtual void release() {}
  // Columns the program adds to every row for this graph (setup_s).
  virtual std::map<std::string, double> graph_columns() const { return {}; }
};

using ProgramTable = harness::ProgramTable<Program, Config>;
const ProgramTable& programs();

}  // namespace gs::prim_gpu_exp
