// The traversal family's programs (paper D, experiment hybrid_dfs): their
// options, bound to the command line with every default written once (by the
// algorithms' own option structs and constants), the graph they share, and
// their entries in the experiment's order. The CPU adapters are in
// traversal_programs.cpp (always built), the GPU ones in
// traversal_gpu_programs.cpp and mgpu_programs.cpp (in gs_traversal_gpu, the
// latter with NCCL); the distributed engines (algorithms/distributed) are
// entries without a factory that the experiment's scale-out run makes.
//
// table1's read-bandwidth benchmarks (common/bench) are programs of their own
// kind, registered here too (read_bandwidth_programs).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/traversal/bytes_read.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"
#include "algorithms/traversal/gpu_options.hpp"
#include "algorithms/traversal/mgpu_partition.hpp"
#include "common/bench/read_bandwidth.hpp"
#include "common/cli.hpp"
#include "common/graph.hpp"
#include "common/harness/program.hpp"
#include "common/harness/program_table.hpp"
#include "common/results.hpp"

namespace gs::bgl {
template <class W>
class Digraph;
}

namespace gs::bench {
class GpuReadBench;  // read_bandwidth.hpp, with CUDA
}

namespace gs::traversal {

class GpuTraversal;  // gpu_traversal.hpp, with CUDA
class OrderedCopy;   // ordered_copy.hpp

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
}  // namespace name

// The options of the traversals. The fields are bound to the command line by
// reference (bind_options): an options struct stays where it was bound.
struct TraversalOptions {
  HybridOptions hybrid;           // hybrid_omp, the CPU side of hybrid_cpu_gpu, stack_omp's local stack
  DirectionOptions direction;     // dobfs_omp, dobfs_gpu, dobfs_mgpu (claims: as the hybrid's)
  GpuOptions gpu;                 // the GPU programs
  std::uint64_t t4 = kDefaultT4;  // hybrid_cpu_gpu
  bool cpu_degree_order = true;   // dobfs_omp: traverse the graph's degree-ordered copy (ordered_copy.hpp)
  double mgpu_arc_weight = kDefaultRangeArcWeight;  // dobfs_mgpu: its ranges' balance (range_bounds)
  // dobfs_mgpu on the degree-ordered copy: the copy's words dealt out to the GPUs (word_strided.hpp), not cut
  // into ranges by mgpu_arc_weight.
  bool mgpu_word_strided = true;
  // dobfs_mgpu: the GPU counts it runs at; empty: 1, 2, 4, ... up to the GPUs present (mgpu_gpu_counts).
  std::vector<std::int64_t> gpu_counts;

  // Command-line forms that are not their field's type, stored by check_options.
  struct IntegerForm {
    std::int64_t value = 0;
    std::function<void(std::int64_t)> store;  // checks the value and writes the field
  };
  std::string gpu_bottom_up;         // "W/A": gpu.bottom_up_words / _arcs
  std::deque<IntegerForm> integers;  // unsigned sizes, bounded ints (deque: the CLI keeps references)
};

// Declares the options; check_options stores and checks them (InputError on misuse);
// record_options writes them to the results' metadata.
void bind_options(Cli& cli, TraversalOptions& o);
void check_options(TraversalOptions& o);
void record_options(ResultsWriter& w, const TraversalOptions& o);

// The GPU counts dobfs_mgpu runs at: --gpu-counts, else 1, 2, 4, ... up to the GPUs present.
std::vector<int> mgpu_gpu_counts(const TraversalOptions& o);

// What the programs share on one graph, built outside the timed region: the CPU
// workspace, the level array every program writes (page-locked once a GPU
// program uses it), and on first use BGL's graph, the GPU's copy of the graph
// (one upload for every single-GPU program) and the degree-ordered copy.
struct SharedState {
  explicit SharedState(vid_t n);
  ~SharedState();
  CpuWorkspace ws;
  std::vector<std::uint32_t> level;
  std::shared_ptr<bgl::Digraph<std::uint32_t>> bgl;
  double bgl_setup_s = 0;
  std::shared_ptr<GpuTraversal> gpu;  // after `level`: unpins it before it goes
  // The graph relabelled by decreasing degree, built by the first program that
  // traverses it (ordered_copy.hpp: ordered_copy) and kept for the others.
  std::unique_ptr<OrderedCopy> ordered;
};

// The programs' graph: the CSR (traversed as undirected) and what they share on it.
struct TraversalGraph {
  explicit TraversalGraph(const Csr<std::uint32_t>& g) : csr(g), shared(std::make_unique<SharedState>(g.n)) {}
  const Csr<std::uint32_t>& csr;
  std::unique_ptr<SharedState> shared;
};

// One traversal's answer, for the verifier (the Graph500 rules) and its counts.
struct TraversalAnswer {
  const std::vector<std::uint32_t>* level = nullptr;  // the graph's shared level array
  const std::vector<vid_t>* parent = nullptr;         // BGL also returns parents
  // The kind of each branch run, for the bytes_read column (bytes_read.hpp),
  // counted untimed after the run; empty: not counted for this program.
  std::vector<BranchKind> branch_kinds;
  // Where the program traversed a copy of the graph (the degree-ordered one of
  // dobfs_gpu, dobfs_mgpu and dobfs_omp): that graph and its levels there, which
  // bytes_read counts; null: the input.
  const CsrView* traversed = nullptr;
  const std::vector<std::uint32_t>* traversed_level = nullptr;
};

// Query: the root. Phases: cpu_s, h2d_s, init_s, compute_s, d2h_s, widen_s, late,
// branch_ms, states, upload_s, setup_s; GPU programs: gpus; the multi-GPU program:
// comm_s, imbalance, level_ms.
using TraversalProgram = harness::Program<TraversalGraph, TraversalAnswer, vid_t>;

harness::ProgramEntries<TraversalProgram, TraversalOptions> traversal_programs();

// The GPU adapters (gs_traversal_gpu; named only through GS_NEEDS_CUDA / GS_NEEDS_NCCL).
std::unique_ptr<TraversalProgram> make_read_gpu(const TraversalOptions& o);
std::unique_ptr<TraversalProgram> make_hybrid_cpu_gpu(const TraversalOptions& o);
std::unique_ptr<TraversalProgram> make_dobfs_gpu(const TraversalOptions& o);
std::unique_ptr<TraversalProgram> make_dobfs_mgpu(const TraversalOptions& o);

// table1's arrays (the benchmarks' graph): each allocated and filled, untimed, by
// the first benchmark that reads it.
struct ReadArrays {
  std::uint64_t words = 0;  // 8-byte words, a power of two
  std::uint64_t reads = 0;  // random reads per measurement
  std::shared_ptr<bench::CpuReadBench> cpu;
  std::shared_ptr<bench::GpuReadBench> gpu;
};
struct ReadGraph {
  std::unique_ptr<ReadArrays> arrays;
};

// Answer: the measurement; the verifier compares its checksum with the expected one.
struct ReadAnswer {
  bench::ReadBandwidth measured;
  std::uint64_t expected_checksum = 0;  // of every read performed, computed without reading the array
};
// Phase: gbs.
using ReadProgram = harness::Program<ReadGraph, ReadAnswer>;

harness::ProgramEntries<ReadProgram> read_bandwidth_programs();
std::unique_ptr<ReadProgram> make_gpu_read(bool random);  // gs_traversal_gpu

}  // namespace gs::traversal
