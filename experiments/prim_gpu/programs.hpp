// The five programs of the prim_gpu experiment, their table and their columns.
// Names are fixed: the figures use them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/graph.hpp"
#include "common/harness/program.hpp"
#include "common/harness/program_table.hpp"

namespace gs::prim_gpu_exp {

using W = std::uint32_t;
using Forest = std::vector<Edge<W>>;
// Each program gets the undirected CSR (both arcs per edge) and returns a minimum spanning forest.
using MstProgram = harness::Program<Csr<W>, Forest>;

// The default of --prim-max-work: 2^35 steps x vertices scanned per step (the
// generated pieces stay below it; NOTES.md has what it means in seconds).
inline constexpr std::int64_t kDefaultPrimMaxWork = std::int64_t(1) << 35;

// The experiment's own options.
struct Config {
  int max_blocks = 64;  // prim_minreduce_gpu's kernel1 grid limit (the paper's max_blocks)
  // The largest estimated work (steps x vertices scanned per step) of a Prim that
  // scans every remaining vertex on every step; above it that Prim skips the graph.
  std::int64_t prim_max_work = kDefaultPrimMaxWork;
};

inline constexpr const char* kSecondsDefinition =
    "GPU: device time of the MST computation (first kernel to forest on the device, CUDA events), "
    "upload and download in h2d_s/d2h_s; BGL: prim_minimum_spanning_tree alone, graph build in setup_s";

// The extra CSV columns in order: the GPU phases, BGL's setup, boruvka_gpu's parts of compute_s and counts.
const std::vector<harness::Column>& columns();

using ProgramTable = harness::ProgramTable<MstProgram, Config>;
const ProgramTable& programs();

}  // namespace gs::prim_gpu_exp
