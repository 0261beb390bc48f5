// The programs of experiment sollin_multicore, their table and their columns:
// each reads the full or the lower-triangular storage of one complete graph.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/graph.hpp"
#include "common/harness/program.hpp"
#include "common/harness/program_table.hpp"

namespace gs::sollin_multicore {

using W = std::uint32_t;
using Forest = std::vector<Edge<W>>;

// Program names, each written once: the table and the pieces use these.
inline constexpr const char* kKruskal = "kruskal";
inline constexpr const char* kBglKruskal = "bgl_kruskal";
inline constexpr const char* kSollinSerial = "sollin_serial";
inline constexpr const char* kSollinSerialTri = "sollin_serial_tri";
inline constexpr const char* kSollinConflictFree = "sollin_conflict_free";
inline constexpr const char* kSollinConflictFreeTri = "sollin_conflict_free_tri";
inline constexpr const char* kBoruvkaDenseGpu = "boruvka_dense_gpu";

struct Config {
  int baseline_trials = 1;            // trials of the slow baselines, at most --trials (0: as --trials)
  std::int64_t bandwidth_mib = 2048;  // the read-bandwidth buffer
};

// One complete graph in both storages, built before any program runs.
struct CompleteGraph {
  DenseMatrix16 full;
  TriangularMatrix16 tri;
};

// Each program gets the graph in both storages and returns a minimum spanning forest.
using MstProgram = harness::Program<CompleteGraph, Forest>;

// The baselines whose runs take minutes at paper scale: --baseline-trials trials.
inline const std::vector<std::string> kSlowBaselines = {kKruskal, kBglKruskal};

inline constexpr const char* kSecondsDefinition =
    "CPU: the program's MST computation on the resident matrix (Sollin's contracted-matrix workspace "
    "is allocated in setup_s; Kruskal builds and sorts its edge list inside the timing; BGL's graph "
    "is built in setup_s); GPU: CUDA events around the levels with the matrix on the device, the "
    "copy in h2d_s and the tree's download in d2h_s; Sollin's phases inside seconds: select_s (level 1's "
    "select over the input), contract_s (every level's contraction), first_merge_s (the merge that reads "
    "the input, with level 2's select), later_merges_s, traceback_s (selected edges traced back to input "
    "edges); the rest is start-up";

// Every program of this experiment: name, description, device, threads, factory.
const harness::ProgramTable<MstProgram, Config>& program_table();

// The extra CSV columns in order: what a program reads, its setup, the GPU phases, Sollin's phases.
const std::vector<harness::Column>& columns();

}  // namespace gs::sollin_multicore
