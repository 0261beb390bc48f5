// The options of experiment hybrid_dfs (the traversal family's, and its own
// roots), its program tables and columns; its pieces and the functions that run them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/traversal/traversal_programs.hpp"
#include "common/cli.hpp"
#include "common/harness/graph_source.hpp"
#include "common/harness/program.hpp"
#include "common/harness/program_table.hpp"
#include "common/harness/session.hpp"

namespace gs::hybrid_dfs {

// The traversals' options (traversal_programs.hpp) and the experiment's own, bound to
// the command line by reference: a Config stays where the driver made it.
struct Config : traversal::TraversalOptions {
  std::optional<int> roots;  // kRoots at paper scale, kQuickRoots at quick
  // Filled by the experiment's check.
  int roots_per_graph = 0;
  int trials_per_root = 1;  // --trials when given
};

inline constexpr int kRoots = 10, kQuickRoots = 4;

// The traversals (every piece but table1) and table1's read-bandwidth benchmarks.
inline const harness::ProgramTable<traversal::TraversalProgram, Config>& traversals() {
  static const harness::ProgramTable<traversal::TraversalProgram, Config> table(traversal::traversal_programs());
  return table;
}
inline const harness::ProgramTable<traversal::ReadProgram, Config>& read_benchmarks() {
  static const harness::ProgramTable<traversal::ReadProgram, Config> table(traversal::read_bandwidth_programs());
  return table;
}

// The results' extra columns, in order. (traverse.cpp)
const std::vector<harness::Column>& columns();

// Piece kinds (harness::Piece::kind): what main.cpp's run_graph does with a piece.
inline constexpr const char* kReadBandwidth = "read-bandwidth";  // table1: no graph
inline constexpr const char* kRmat = "rmat";                     // a size that does not fit ends the run (exit 3)
inline constexpr const char* kRmatEachSize = "rmat-each-size";   // each size admitted or refused on its own
inline constexpr const char* kGrid = "grid";                     // road-like: square 4-neighbour grids, n = side^2
inline constexpr const char* kRmatMostGpus = "rmat-most-gpus";   // as kRmat, dobfs_mgpu at its largest GPU count only

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
// pbgl_bfs and combblas_bfs on the ranks of an MPI job: the scale-out piece's graph, or the
// --input file. (scale_out.cpp, built only with MPI and the Parallel BGL)
void run_scale_out(harness::Session& s, const Config& c, const harness::GraphSource& source);

}  // namespace gs::hybrid_dfs
