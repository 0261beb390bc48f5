// boruvka_gpu as a harness program on the CSR (boruvka_gpu_programs.cpp, in
// gs_boruvka_gpu); registered by the families whose experiments run it.
#pragma once

#include <memory>

#include "algorithms/mst/msf_program.hpp"

namespace gs::mst {

std::unique_ptr<CsrMsfProgram> make_boruvka_gpu();

}  // namespace gs::mst
