// The minimum finder of paper A's "non-primitive" CUDA Prim: plain GPU
// parallelisation in one kernel. Every block of 256 threads reduces its slice
// of 256 values with shared-memory atomicMin on (value << 32 | index) keys (no
// index-carrying tree, no templates); the last block to finish (a ticket
// counter) reduces the block results the same way. Lowest index wins ties,
// as the key order makes it.
#pragma once

#include <cstdint>

#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/grid.cuh"
#include "algorithms/mst/prim_gpu/min_reduction.cuh"  // NoEpilogue

namespace gs::mst {

// Kernels defined in a header get internal linkage: one copy per program file.
namespace detail {
namespace {

inline constexpr unsigned kNaiveBlock = 256;

template <class Epilogue>
__global__ void naive_min_kernel(const std::uint32_t* values, std::uint32_t len, unsigned long long* partial,
                                 unsigned* ticket, std::uint32_t* out_v, std::uint32_t* out_i, Epilogue epilogue) {
  __shared__ unsigned long long s_best;
  __shared__ bool s_last;
  if (threadIdx.x == 0) s_best = ~0ull;
  __syncthreads();
  const std::uint32_t k = grid_thread<std::uint32_t>();
  if (k < len) atomicMin(&s_best, (static_cast<unsigned long long>(values[k]) << 32) | k);
  __syncthreads();
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s_best;
    __threadfence();  // the partial is visible before the ticket says so
    s_last = atomicAdd(ticket, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!s_last) return;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x) atomicMin(&s_best, __ldcg(&partial[b]));
  __syncthreads();
  if (threadIdx.x == 0) {
    *out_v = std::uint32_t(s_best >> 32);
    *out_i = std::uint32_t(s_best);
    *ticket = 0;  // ready for the next launch
    epilogue(*out_v, *out_i);
  }
}

}  // namespace
}  // namespace detail

class NaiveMinFinder {
 public:
  explicit NaiveMinFinder(std::uint32_t max_len)
      : partial_((max_len + detail::kNaiveBlock - 1) / detail::kNaiveBlock + 1), ticket_(1), out_(2) {
    ticket_.fill_bytes(0);
  }

  // Enqueues the search of values[0, len) (len >= 1); epilogue(value, index)
  // runs on one device thread of the last block once they are known.
  template <class Epilogue = NoEpilogue>
  void run(const std::uint32_t* values, std::uint32_t len, cudaStream_t s = 0, Epilogue epilogue = {}) {
    const unsigned grid = (len + detail::kNaiveBlock - 1) / detail::kNaiveBlock;
    detail::naive_min_kernel<<<grid, detail::kNaiveBlock, 0, s>>>(values, len, partial_.data(), ticket_.data(),
                                                                  out_.data(), out_.data() + 1, epilogue);
    CUDA_CHECK_LAUNCH();
  }
  const std::uint32_t* value_out() const { return out_.data(); }
  const std::uint32_t* index_out() const { return out_.data() + 1; }

 private:
  DeviceBuffer<unsigned long long> partial_;
  DeviceBuffer<unsigned> ticket_;
  DeviceBuffer<std::uint32_t> out_;
};

}  // namespace gs::mst
