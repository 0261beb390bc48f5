// Warp-level building blocks: appends to a global list with one atomic per
// group of converged threads, and sums over a warp.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <type_traits>

namespace gs {

constexpr unsigned kFullWarp = 0xffffffffu;

// A slot at the end of a list whose length is *count, one per calling
// thread: the threads that reach the call together share one atomicAdd
// (many threads appending to one counter would otherwise queue on it).
template <class T>
__device__ __forceinline__ T append_slot(T* count) {
  const cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
  T base = 0;
  if (g.thread_rank() == 0) base = atomicAdd(count, T(g.size()));
  return g.shfl(base, 0) + T(g.thread_rank());
}

// The sum of x over the full warp, in every lane (all 32 lanes must call).
template <class T>
__device__ __forceinline__ T warp_sum(T x) {
  if constexpr (std::is_same_v<T, unsigned>) {
    return __reduce_add_sync(kFullWarp, x);
  } else {
    for (int d = 16; d > 0; d >>= 1) x += __shfl_xor_sync(kFullWarp, x, d);
    return x;
  }
}

// The sum of x over lanes 0 .. this lane (all 32 lanes must call).
template <class T>
__device__ __forceinline__ T warp_inclusive_sum(T x) {
  const unsigned lane = threadIdx.x & 31;
  for (int d = 1; d < 32; d <<= 1) {
    const T y = __shfl_up_sync(kFullWarp, x, d);
    if (lane >= unsigned(d)) x += y;
  }
  return x;
}

}  // namespace gs
