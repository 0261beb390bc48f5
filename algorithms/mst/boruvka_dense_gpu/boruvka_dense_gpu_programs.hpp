// boruvka_dense_gpu as a harness program on a complete graph
// (boruvka_dense_gpu_programs.cpp, in gs_boruvka_dense_gpu); registered by the
// sollin family (sollin/sollin_programs.hpp).
#pragma once

#include <memory>

#include "algorithms/mst/msf_program.hpp"
#include "common/harness/program_table.hpp"

namespace gs::mst {

std::unique_ptr<CompleteMsfProgram> make_boruvka_dense_gpu(const harness::NoOptions&);

}  // namespace gs::mst
