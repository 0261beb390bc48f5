// CDP2 recursive quicksort (see cdp_quicksort.hpp for the design).
#include "algorithms/sort/cdp_quicksort.hpp"

#include <cub/block/block_scan.cuh>

#include <stdexcept>
#include <string>

#include "common/cuda/check.cuh"

namespace gs::sort {
namespace {

using E = Edge<std::uint32_t>;

constexpr int kPartThreads = 256;
constexpr int kPartItems = 8;  // per thread: one block partitions a tile of 2048
constexpr std::size_t kTile = std::size_t(kPartThreads) * kPartItems;
constexpr int kLeafThreads = 1024;
constexpr std::uint32_t kMaxLeaf = 4096;
constexpr int kSample = 63;
constexpr int kNestingLimit = 24;  // hardware limit on CDP nesting depth

struct DeviceStats {
  unsigned long long partition_grids, leaf_blocks, fallback_segments;
  int error;  // first device-side failure (cudaError_t, or -1: malloc failed)
};
__device__ DeviceStats g_stats;

__device__ void record_error(int code) { atomicCAS(&g_stats.error, 0, code); }

// Median of an insertion-sorted strided sample of w over a[0..len).
__device__ std::uint32_t sample_median(const E* a, std::size_t len) {
  std::uint32_t s[kSample];
  for (int k = 0; k < kSample; ++k) {
    const std::uint32_t x = a[std::size_t((double(k) + 0.5) * double(len) / kSample)].w;
    int j = k;
    while (j > 0 && s[j - 1] > x) {
      s[j] = s[j - 1];
      --j;
    }
    s[j] = x;
  }
  return s[kSample / 2];
}

__global__ void leaf_sort(const E* src, E* out, std::size_t lo, std::uint32_t len);
__global__ void fallback_sort(const E* src, E* out, std::size_t lo, std::size_t len);
__global__ void partition_grid(E* src, E* dst, E* out, std::size_t lo, std::size_t len, std::uint32_t pivot, int depth,
                               unsigned long long* counters, CdpQuicksortConfig cfg);

// Sorts src[lo..lo+len) into out[lo..lo+len) (dst is the other buffer),
// launching child grids. Called by one thread.
__device__ void launch_segment(E* src, E* dst, E* out, std::size_t lo, std::size_t len, int depth,
                               const CdpQuicksortConfig& cfg) {
  if (len == 0) return;
  if (len <= cfg.leaf_size) {
    leaf_sort<<<1, kLeafThreads, 0, cudaStreamFireAndForget>>>(src, out, lo, std::uint32_t(len));
    atomicAdd(&g_stats.leaf_blocks, 1ull);
  } else if (depth >= cfg.max_depth) {
    fallback_sort<<<1, 1, 0, cudaStreamFireAndForget>>>(src, out, lo, len);
    atomicAdd(&g_stats.fallback_segments, 1ull);
  } else {
    auto* counters = static_cast<unsigned long long*>(malloc(3 * sizeof(unsigned long long)));
    if (!counters) {
      record_error(-1);
      return;
    }
    counters[0] = counters[1] = counters[2] = 0;
    const std::uint32_t pivot = sample_median(src + lo, len);
    const unsigned blocks = unsigned((len + kTile - 1) / kTile);
    partition_grid<<<blocks, kPartThreads, 0, cudaStreamFireAndForget>>>(src, dst, out, lo, len, pivot, depth, counters,
                                                                         cfg);
    atomicAdd(&g_stats.partition_grids, 1ull);
  }
  const cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) record_error(int(err));
}

// One tile per block: elements < pivot (and every other one equal to it) go
// to the front of dst's segment, the rest to its back; block offsets come
// from atomics on the segment's counters. The last block to finish launches
// both halves (now in dst) one level deeper.
__global__ void partition_grid(E* src, E* dst, E* out, std::size_t lo, std::size_t len, std::uint32_t pivot, int depth,
                               unsigned long long* counters, CdpQuicksortConfig cfg) {
  using BlockScan = cub::BlockScan<unsigned, kPartThreads>;
  __shared__ typename BlockScan::TempStorage scan_storage;
  __shared__ unsigned long long base_left, base_right;
  __shared__ bool last_block;

  const std::size_t tile_lo = std::size_t(blockIdx.x) * kTile;
  E items[kPartItems];
  unsigned left_mask = 0, valid_mask = 0;
  unsigned counts = 0;  // left count in the low 16 bits, right count in the high 16 bits
  for (int k = 0; k < kPartItems; ++k) {
    const std::size_t i = tile_lo + threadIdx.x + std::size_t(k) * kPartThreads;
    if (i < len) {
      items[k] = src[lo + i];
      const bool left = items[k].w < pivot || (items[k].w == pivot && ((i + depth) & 1) == 0);
      valid_mask |= 1u << k;
      left_mask |= unsigned(left) << k;
      counts += left ? 1u : (1u << 16);
    }
  }
  unsigned offsets, totals;
  BlockScan(scan_storage).ExclusiveSum(counts, offsets, totals);
  if (threadIdx.x == 0) {
    base_left = atomicAdd(&counters[0], (unsigned long long)(totals & 0xffffu));
    base_right = atomicAdd(&counters[1], (unsigned long long)(totals >> 16));
  }
  __syncthreads();
  unsigned next_left = offsets & 0xffffu, next_right = offsets >> 16;
  for (int k = 0; k < kPartItems; ++k) {
    if (!(valid_mask >> k & 1u)) continue;
    if (left_mask >> k & 1u) dst[lo + base_left + next_left++] = items[k];
    else dst[lo + len - 1 - (base_right + next_right++)] = items[k];
  }
  __threadfence();  // this block's writes are visible before it counts itself done
  __syncthreads();
  if (threadIdx.x == 0) last_block = atomicAdd(&counters[2], 1ull) == gridDim.x - 1;
  __syncthreads();
  if (!last_block || threadIdx.x != 0) return;
  __threadfence();
  const std::size_t n_left = std::size_t(atomicAdd(&counters[0], 0ull));
  free(counters);
  launch_segment(dst, src, out, lo, n_left, depth + 1, cfg);
  launch_segment(dst, src, out, lo + n_left, len - n_left, depth + 1, cfg);
}

// Parallel selection sort of one segment: each element's final place is the
// number of keys smaller than it (ties broken by position). All reads finish
// before any write, so src may equal out.
__global__ void leaf_sort(const E* src, E* out, std::size_t lo, std::uint32_t len) {
  __shared__ std::uint32_t keys[kMaxLeaf];
  constexpr int kPer = kMaxLeaf / kLeafThreads;
  E mine[kPer];
  for (int k = 0; k < kPer; ++k) {
    const std::uint32_t i = threadIdx.x + k * kLeafThreads;
    if (i < len) {
      mine[k] = src[lo + i];
      keys[i] = mine[k].w;
    }
  }
  __syncthreads();
  for (int k = 0; k < kPer; ++k) {
    const std::uint32_t i = threadIdx.x + k * kLeafThreads;
    if (i >= len) break;
    const std::uint32_t w = mine[k].w;
    std::uint32_t rank = 0;
    for (std::uint32_t j = 0; j < len; ++j) rank += (keys[j] < w) | ((keys[j] == w) & (j < i));
    out[lo + rank] = mine[k];
  }
}

// The depth fallback: one thread copies the segment into place and heap-sorts it.
__global__ void fallback_sort(const E* src, E* out, std::size_t lo, std::size_t len) {
  E* a = out + lo;
  if (src != out)
    for (std::size_t i = 0; i < len; ++i) a[i] = src[lo + i];
  auto sift_down = [a](std::size_t root, std::size_t end) {
    while (2 * root + 1 < end) {
      std::size_t child = 2 * root + 1;
      if (child + 1 < end && a[child].w < a[child + 1].w) ++child;
      if (!(a[root].w < a[child].w)) return;
      const E t = a[root];
      a[root] = a[child];
      a[child] = t;
      root = child;
    }
  };
  for (std::size_t i = len / 2; i-- > 0;) sift_down(i, len);
  for (std::size_t end = len; end-- > 1;) {
    const E t = a[0];
    a[0] = a[end];
    a[end] = t;
    sift_down(0, end);
  }
}

__global__ void root_kernel(E* data, E* scratch, std::size_t n, CdpQuicksortConfig cfg) {
  launch_segment(data, scratch, data, 0, n, 0, cfg);
}

// Device-runtime limits, set once per process before the first launch:
// every pending fire-and-forget launch needs a slot.
void configure_device_runtime() {
  static bool done = false;
  if (done) return;
  CUDA_CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 1u << 18));
  if (cudaDeviceSetLimit(cudaLimitMallocHeapSize, std::size_t(64) << 20) != cudaSuccess)
    cudaGetLastError();  // already fixed by an earlier malloc-using kernel: keep the default heap
  done = true;
}

}  // namespace

