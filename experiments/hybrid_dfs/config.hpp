// The options of experiment hybrid_dfs (main.cpp declares them on the command
// line) and what the programs and pieces derive from them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/traversal/cpu_traversals.hpp"
#include "algorithms/traversal/mgpu_partition.hpp"
#include "common/harness/graph_source.hpp"
#include "common/harness/session.hpp"

namespace gs::hybrid_dfs {

// What the programs are configured with (filled from Config by main.cpp's check).
struct ProgramOptions {
  traversal::HybridOptions hybrid;        // hybrid_omp and the CPU side of hybrid_cpu_gpu
  traversal::DirectionOptions direction;  // dobfs_omp, dobfs_gpu
  std::uint64_t t4 = 16384;               // hybrid_cpu_gpu: move to the GPU above this branch size
  // GPU programs (traversal::GpuOptions): copy the levels back early.
  bool gpu_early_copy = true;
  int gpu_bottom_up_words = 4;  // GpuOptions::bottom_up_words / _arcs
  int gpu_bottom_up_arcs = 2;
  int gpu_small_levels = 1;  // GpuOptions::small_level_blocks_per_sm
  // dobfs_mgpu: the GPU counts it runs at (--gpu-counts); empty: 1, 2, 4, ... up to the GPUs present.
  std::vector<int> gpu_counts;
  double mgpu_arc_weight = traversal::kDefaultRangeArcWeight;  // its ranges' balance (range_bounds)
};

struct Config {
  // Command-line options; each field's initial value is its default.
  std::optional<int> roots;  // 10 at paper scale, 4 at quick
  bool gpu_early_copy = true;
  std::string gpu_bottom_up = "4/2";
  std::int64_t gpu_small_levels = 1;
  std::string gpu_counts;  // "1,2,4"; empty: powers of two up to the GPUs present
  double mgpu_arc_weight = traversal::kDefaultRangeArcWeight;
  std::int64_t t1 = 64, t2 = 0, t3 = 2048, t4 = 16384;
  double alpha = 2.0, beta = 2.0;
  std::int64_t local_stack = 256;
  double do_alpha = 14, do_beta = 24;
  std::int64_t defer_claims_from = 65536;
  bool defer_claims_test = true;

  // Filled by check().
  int roots_per_graph = 0;
  int trials_per_root = 1;  // --trials when given
  ProgramOptions programs;
};

// Piece kinds (harness::Piece::kind): what main.cpp's run_graph does with a piece.
inline constexpr const char* kReadBandwidth = "read-bandwidth";  // table1: no graph
inline constexpr const char* kRmat = "rmat";                     // a size that does not fit ends the run (exit 3)
inline constexpr const char* kRmatEachSize = "rmat-each-size";   // each size admitted or refused on its own
inline constexpr const char* kGrid = "grid";                     // road-like: square 4-neighbour grids, n = side^2

// The road piece's square grid by its size (n = side^2 vertices, m = its 2 side (side - 1) edges).
harness::GraphSize grid_size(std::uint64_t side);
std::string grid_name(const harness::GraphSize& size);

// The RMAT graph a piece names by its size (n = 2^scale vertices, m edges).
std::string rmat_name(const harness::GraphSize& size);
inline constexpr double kRmatA = 0.45, kRmatB = 0.25, kRmatC = 0.15;  // SNAP's RMAT defaults, as the paper

// The roots of a graph without --sources, for the single-process and the
// distributed programs alike: `count` members of the giant component (the
// component of the highest-degree vertex, the lowest id among equals), drawn
// uniformly with a generator fixed by the seed; returned as indices into the
// component's `members` vertices in increasing id order. (traverse.cpp)
std::vector<std::uint64_t> root_draws(std::uint64_t members, int count, std::uint64_t seed);

// The session's traversals on one graph of the piece (size null: the --input file). (traverse.cpp)
void run_traversals(harness::Session& s, const Config& c, const harness::GraphSource& source);
// table1's read-bandwidth benchmarks. (table1.cpp)
void run_table1(harness::Session& s, const Config& c);
// pbgl_bfs on the ranks of an MPI job: the scale-out piece's graph, or the --input file. (scale_out.cpp,
// built only with MPI and the Parallel BGL)
void run_scale_out(harness::Session& s, const Config& c, const harness::GraphSource& source);

}  // namespace gs::hybrid_dfs
