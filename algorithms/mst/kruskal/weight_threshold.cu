// The sampled weight threshold (see weight_threshold.cuh): one block sorts
// the sample and picks the quantile.
#include "algorithms/mst/kruskal/weight_threshold.cuh"

#include <cub/block/block_radix_sort.cuh>

#include "common/cuda/check.cuh"

namespace gs::mst {
namespace {

constexpr int kSampleThreads = 1024;
constexpr int kSamplePer = 4;

__global__ void sample_threshold(const std::uint32_t* weights, std::size_t m, std::size_t stride, double q,
                                 std::uint32_t* threshold) {
  using Sort = cub::BlockRadixSort<std::uint32_t, kSampleThreads, kSamplePer>;
  __shared__ typename Sort::TempStorage storage;
  constexpr int S = kSampleThreads * kSamplePer;
  const int rank = (q >= 1.0 || m == 0) ? -1 : min(S - 1, int(q * S));
  if (rank < 0) {
    if (threadIdx.x == 0) *threshold = 0xffffffffu;
    return;
  }
  std::uint32_t w[kSamplePer];
  for (int k = 0; k < kSamplePer; ++k) {
    const int s = threadIdx.x * kSamplePer + k;
    w[k] = weights[std::size_t((double(s) + 0.5) * double(m) / S) * stride];
  }
  Sort(storage).Sort(w);
  if (rank / kSamplePer == int(threadIdx.x)) *threshold = w[rank % kSamplePer];
}

}  // namespace

void pick_weight_threshold(const std::uint32_t* weights, std::size_t m, std::size_t stride, double q,
                           std::uint32_t* threshold, cudaStream_t s) {
  sample_threshold<<<1, kSampleThreads, 0, s>>>(weights, m, stride, q, threshold);
  CUDA_CHECK_LAUNCH();
}

}  // namespace gs::mst
