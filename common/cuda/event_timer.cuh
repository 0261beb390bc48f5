// Times GPU work on a stream with CUDA events.
#pragma once

#include "common/cuda/check.cuh"

namespace gs {

class CudaEventTimer {
 public:
  CudaEventTimer() {
    CUDA_CHECK(cudaEventCreate(&a_));
    CUDA_CHECK(cudaEventCreate(&b_));
  }
  ~CudaEventTimer() {
    cudaEventDestroy(a_);
    cudaEventDestroy(b_);
  }
  CudaEventTimer(const CudaEventTimer&) = delete;
  CudaEventTimer& operator=(const CudaEventTimer&) = delete;
  void start(cudaStream_t s = 0) { CUDA_CHECK(cudaEventRecord(a_, s)); }
  void stop(cudaStream_t s = 0) { CUDA_CHECK(cudaEventRecord(b_, s)); }
  // Waits for the stop event; seconds between start and stop.
  double seconds() {
    CUDA_CHECK(cudaEventSynchronize(b_));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, a_, b_));
    return ms / 1000.0;
  }

 private:
  cudaEvent_t a_{}, b_{};
};

}  // namespace gs
