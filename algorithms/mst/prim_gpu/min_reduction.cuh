// The GPU min-reduction primitive of paper A (section 2.2): the minimum of an
// array of uint32 values of any length and the index where it first occurs
// (lowest index wins among equal minima), in at most two kernel launches.
//
//   kernel1: a grid of g <= max_blocks blocks; every thread first compares in
//            global memory (a grid-stride loop, so any length works), then the
//            block reduces in shared memory with an index array beside the
//            values: sequential addressing (neighbouring threads touch
//            neighbouring words, no bank conflicts), and the last warp without
//            __syncthreads. Block sizes 256,128,...,1 are template arguments,
//            so every tree is fully unrolled.
//   kernel2: one block over kernel1's g partial results, only when g > 1.
//
// g = ceil(len / (max_blocks * 256)), capped at max_blocks: one block (one
// launch) whenever len <= max_blocks * 256, which is the paper's condition for
// skipping kernel2; above it each thread compares about max_blocks elements
// and at most max_blocks partials remain for kernel2.
//
// An optional epilogue runs on one thread of the final kernel with the result
// (value, index): the paper's step (2), "one thread swaps the chosen entry to
// the front", happens after kernel1, or after kernel2 when it runs, without a
// launch of its own.
//
// The last warp synchronises with __syncwarp() instead of relying on implicit
// lock-step execution (the paper's volatile idiom, CUDA 2.3): since Volta the
// threads of a warp may diverge, and __syncwarp is the barrier that keeps the
// idiom correct at the cost of no block-wide barrier.
#pragma once

#include <cstdint>

#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/grid.cuh"

namespace gs::mst {

inline constexpr unsigned kMinReduceMaxThreads = 256;
inline constexpr unsigned kMinReduceDefaultMaxBlocks = 64;

// The default epilogue: nothing.
struct NoEpilogue {
  __device__ void operator()(std::uint32_t, std::uint32_t) const {}
};

namespace detail {

// (v, i) replaces (a_v, a_i) when smaller, or equal with a lower index.
__device__ __forceinline__ bool min_index_better(std::uint32_t v, std::uint32_t i, std::uint32_t a_v,
                                                 std::uint32_t a_i) {
  return v < a_v || (v == a_v && i < a_i);
}

template <unsigned kBlock>
__device__ __forceinline__ void shared_min_index_tree(std::uint32_t* sv, std::uint32_t* si, unsigned tid) {
#pragma unroll
  for (unsigned s = kBlock / 2; s > 32; s >>= 1) {
    if (tid < s && min_index_better(sv[tid + s], si[tid + s], sv[tid], si[tid])) {
      sv[tid] = sv[tid + s];
      si[tid] = si[tid + s];
    }
    __syncthreads();
  }
  if (tid < 32) {  // the last warp: warp barriers only
    constexpr unsigned kMask = kBlock >= 32 ? 0xffffffffu : (1u << kBlock) - 1u;
#pragma unroll
    for (unsigned s = (kBlock > 32 ? 32 : kBlock / 2); s > 0; s >>= 1) {
      if (tid < s && min_index_better(sv[tid + s], si[tid + s], sv[tid], si[tid])) {
        sv[tid] = sv[tid + s];
        si[tid] = si[tid + s];
      }
      __syncwarp(kMask);
    }
  }
}

// kCarried == false: kernel1 (an element's index is its position);
// kCarried == true: kernel2 (indices come from kernel1's index array).
// kFinal: this launch produces the result, so its thread 0 runs the epilogue.
template <unsigned kBlock, bool kCarried, class Epilogue>
__global__ void __launch_bounds__(kBlock)
    min_reduce_kernel(const std::uint32_t* values, const std::uint32_t* indices, std::uint32_t len,
                      std::uint32_t* out_v, std::uint32_t* out_i, bool final, Epilogue epilogue) {
  __shared__ std::uint32_t sv[kBlock];
  __shared__ std::uint32_t si[kBlock];
  const unsigned tid = threadIdx.x;
  std::uint32_t best_v = 0xffffffffu, best_i = 0xffffffffu;
  // Global-memory compare: the thread's elements in increasing index order.
#pragma unroll 8
  for (const std::uint32_t k : grid_stride(len)) {
    const std::uint32_t v = values[k];
    const std::uint32_t i = kCarried ? indices[k] : k;
    if (min_index_better(v, i, best_v, best_i)) {
      best_v = v;
      best_i = i;
    }
  }
  sv[tid] = best_v;
  si[tid] = best_i;
  __syncthreads();
  shared_min_index_tree<kBlock>(sv, si, tid);
  if (tid == 0) {
    out_v[blockIdx.x] = sv[0];
    out_i[blockIdx.x] = si[0];
    if (final) epilogue(sv[0], si[0]);
  }
}

template <bool kCarried, class Epilogue>
void launch_min_reduce(unsigned block, unsigned grid, const std::uint32_t* values, const std::uint32_t* indices,
                       std::uint32_t len, std::uint32_t* out_v, std::uint32_t* out_i, bool final, Epilogue epilogue,
                       cudaStream_t s) {
  switch (block) {
#define GS_MIN_REDUCE_CASE(B)                                                                                         \
  case B:                                                                                                             \
    min_reduce_kernel<B, kCarried, Epilogue><<<grid, B, 0, s>>>(values, indices, len, out_v, out_i, final, epilogue); \
    break;
    GS_MIN_REDUCE_CASE(256)
    GS_MIN_REDUCE_CASE(128)
    GS_MIN_REDUCE_CASE(64)
    GS_MIN_REDUCE_CASE(32)
    GS_MIN_REDUCE_CASE(16)
    GS_MIN_REDUCE_CASE(8)
    GS_MIN_REDUCE_CASE(4)
    GS_MIN_REDUCE_CASE(2)
    GS_MIN_REDUCE_CASE(1)
#undef GS_MIN_REDUCE_CASE
  }
  CUDA_CHECK_LAUNCH();
}

}  // namespace detail

// Block size for `len` elements: 256, or the largest power of two <= len.
inline unsigned min_reduce_block_size(std::uint32_t len) {
  unsigned b = kMinReduceMaxThreads;
  while (b > 1 && b > len) b >>= 1;
  return b;
}

// Reusable across calls: the temporaries T1 (values) and T2 (indices) are
// allocated once for max_blocks partial results.
class MinReduction {
 public:
  explicit MinReduction(unsigned max_blocks = kMinReduceDefaultMaxBlocks)
      : max_blocks_(max_blocks < 1 ? 1
                                   : (max_blocks > 2 * kMinReduceMaxThreads ? 2 * kMinReduceMaxThreads : max_blocks)),
        t1_(max_blocks_),
        t2_(max_blocks_) {}

