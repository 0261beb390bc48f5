// What the GPU and OpenCL shortest-path programs share as harness programs:
// one source per call, its phases from SsspRun (sssp_gpu_programs.cpp,
// sssp_opencl_program.cpp).
#pragma once

#include <utility>
#include <vector>

#include "algorithms/sssp/sssp_programs.hpp"
#include "algorithms/sssp/sssp_run.hpp"

namespace gs::sssp {

// The timed region is the kernels (kernel_s); the read-back and the iterations are phases.
template <class Impl>
harness::Outcome<std::vector<float>> gpu_outcome(Impl& impl, vid_t source) {
  SsspRun run = std::move(impl.run({source}).front());
  return {.seconds = run.kernel_s,
          .answer = std::move(run.dist),
          .phases = {{"kernel_s", run.kernel_s}, {"d2h_s", run.d2h_s}, {"iterations", double(run.iterations)}}};
}

}  // namespace gs::sssp
