// The programs of paper C's experiment (kruskal_100m) as one family: the
// paper's four Kruskals (sequential and OpenMP quicksort, Thrust and CDP2 CUDA
// sorts), BGL's Kruskal, parallel filter-Kruskal, a CUB GPU pipeline and the
// Parallel BGL's distributed Boruvka; their columns. Each trial gets a fresh
// copy of the paper's 12-byte edge array (the sorts work in place) and returns
// the forest, its timed seconds and its phases. Names are fixed: the figures use them.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/mst/msf_program.hpp"
#include "common/harness/program_table.hpp"

namespace gs::mst {

// What a trial sees: the graph, and a fresh copy of its edge array (made untimed
// before every trial) that the program may reorder.
struct KruskalInput {
  const EdgeList<std::uint32_t>& el;  // the graph as generated or read (BGL builds its graph from it)
  const std::vector<KEdge>& edges;    // the same edges as the paper's array of (u, v, w) structs
  std::vector<KEdge>& work;           // this trial's copy of `edges`
};
using KruskalProgram = harness::Program<KruskalInput, Forest>;

// The distributed program (Device::mpi): the experiment makes and runs it on the
// ranks of an MPI job (algorithms/distributed/pbgl_boruvka.hpp); no factory here.
inline constexpr const char* kPbglBoruvka = "pbgl_boruvka";

// The phase columns in order: seconds (pin_s .. build_s), then counts.
const std::vector<harness::Column>& kruskal_columns();

// Every program, with its cost in seconds per million edges of one trial (the
// pieces' estimates): kruskal_seq, kruskal_omp, kruskal_omp_listing5,
// kruskal_thrust, kruskal_cdp, bgl_kruskal, filter_kruskal_omp,
// kruskal_cub_gpu, pbgl_boruvka.
harness::ProgramEntries<KruskalProgram> kruskal_programs();

// The CUDA programs (kruskal_cuda_programs.cpp, in gs_kruskal_cuda).
std::unique_ptr<KruskalProgram> make_kruskal_thrust(const harness::NoOptions&);
std::unique_ptr<KruskalProgram> make_kruskal_cdp(const harness::NoOptions&);
std::unique_ptr<KruskalProgram> make_kruskal_cub_gpu(const harness::NoOptions&);

}  // namespace gs::mst
