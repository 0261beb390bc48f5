// The programs of paper B's experiment (sollin_multicore) as one family: the
// paper's Kruskal and Sollins (serial, conflict-free) over the full matrix,
// the same Sollins over the lower triangle, BGL's Kruskal and a dense GPU
// Boruvka, each on one complete graph in both storages; their columns.
// Names are fixed: the figures use them.
#pragma once

#include <vector>

#include "algorithms/mst/msf_program.hpp"
#include "common/harness/program_table.hpp"

namespace gs::mst {

// Program names, each written once: the family and the experiment's pieces use these
// (bgl_kruskal: kBglKruskal, msf_program.hpp).
inline constexpr const char* kKruskal = "kruskal";
inline constexpr const char* kSollinSerial = "sollin_serial";
inline constexpr const char* kSollinSerialTri = "sollin_serial_tri";
inline constexpr const char* kSollinConflictFree = "sollin_conflict_free";
inline constexpr const char* kSollinConflictFreeTri = "sollin_conflict_free_tri";
inline constexpr const char* kBoruvkaDenseGpu = "boruvka_dense_gpu";

// The phase columns in order: what a program reads, its setup, the GPU phases, Sollin's phases.
const std::vector<harness::Column>& sollin_columns();

// kruskal, bgl_kruskal, sollin_serial, sollin_serial_tri, sollin_conflict_free,
// sollin_conflict_free_tri, boruvka_dense_gpu.
harness::ProgramEntries<CompleteMsfProgram> sollin_programs();

}  // namespace gs::mst
