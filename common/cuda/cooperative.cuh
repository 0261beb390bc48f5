// Persistent cooperative kernels: one launch that runs many steps with grid
// barriers (cooperative_groups::this_grid().sync()) between them, instead of
// a launch and a host round trip per step. Such a launch must have every
// block resident at once: resident_blocks says how many that is.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "common/cuda/check.cuh"
#include "common/errors.hpp"

namespace gs {

// Blocks of `threads` threads of `kernel` that are resident together on the
// current device, at most `per_sm_cap` per multiprocessor (0: no cap).
// ResourceError, naming `who`, where the device has no cooperative launch or
// the kernel does not fit one multiprocessor.
template <class Kernel>
int resident_blocks(Kernel kernel, int threads, int per_sm_cap, const std::string& who) {
  int device = 0, sms = 0, per_sm = 0, cooperative = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (!cooperative) throw ResourceError(who + ": the device does not support cooperative launches");
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0));
  if (per_sm < 1) throw ResourceError(who + ": the kernel does not fit on a multiprocessor");
  if (per_sm_cap > 0) per_sm = std::min(per_sm, per_sm_cap);
  return sms * per_sm;
}

// Launches kernel(params) on `blocks` resident blocks (resident_blocks).
template <class Kernel, class Params>
void launch_cooperative(Kernel kernel, int blocks, int threads, Params& params, cudaStream_t stream = 0) {
  void* args[] = {&params};
  CUDA_CHECK(
      cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), dim3(blocks), dim3(threads), args, 0, stream));
  CUDA_CHECK_LAUNCH();
}

}  // namespace gs
