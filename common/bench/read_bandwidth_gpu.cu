#include <chrono>

#include "common/cuda/check.cuh"
#include "common/cuda/grid.cuh"
#include "common/cuda/warp.cuh"
#include "common/bench/read_bandwidth.hpp"

namespace gs::bench {
namespace {

__global__ void fill_kernel(std::uint64_t* a, std::uint64_t words) {
  for (const std::uint64_t i : grid_stride(words)) a[i] = word_value(i);
}

__device__ __forceinline__ void add_block_sum(unsigned long long s, unsigned long long* out) {
  s = warp_sum(s);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, s);
}

__global__ void sequential_kernel(const std::uint64_t* a, std::uint64_t words, unsigned long long* out) {
  unsigned long long s = 0;
  for (const std::uint64_t i : grid_stride(words)) s += a[i];
  add_block_sum(s, out);
}

__global__ void random_kernel(const std::uint64_t* a, std::uint64_t words, std::uint64_t reads,
                              unsigned long long* out) {
  unsigned long long s = 0;
  for (const std::uint64_t k : grid_stride(reads)) s += a[random_position(k, words)];
  add_block_sum(s, out);
}

int grid_size() {
  int dev = 0, sms = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  return sms * 8;
}

template <class Launch>
ReadBandwidth timed(unsigned long long* sum, std::uint64_t bytes, Launch&& launch) {
  CUDA_CHECK(cudaMemset(sum, 0, sizeof(unsigned long long)));
  CUDA_CHECK(cudaDeviceSynchronize());
  cudaEvent_t a, b;
  CUDA_CHECK(cudaEventCreate(&a));
  CUDA_CHECK(cudaEventCreate(&b));
  CUDA_CHECK(cudaEventRecord(a));
  launch();
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaEventRecord(b));
  CUDA_CHECK(cudaEventSynchronize(b));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  ReadBandwidth r;
  r.seconds = ms / 1000.0;
  r.bytes = bytes;
  unsigned long long s = 0;
  CUDA_CHECK(cudaMemcpy(&s, sum, sizeof(s), cudaMemcpyDeviceToHost));
  r.checksum = s;
  return r;
}

}  // namespace

GpuReadBench::GpuReadBench(std::uint64_t words) : words_(words) {
  CUDA_CHECK(cudaMalloc(&data_, words * sizeof(std::uint64_t)));
  CUDA_CHECK(cudaMalloc(&sum_, sizeof(unsigned long long)));
  fill_kernel<<<grid_size(), 256>>>(data_, words);
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaDeviceSynchronize());
}

GpuReadBench::~GpuReadBench() {
  cudaFree(data_);
  cudaFree(sum_);
}

ReadBandwidth GpuReadBench::sequential() const {
  return timed(sum_, words_ * 8, [&] { sequential_kernel<<<grid_size(), 256>>>(data_, words_, sum_); });
}

ReadBandwidth GpuReadBench::random(std::uint64_t reads) const {
  return timed(sum_, reads * 8, [&] { random_kernel<<<grid_size(), 256>>>(data_, words_, reads, sum_); });
}

}  // namespace gs::bench
