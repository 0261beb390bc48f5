// Every CUDA call is checked. An out-of-memory error becomes ResourceError
// (exit 3, a clear message); any other error is a runtime_error naming the
// call, file and line.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "common/errors.hpp"

namespace gs {

inline void cuda_check(cudaError_t err, const char* call, const char* file, int line) {
  if (err == cudaSuccess) return;
  const std::string where = std::string(file) + ":" + std::to_string(line) + ": " + call + ": ";
  if (err == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    throw ResourceError(where + "GPU out of memory");
  }
  throw std::runtime_error(where + cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ")");
}

}  // namespace gs

#define CUDA_CHECK(call) ::gs::cuda_check((call), #call, __FILE__, __LINE__)
// After a kernel launch: launch-configuration errors now, execution errors at the next sync.
#define CUDA_CHECK_LAUNCH() ::gs::cuda_check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)