  unsigned max_blocks() const { return max_blocks_; }

  // Kernel1's grid for `len` elements; kernel2 runs exactly when it is > 1.
  unsigned grid_for(std::uint32_t len) const {
    const std::uint64_t per_block = std::uint64_t(max_blocks_) * kMinReduceMaxThreads;
    const std::uint64_t g = (std::uint64_t(len) + per_block - 1) / per_block;
    return unsigned(g < 1 ? 1 : (g > max_blocks_ ? max_blocks_ : g));
  }

  // Enqueues the reduction of values[0, len) (len >= 1) on `s`; the minimum
  // and its index land in value_out()[0] and index_out()[0] on the device,
  // and epilogue(value, index) runs on one device thread once they are known.
  // Returns the number of kernels launched (1 or 2).
  template <class Epilogue = NoEpilogue>
  int run(const std::uint32_t* values, std::uint32_t len, cudaStream_t s = 0, Epilogue epilogue = {}) {
    const unsigned grid = grid_for(len);
    detail::launch_min_reduce<false>(min_reduce_block_size(len), grid, values, nullptr, len, t1_.data(), t2_.data(),
                                     grid == 1, epilogue, s);
    if (grid == 1) return 1;
    // kernel2 in place: its single block reads every partial before writing T[0].
    detail::launch_min_reduce<true>(min_reduce_block_size(grid), 1, t1_.data(), t2_.data(), grid, t1_.data(),
                                    t2_.data(), true, epilogue, s);
    return 2;
  }

  const std::uint32_t* value_out() const { return t1_.data(); }
  const std::uint32_t* index_out() const { return t2_.data(); }

 private:
  unsigned max_blocks_;
  DeviceBuffer<std::uint32_t> t1_, t2_;
};

}  // namespace gs::mst
