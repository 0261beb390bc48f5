// Runs paper D's programs by name on one graph: owns what each program needs
// beyond the graph (CPU workspace, BGL's graph, the GPU copy), built once per
// graph outside the timed region.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/traversal/cpu_traversals.hpp"
#include "common/algorithms.hpp"
#include "common/graph.hpp"

namespace gs::bgl {
template <class W>
class Digraph;
}

namespace gs::traversal {
class GpuTraversal;
}

namespace gs::hybrid_dfs {

// Every program of the experiment, for --list-algorithms / --algorithms.
const std::vector<AlgorithmInfo>& programs();
// "cpu", "gpu" or "cpu+gpu".
std::string device_of(const std::string& algorithm);

struct ProgramOptions {
  traversal::HybridOptions hybrid;        // hybrid_omp and the CPU side of hybrid_cpu_gpu
  traversal::DirectionOptions direction;  // dobfs_omp, dobfs_gpu
  std::uint64_t t4 = 16384;               // hybrid_cpu_gpu: move to the GPU above this branch size
  // GPU programs (traversal::GpuOptions): copy the levels back early.
  bool gpu_early_copy = true;
  int gpu_bottom_up_words = 4;  // GpuOptions::bottom_up_words / _arcs
  int gpu_bottom_up_arcs = 2;
};

struct RunOutcome {
  double seconds = 0;
  std::map<std::string, std::string> phases;  // cpu_s, h2d_s, init_s, compute_s, d2h_s, widen_s, late, branch_ms, states
};

class TraversalRunner {
 public:
  TraversalRunner(const Csr<std::uint32_t>& g, const ProgramOptions& opt);
  ~TraversalRunner();

  // Builds what `algorithm` needs (BGL graph, GPU upload) if not yet built; untimed.
  void prepare(const std::string& algorithm);
  RunOutcome run(const std::string& algorithm, vid_t source);
  const std::vector<std::uint32_t>& level() const { return level_; }
  // BGL also returns parents; null for the other programs.
  const std::vector<vid_t>* parent() const { return parent_valid_ ? &parent_ : nullptr; }
  double upload_seconds() const;  // the GPU's graph upload, 0 before any GPU program
  double bgl_setup_seconds() const { return bgl_setup_s_; }

 private:
  const Csr<std::uint32_t>& g_;
  ProgramOptions opt_;
  traversal::CpuWorkspace ws_;
  std::vector<std::uint32_t> level_;
  std::vector<vid_t> parent_;
  bool parent_valid_ = false;
  std::unique_ptr<bgl::Digraph<std::uint32_t>> bgl_;
  double bgl_setup_s_ = 0;
  std::unique_ptr<traversal::GpuTraversal> gpu_;
};

}  // namespace gs::hybrid_dfs
