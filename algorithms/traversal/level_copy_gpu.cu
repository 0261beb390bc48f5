// The level codes' copy back (see level_copy_gpu.cuh).
#include "algorithms/traversal/level_copy_gpu.cuh"

#include <algorithm>

#include "algorithms/traversal/level_codes.hpp"
#include "common/cuda/check.cuh"
#include "common/cuda/grid.cuh"
#include "common/cuda/warp.cuh"

namespace gs::traversal {
namespace {

constexpr int kThreads = 256;
constexpr std::uint8_t kPackedDeep = 14;  // level >= 14: its byte code travels in the late list
constexpr std::uint8_t kPackedUnreached = 15;

__host__ __device__ __forceinline__ std::uint32_t packed_code(std::uint8_t c) {
  return c == kUnreachedCode ? kPackedUnreached : (c < kPackedDeep ? c : kPackedDeep);
}

// Two vertices' codes per byte (the even one in the low nibble), 8 vertices per thread.
__global__ void pack_codes_kernel(const std::uint8_t* code, vid_t n, std::uint8_t* packed) {
  for (const std::uint64_t i : grid_stride<std::uint64_t>((std::uint64_t(n) + 7) / 8)) {
    std::uint8_t c[8];
    if (8 * i + 8 <= n) {
      const uint2 word = reinterpret_cast<const uint2*>(code)[i];
      for (int k = 0; k < 4; ++k) c[k] = std::uint8_t(word.x >> (8 * k)), c[k + 4] = std::uint8_t(word.y >> (8 * k));
    } else {
      for (int k = 0; k < 8; ++k) c[k] = 8 * i + k < n ? code[8 * i + k] : kUnreachedCode;
    }
    std::uint32_t out = 0;
    for (int k = 0; k < 8; ++k) out |= packed_code(c[k]) << (4 * k);
    const std::uint64_t bytes = (std::uint64_t(n) + 1) / 2;  // the last group may own fewer bytes
    if (4 * i + 4 <= bytes) {
      reinterpret_cast<std::uint32_t*>(packed)[i] = out;
    } else {
      for (std::uint64_t k = 0; 4 * i + k < bytes; ++k) packed[4 * i + k] = std::uint8_t(out >> (8 * k));
    }
  }
}

// The vertices whose codes were set after the copy started (code above
// `settled`, unreached excluded), with their codes.
__global__ void collect_late_kernel(const std::uint8_t* code, vid_t n, std::uint8_t settled, vid_t* late,
                                    std::uint8_t* late_code, unsigned long long* count) {
  for (const std::uint64_t v : grid_stride<std::uint64_t>(n)) {
    const std::uint8_t c = code[v];
    if (c > settled && c != kUnreachedCode) {
      const unsigned long long i = append_slot(count);
      late[i] = vid_t(v);
      late_code[i] = c;
    }
  }
}

}  // namespace

LevelCopyGpu::LevelCopyGpu(vid_t n, int grid, bool early) : n_(n), grid_(grid), early_(early) {
  const std::size_t size = n ? n : 1;
  packed_.resize((size + 1) / 2);
  host_packed_.resize((size + 1) / 2);
  late_.resize(size);
  late_code_.resize(size);
  late_count_.resize(1);
  host_late_.resize(size);
  host_late_code_.resize(size);
  host_whole_.resize(size);
  CUDA_CHECK(cudaStreamCreateWithFlags(&copy_stream_, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreateWithFlags(&packed_done_, cudaEventDisableTiming));
}

LevelCopyGpu::~LevelCopyGpu() {
  if (copy_stream_) cudaStreamDestroy(copy_stream_);
  if (packed_done_) cudaEventDestroy(packed_done_);
}

int LevelCopyGpu::blocks_for(std::uint64_t items) const {
  return int(
      std::max<std::uint64_t>(1, std::min<std::uint64_t>((items + kThreads - 1) / kThreads, std::uint64_t(grid_))));
}

void LevelCopyGpu::reset() {
  settled_ = -1;
  prev_found_ = 0;
}

void LevelCopyGpu::maybe_copy_early(const std::uint8_t* code, std::uint32_t branch, std::uint64_t found) {
  if (early_ && settled_ < 0 && found < prev_found_ && found * 24 < n_) start(code, branch + 1);
  prev_found_ = found;
}

void LevelCopyGpu::start(const std::uint8_t* code, std::uint32_t final_level) {
  pack_codes_kernel<<<blocks_for((std::uint64_t(n_) + 7) / 8), kThreads>>>(code, n_, packed_.data());
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaEventRecord(packed_done_, 0));
  CUDA_CHECK(cudaStreamWaitEvent(copy_stream_, packed_done_, 0));
  // The codes' bytes, none for an empty range (whose buffers hold one unwritten byte).
  packed_.download(host_packed_.data(), (std::size_t(n_) + 1) / 2, copy_stream_);
  settled_ = int(std::min<std::uint32_t>(final_level, kPackedDeep - 1));  // deeper codes are always gathered
}

void LevelCopyGpu::finish(const std::uint8_t* code, const std::uint32_t* deep, std::uint32_t deepest,
                          std::vector<std::uint32_t>& out, GpuRunTimes& t) {
  out.resize(n_);
  t.early_copy = settled_ >= 0;
  whole_ = deepest >= kPackedDeep;
  if (whole_) {
    // A deep traversal (a road-like graph): most vertices would be gathered,
    // which costs more than the byte codes themselves. Any early copy is dropped.
    CUDA_CHECK(cudaMemcpyAsync(host_whole_.data(), code, n_, cudaMemcpyDeviceToHost));
    if (deepest >= kDeepCode)
      CUDA_CHECK(cudaMemcpyAsync(out.data(), deep, std::size_t(n_) * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaStreamSynchronize(0));
    CUDA_CHECK(cudaStreamSynchronize(copy_stream_));
    t.late_vertices = 0;
    return;
  }
  if (settled_ < 0) start(code, deepest);
  CUDA_CHECK(cudaMemsetAsync(late_count_.data(), 0, sizeof(unsigned long long)));
  collect_late_kernel<<<blocks_for(n_), kThreads>>>(code, n_, std::uint8_t(settled_), late_.data(), late_code_.data(),
                                                    late_count_.data());
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(
      cudaMemcpyAsync(host_late_count_.data(), late_count_.data(), sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaStreamSynchronize(0));
  const std::uint64_t count = host_late_count_[0];
  if (count) {
    CUDA_CHECK(cudaMemcpyAsync(host_late_.data(), late_.data(), count * sizeof(vid_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpyAsync(host_late_code_.data(), late_code_.data(), count, cudaMemcpyDeviceToHost));
  }
  if (deepest >= kDeepCode)
    CUDA_CHECK(cudaMemcpyAsync(out.data(), deep, std::size_t(n_) * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaStreamSynchronize(0));
  CUDA_CHECK(cudaStreamSynchronize(copy_stream_));
  std::uint8_t* p = host_packed_.data();
  for (std::uint64_t i = 0; i < count; ++i) {
    const vid_t v = host_late_[i];
    const int shift = 4 * (v & 1);
    p[v >> 1] = std::uint8_t((p[v >> 1] & ~(0xF << shift)) | (packed_code(host_late_code_[i]) << shift));
  }
  t.late_vertices = count;
}

void LevelCopyGpu::widen(std::vector<std::uint32_t>& out, GpuRunTimes& t) {
  if (whole_) return widen_levels(host_whole_.data(), n_, out);
  host_codes_.resize(n_);
  const std::uint8_t* p = host_packed_.data();
  for (vid_t v = 0; v < n_; ++v) {
    const std::uint8_t c = (p[v >> 1] >> (4 * (v & 1))) & 0xF;
    host_codes_[v] = c == kPackedUnreached ? kUnreachedCode : c;
  }
  patch_codes(host_codes_.data(), host_late_.data(), host_late_code_.data(), t.late_vertices);
  widen_levels(host_codes_.data(), n_, out);
}

}  // namespace gs::traversal
