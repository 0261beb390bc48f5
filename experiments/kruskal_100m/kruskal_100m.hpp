// Experiment kruskal_100m's parts: its options, its program table (the
// kruskal family, algorithms/mst/kruskal/kruskal_programs.hpp), its pieces and
// its distributed run.
#pragma once

#include <vector>

#include "algorithms/mst/kruskal/kruskal_programs.hpp"
#include "common/harness/program_table.hpp"
#include "common/harness/session.hpp"

namespace gs::kruskal_100m {

using mst::kBglKruskal;
using mst::KEdge;
using mst::kPbglBoruvka;
using mst::KruskalProgram;

// kruskal_100m has no options of its own.
struct Config {};

// Every program: name, description, device, whether it uses OpenMP threads, and
// its cost in seconds per million edges of one trial (for the pieces' estimates).
using ProgramTable = harness::ProgramTable<KruskalProgram, Config>;
const ProgramTable& programs();

// pbgl_boruvka on the ranks of an MPI job: the scale-out piece's graph, or the --input file.
// (scale_out.cpp, built only with MPI and the Parallel BGL)
void run_scale_out(harness::Session& s, const Config& c, const harness::GraphSource& source);

// The pieces at this scale (pieces.cpp).
std::vector<harness::Piece> pieces(const Config& c, const CommonOptions& opt);

}  // namespace gs::kruskal_100m
