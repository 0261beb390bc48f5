// The options of experiment hybrid_dfs and what the programs and pieces derive
// from them; its pieces and the functions that run them.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/traversal/cpu_traversals.hpp"
#include "algorithms/traversal/gpu_options.hpp"
#include "algorithms/traversal/mgpu_partition.hpp"
#include "common/cli.hpp"
#include "common/harness/graph_source.hpp"
#include "common/harness/session.hpp"

namespace gs::hybrid_dfs {

// An option the CLI binds as a signed integer for a field of another type (an
// unsigned size, a bounded int): `store` checks the value and writes the field.
struct IntegerForm {
  std::int64_t value = 0;
  std::function<void(std::int64_t)> store;
};

// The options of the traversals, bound to the command line (options.cpp). Every
// default is the algorithm's own, in its options struct or constant. The fields
// are bound by reference: a Config stays where the driver made it.
struct Config {
  std::optional<int> roots;                                    // kRoots at paper scale, kQuickRoots at quick
  traversal::HybridOptions hybrid;                             // hybrid_omp and the CPU side of hybrid_cpu_gpu
  traversal::DirectionOptions direction;                       // dobfs_omp, dobfs_gpu, dobfs_mgpu (claims: as hybrid)
  traversal::GpuOptions gpu;                                   // the GPU programs
  std::uint64_t t4 = traversal::kDefaultT4;                    // hybrid_cpu_gpu
  double mgpu_arc_weight = traversal::kDefaultRangeArcWeight;  // dobfs_mgpu: its ranges' balance (range_bounds)
  // dobfs_mgpu: the GPU counts it runs at; empty: 1, 2, 4, ... up to the GPUs present.
  std::vector<int> gpu_counts;

  // Options whose command-line form is not their field's type; each starts from
  // the field's default and is stored into it by check_options().
  std::string gpu_bottom_up;         // "W/A": gpu.bottom_up_words / _arcs
  std::string gpu_counts_text;       // "1,2,4": text, so that a bad item is named as such
  std::deque<IntegerForm> integers;  // unsigned sizes, bounded ints (deque: the CLI keeps references)

  // Filled by check_options().
  int roots_per_graph = 0;
  int trials_per_root = 1;  // --trials when given
};

inline constexpr int kRoots = 10, kQuickRoots = 4;

// The experiment's options: declared on the command line, checked and stored, and
// recorded in the results' metadata. (options.cpp)
void declare_options(Cli& cli, Config& c);
void check_options(Config& c, const CommonOptions& opt);
void record_options(harness::Session& s, const Config& c);

// Piece kinds (harness::Piece::kind): what main.cpp's run_graph does with a piece.
inline constexpr const char* kReadBandwidth = "read-bandwidth";  // table1: no graph
inline constexpr const char* kRmat = "rmat";                     // a size that does not fit ends the run (exit 3)
inline constexpr const char* kRmatEachSize = "rmat-each-size";   // each size admitted or refused on its own
inline constexpr const char* kGrid = "grid";                     // road-like: square 4-neighbour grids, n = side^2

// The road piece's square grid by its size (n = side^2 vertices, m = its 2 side (side - 1) edges).
harness::GraphSize grid_size(std::uint64_t side);
std::string grid_name(const harness::GraphSize& size);

// The pieces at this scale. (pieces.cpp)
std::vector<harness::Piece> pieces(const Config& c, const CommonOptions& opt);

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
