// The programs of paper A's experiment (prim_gpu) as one family: BGL Prim
// (the paper's baseline), the paper's two CUDA Prims, the device-resident Prim
// and the GPU Boruvka, all on the undirected CSR; their options and columns.
// Names are fixed: the figures use them.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/mst/msf_program.hpp"
#include "common/cli.hpp"
#include "common/harness/program_table.hpp"

namespace gs::mst {

struct PrimGpuOptions {
  int max_blocks = 64;  // prim_minreduce_gpu's kernel1 grid limit (the paper's max_blocks)
  // The largest estimated work (steps x vertices scanned per step) of a Prim that
  // scans every remaining vertex on every step; above it that Prim skips the graph.
  // 2^35: the generated pieces stay below it (experiments/prim_gpu/NOTES.md has
  // what it means in seconds).
  std::int64_t prim_max_work = std::int64_t(1) << 35;
};

// --max-blocks and --prim-max-work.
void bind_options(Cli& cli, PrimGpuOptions& o);
// InputError when an option is out of range.
void check_options(const PrimGpuOptions& o);

// The phase columns in order: the GPU phases, BGL's setup, boruvka_gpu's parts of compute_s and counts.
const std::vector<harness::Column>& prim_gpu_columns();

// bgl_prim, prim_naive_gpu, prim_minreduce_gpu, prim_resident_gpu, boruvka_gpu.
harness::ProgramEntries<CsrMsfProgram, PrimGpuOptions> prim_gpu_programs();

// The CUDA Prims (prim_gpu_cuda_programs.cpp, in gs_prim_gpu).
std::unique_ptr<CsrMsfProgram> make_prim_naive_gpu(const PrimGpuOptions& o);
std::unique_ptr<CsrMsfProgram> make_prim_minreduce_gpu(const PrimGpuOptions& o);
std::unique_ptr<CsrMsfProgram> make_prim_resident_gpu(const PrimGpuOptions& o);

}  // namespace gs::mst
