// The programs of experiment hybrid_dfs: the traversals (every piece but
// table1) behind one interface, and table1's read-bandwidth benchmarks behind
// another, each kind in its program table. Program names are written once, here.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/traversal/bytes_read.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"
#include "common/graph.hpp"
#include "common/harness/program_table.hpp"
#include "common/bench/read_bandwidth.hpp"
#include "experiments/hybrid_dfs/config.hpp"

namespace gs::bgl {
template <class W>
class Digraph;
}

namespace gs::traversal {
class GpuTraversal;
}

namespace gs::hybrid_dfs {

namespace name {
inline constexpr const char* bgl_bfs = "bgl_bfs";
inline constexpr const char* stack_omp = "stack_omp";
inline constexpr const char* read_omp = "read_omp";
inline constexpr const char* hybrid_omp = "hybrid_omp";
inline constexpr const char* dobfs_omp = "dobfs_omp";
inline constexpr const char* read_gpu = "read_gpu";
inline constexpr const char* hybrid_cpu_gpu = "hybrid_cpu_gpu";
inline constexpr const char* dobfs_gpu = "dobfs_gpu";
inline constexpr const char* dobfs_mgpu = "dobfs_mgpu";
inline constexpr const char* pbgl_bfs = "pbgl_bfs";
inline constexpr const char* combblas_bfs = "combblas_bfs";
inline constexpr const char* bw_seq_cpu = "bw_seq_cpu";
inline constexpr const char* bw_rand_cpu = "bw_rand_cpu";
inline constexpr const char* bw_seq_gpu = "bw_seq_gpu";
inline constexpr const char* bw_rand_gpu = "bw_rand_gpu";
}  // namespace name

// What the traversals share on one graph, built outside the timed region: the
// CPU workspace, the level array (page-locked once a GPU program uses it), and
// on first use BGL's graph and the GPU's copy of the graph (one upload for
// every GPU program).
class GraphState {
 public:
  explicit GraphState(const Csr<std::uint32_t>& g);
  ~GraphState();

  const Csr<std::uint32_t>& graph;
  traversal::CpuWorkspace ws;
  std::vector<std::uint32_t> level;

  bgl::Digraph<std::uint32_t>& bgl();
  double bgl_setup_seconds() const { return bgl_setup_s_; }
  traversal::GpuTraversal& gpu(const traversal::GpuOptions& opt);
  double upload_seconds() const;
  // Frees the one-GPU copy of the graph (before a multi-GPU program uploads its own).
  void release_gpu();

 private:
  std::unique_ptr<bgl::Digraph<std::uint32_t>> bgl_;
  double bgl_setup_s_ = 0;
  std::unique_ptr<traversal::GpuTraversal> gpu_;  // after `level`: unpins it before it goes
};

struct RunOutcome {
  double seconds = 0;
  // Extra columns: cpu_s, h2d_s, init_s, compute_s, d2h_s, widen_s, late, branch_ms, states, upload_s, setup_s;
  // GPU programs: gpus; the multi-GPU program: comm_s, imbalance, level_ms.
  std::map<std::string, std::string> phases;
  const std::vector<vid_t>* parent = nullptr;  // BGL also returns parents
  // The kind of each branch run, for the bytes_read column (traversal/bytes_read.hpp),
  // counted untimed after the run; empty: not counted for this program.
  std::vector<traversal::BranchKind> branch_kinds;
};

class Traversal {
 public:
  virtual ~Traversal() = default;
  // Host bytes beyond the graph and the shared workspaces, for admission.
  virtual std::uint64_t host_bytes(std::uint64_t /*n*/, std::uint64_t /*arcs*/) const { return 0; }
  // Device bytes (0: the program does not use the GPU), for admission.
  virtual std::uint64_t device_bytes(std::uint64_t /*n*/, std::uint64_t /*arcs*/) const { return 0; }
  // Builds what the program needs beyond the graph (BGL's graph, the upload); untimed.
  virtual void prepare(GraphState& /*state*/) {}
  // One traversal from `source` into state.level; times itself.
  virtual RunOutcome run(GraphState& state, vid_t source) = 0;
  // A multi-GPU program: the GPU counts it runs at, one after another (empty: not
  // one), and the switch to one of them (builds and uploads; untimed; 0 frees its GPUs).
  virtual std::vector<int> gpu_counts() const { return {}; }
  virtual void use_gpus(GraphState& /*state*/, int /*gpus*/) {}
};

// table1's arrays: each allocated and filled (untimed) by the first program that reads it.
struct ReadArrays {
  std::uint64_t words = 0;  // 8-byte words, a power of two
  std::uint64_t reads = 0;  // random reads per measurement
  std::unique_ptr<bench::CpuReadBench> cpu;
#ifdef GS_HAVE_CUDA
  std::unique_ptr<bench::GpuReadBench> gpu;
#endif
};

class ReadBenchmark {
 public:
  virtual ~ReadBenchmark() = default;
  virtual void prepare(ReadArrays& arrays) = 0;
  virtual bench::ReadBandwidth measure(ReadArrays& arrays) = 0;
  // The checksum of every read performed, computed without reading the array.
  virtual std::uint64_t expected_checksum(const ReadArrays& arrays) const = 0;
};

const harness::ProgramTable<Traversal, Config>& traversals();
const harness::ProgramTable<ReadBenchmark, Config>& read_benchmarks();

}  // namespace gs::hybrid_dfs
