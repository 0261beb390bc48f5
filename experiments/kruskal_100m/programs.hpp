// The eight programs of kruskal_100m as harness programs (common/harness/program.hpp)
// in one table: each trial gets a fresh copy of the paper's 12-byte edge array
// (the sorts work in place) and returns the forest, its timed seconds and its phases.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/mst/kruskal/kruskal_result.hpp"
#include "common/graph.hpp"
#include "common/harness/program.hpp"
#include "common/harness/program_table.hpp"
#include "common/harness/session.hpp"

namespace gs::kruskal_100m {

using mst::KEdge;

// kruskal_100m has no options of its own.
struct Config {};

// One graph, with everything built outside the timed regions.
struct Workload {
  harness::GraphId id;
  double generate_s = 0;                                     // generation, or reading the --input file
  EdgeList<std::uint32_t> el;                                // as generated or read (the verifier's input)
  std::vector<KEdge> edges;                                  // the same edges as the paper's array of (u, v, w) structs
  std::shared_ptr<const std::vector<double>> value_of_rank;  // ranked --input weights (harness/input_weights.hpp)
};

// What a trial sees: the graph, and a fresh copy of its edge array (made untimed
// before every trial) that the program may reorder.
struct TrialInput {
  const Workload& graph;
  std::vector<KEdge>& edges;
};

inline constexpr const char* kSecondsDefinition =
    "kruskal_seq/kruskal_omp: quicksort of the 12-byte edge array + union-find scan; "
    "kruskal_thrust and kruskal_cdp: end to end as the paper timed them (unpack/allocate/copy to the GPU, sort, "
    "copy back/repack, union-find scan); bgl_kruskal: boost::kruskal_minimum_spanning_tree on a graph built "
    "beforehand (build_s); filter_kruskal_omp: the whole algorithm; kruskal_cub_gpu: end to end from pinned host "
    "memory (copy to the GPU, threshold/select/radix sort/gather of the light edges, Boruvka on the device, the heavy "
    "edges filtered by component and added only if the light forest does not span, copy of the forest back; "
    "pinning in pin_s, the same run without the upload in resident_s, plain CUB SortPairs of all weights in "
    "cub_sortpairs_s)";

// A program answers with the forest; its phases are the experiment's columns (main.cpp).
using KruskalProgram = harness::Program<TrialInput, std::vector<KEdge>>;

// The distributed program (Device::mpi), made and run by scale_out.cpp on the ranks of an MPI job.
inline constexpr const char* kPbglBoruvka = "pbgl_boruvka";
inline constexpr const char* kBglKruskal = "bgl_kruskal";

// pbgl_boruvka on the ranks of an MPI job: the scale-out piece's graph, or the --input file.
// (scale_out.cpp, built only with MPI and the Parallel BGL)
void run_scale_out(harness::Session& s, const Config& c, const harness::GraphSource& source);

// The pieces at this scale (pieces.cpp).
std::vector<harness::Piece> pieces(const Config& c, const CommonOptions& opt);

// Every program: name, description, device, whether it uses OpenMP threads, and
// its cost in seconds per million edges of one trial (for the pieces' estimates).
using ProgramTable = harness::ProgramTable<KruskalProgram, Config>;
const ProgramTable& programs();

}  // namespace gs::kruskal_100m
