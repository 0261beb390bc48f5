// The options of experiment dijkstra_deg5 and what its single-process pieces
// (main.cpp) and its distributed run (scale_out.cpp) share: the generator's
// parameters and the rule that picks the sources. The programs and their
// options are the shortest-path family's (algorithms/sssp/sssp_programs.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/sssp/sssp_programs.hpp"
#include "common/cli.hpp"
#include "common/harness/piece.hpp"
#include "common/harness/session.hpp"
#include "common/harness/vertex_ids.hpp"

namespace gs::dijkstra_deg5 {

inline constexpr int kDegree = 5;
// Piece kinds: the grid graph instead of the degree-5 ones; OpenCL on a CPU device.
inline constexpr const char* kGridKind = "grid";
inline constexpr const char* kOpenClCpuKind = "opencl-cpu";
inline constexpr float kMinWeight = 1.0f, kMaxWeight = 1000.0f;

struct Config : sssp::SsspOptions {
  int num_sources = 5;
  std::vector<std::int64_t> sizes;  // replaces the generated pieces' vertex counts
};

// The options, bound to `c` (options.cpp); their checks, and what depends on them (InputError on misuse).
void declare_options(Cli& cli, Config& c);
void check_options(Config& c, const CommonOptions& opt);

// The pieces at this scale (pieces.cpp).
std::vector<harness::Piece> pieces(const Config& c, const CommonOptions& opt);

// --sources (each checked against n), else `count` distinct random vertices fixed by --seed and n. (sources.cpp)
// --sources are file ids, mapped by `ids` (an --input graph's); `graph` names the graph in errors.
std::vector<vid_t> pick_sources(const CommonOptions& opt, vid_t n, int count, const std::string& graph,
                                const harness::VertexIds& ids = {});

// pbgl_delta_stepping on the ranks of an MPI job: the scale-out piece's graph, or the --input file.
// (scale_out.cpp, built only with MPI and the Parallel BGL)
void run_scale_out(harness::Session& s, const Config& c, const harness::GraphSource& source);

}  // namespace gs::dijkstra_deg5
