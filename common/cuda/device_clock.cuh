// Time inside a kernel: the GPU's global nanosecond timer, and a timer that
// splits a kernel's run into steps (in a persistent or cooperative kernel,
// the steps between grid barriers).
#pragma once

#include <cuda_runtime.h>

namespace gs {

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Kept by one thread (`on`; the others' laps do nothing): lap(sum) adds the
// nanoseconds since the previous lap, or since construction, to sum.
class StepTimer {
 public:
  __device__ __forceinline__ explicit StepTimer(bool on) : on_(on), last_(on ? global_ns() : 0) {}
  __device__ __forceinline__ void lap(unsigned long long& sum) {
    if (!on_) return;
    const unsigned long long now = global_ns();
    sum += now - last_;
    last_ = now;
  }
  __device__ __forceinline__ bool on() const { return on_; }

 private:
  bool on_;
  unsigned long long last_;
};

}  // namespace gs
