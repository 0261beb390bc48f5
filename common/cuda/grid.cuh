// A thread's (or warp's, or block's) place in a 1-D grid, and the
// grid-stride ranges that kernels loop over: `for (I i : grid_stride(n))`
// visits i = this thread's index, + the grid's thread count, ... below n, so
// any grid size covers any n.
#pragma once

#include <cuda_runtime.h>

namespace gs {

// This thread's index in the grid, and the grid's thread count, in type I.
template <class I>
__device__ __forceinline__ I grid_thread() {
  return I(blockIdx.x) * blockDim.x + threadIdx.x;
}
template <class I>
__device__ __forceinline__ I grid_threads() {
  return I(gridDim.x) * blockDim.x;
}

// first, first + step, ... while below `last`.
template <class I>
class StrideRange {
 public:
  struct End {
    I last;
  };
  struct Iter {
    I i, step;
    __device__ __forceinline__ I operator*() const { return i; }
    __device__ __forceinline__ Iter& operator++() {
      i += step;
      return *this;
    }
    __device__ __forceinline__ bool operator!=(End e) const { return i < e.last; }
  };
  __device__ __forceinline__ StrideRange(I first, I last, I step) : first_(first), last_(last), step_(step) {}
  __device__ __forceinline__ Iter begin() const { return Iter{first_, step_}; }
  __device__ __forceinline__ End end() const { return End{last_}; }

 private:
  I first_, last_, step_;
};

// One item per thread per step, or `unroll` items: then a step's items are
// i, i + grid_threads(), ..., i + (unroll - 1) * grid_threads().
template <class I>
__device__ __forceinline__ StrideRange<I> grid_stride(I last, unsigned unroll = 1) {
  return StrideRange<I>(grid_thread<I>(), last, grid_threads<I>() * unroll);
}

// One warp per step: the warp's index times `per_warp` (the first of its
// per_warp consecutive items), stepping over all the grid's warps.
template <class I>
__device__ __forceinline__ StrideRange<I> warp_stride(I last, I per_warp = 1) {
  return StrideRange<I>((grid_thread<I>() >> 5) * per_warp, last, (grid_threads<I>() >> 5) * per_warp);
}

// One block per step: the block's index, stepping over the grid's blocks.
template <class I>
__device__ __forceinline__ StrideRange<I> block_stride(I last) {
  return StrideRange<I>(I(blockIdx.x), last, I(gridDim.x));
}

}  // namespace gs
