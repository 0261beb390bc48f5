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

// Blocks of `threads` threads of `kernel` (with `shared_bytes` of dynamic
// shared memory each) that are resident together on the current device, at
// most `per_sm_cap` per multiprocessor (0: no cap); 0 where the device has
// no cooperative launch or the kernel does not fit a multiprocessor.
template <class Kernel>
int resident_blocks(Kernel kernel, int threads, int per_sm_cap, std::size_t shared_bytes = 0) {
  int device = 0, sms = 0, per_sm = 0, cooperative = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (!cooperative) return 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, shared_bytes));
  if (per_sm_cap > 0) per_sm = std::min(per_sm, per_sm_cap);
  return sms * per_sm;
}

// resident_blocks, or ResourceError naming `who` where it is 0.
template <class Kernel>
int require_resident_blocks(Kernel kernel, int threads, int per_sm_cap, const std::string& who,
                            std::size_t shared_bytes = 0) {
  const int blocks = resident_blocks(kernel, threads, per_sm_cap, shared_bytes);
  if (blocks == 0)
    throw ResourceError(who + ": the device has no cooperative launch, or the kernel does not fit a multiprocessor");
  return blocks;
}

// kernel(args...) on `blocks` resident blocks (resident_blocks).
template <class... Params, class... Args>
void launch_cooperative(void (*kernel)(Params...), int blocks, int threads, std::size_t shared_bytes,
                        cudaStream_t stream, Args&... args) {
  void* pointers[] = {static_cast<void*>(&args)...};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), dim3(blocks), dim3(threads), pointers,
                                         shared_bytes, stream));
  CUDA_CHECK_LAUNCH();
}

}  // namespace gs