CdpQuicksortStats cdp_quicksort_by_weight(E* d_data, E* d_scratch, std::size_t n, const CdpQuicksortConfig& config,
                                          cudaStream_t stream) {
  if (config.leaf_size < 2 || config.leaf_size > kMaxLeaf)
    throw std::invalid_argument("cdp quicksort: leaf_size must be in 2.." + std::to_string(kMaxLeaf));
  if (config.max_depth < 0 || config.max_depth > kNestingLimit - 2)
    throw std::invalid_argument("cdp quicksort: max_depth must be in 0.." + std::to_string(kNestingLimit - 2));
  CdpQuicksortStats out;
  if (n < 2) return out;
  configure_device_runtime();
  const DeviceStats zero{};
  CUDA_CHECK(cudaMemcpyToSymbolAsync(g_stats, &zero, sizeof zero, 0, cudaMemcpyHostToDevice, stream));
  root_kernel<<<1, 1, 0, stream>>>(d_data, d_scratch, n, config);
  // A one-thread launch cannot lack registers: "out of resources" here means the device
  // runtime could not reserve its launch pool and heap on a nearly full device.
  if (cudaPeekAtLastError() == cudaErrorLaunchOutOfResources) {
    cudaGetLastError();
    throw ResourceError("cdp quicksort: the CUDA device runtime could not reserve its memory (GPU memory nearly full)");
  }
  CUDA_CHECK_LAUNCH();
  DeviceStats s{};
  CUDA_CHECK(cudaMemcpyFromSymbolAsync(&s, g_stats, sizeof s, 0, cudaMemcpyDeviceToHost, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  if (s.error != 0)
    throw std::runtime_error(
        "cdp quicksort: device-side " +
        std::string(s.error == -1 ? "malloc of partition counters failed"
                                  : std::string("launch failed: ") + cudaGetErrorName(cudaError_t(s.error))));
  out.partition_grids = s.partition_grids;
  out.leaf_blocks = s.leaf_blocks;
  out.fallback_segments = s.fallback_segments;
  return out;
}

}  // namespace gs::sort
