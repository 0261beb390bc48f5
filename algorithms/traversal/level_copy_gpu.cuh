// Copying a GPU traversal's level codes back to the host (gpu_traversal.cu's
// top comment): 4 bits per vertex (0..13 exact, 14 = "deeper: see the list",
// 15 = unreached), packed on the GPU, so n / 2 bytes cross the bus. A
// traversal deeper than 13 levels copies the byte codes whole instead (and
// the 4-byte levels of vertices deeper than 253). The copy
// may start early, on a stream of its own, while the last branches run; the
// vertices whose codes are above the level settled when it started (those
// found since, and any deeper than 13) are then gathered on the GPU with
// their byte codes and patched in.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "algorithms/traversal/gpu_traversal.hpp"
#include "common/cuda/buffer.cuh"

namespace gs::traversal {

class LevelCopyGpu {
 public:
  // For n vertices; kernels launch at most `grid` blocks; `early`: copies
  // may start before the last branch (GpuOptions::early_copy).
  LevelCopyGpu(vid_t n, int grid, bool early);
  ~LevelCopyGpu();
  LevelCopyGpu(const LevelCopyGpu&) = delete;
  LevelCopyGpu& operator=(const LevelCopyGpu&) = delete;

  // A new traversal: no copy under way.
  void reset();
  // Branch `branch` found `found` vertices, so levels <= branch + 1 are final
  // (the host has synchronised). Once the branches shrink, copy the codes now.
  void maybe_copy_early(const std::uint8_t* code, std::uint32_t branch, std::uint64_t found);
  // Packs the codes (codes <= `final_level` are final by then) and copies
  // them on the copy stream, while the next branches may run.
  void start(const std::uint8_t* code, std::uint32_t final_level);
  // The packed codes in page-locked memory (copied now, or since the early
  // copy), the vertices whose codes are above the settled level with their
  // byte codes, and the exact levels into `out` when some are deep (`deep`:
  // the device's exact levels).
  void finish(const std::uint8_t* code, const std::uint32_t* deep, std::uint32_t deepest,
              std::vector<std::uint32_t>& out, GpuRunTimes& t);
  // Untimed: the caller's 4-byte levels for the verifier (the 4-bit codes
  // unpacked, the gathered vertices' byte codes put back, then widened).
  void widen(std::vector<std::uint32_t>& out, GpuRunTimes& t);

 private:
  int blocks_for(std::uint64_t items) const;

  vid_t n_;
  int grid_;
  bool early_;
  DeviceBuffer<std::uint8_t> packed_;  // 4-bit codes
  PinnedBuffer<std::uint8_t> host_packed_;
  std::vector<std::uint8_t> host_codes_;  // untimed: the byte codes unpacked for widen_levels
  // The packing runs on the default stream, between branches (on the copy
  // stream it would wait for the next branch's kernels, which hold every SM,
  // and the copy would start that much later); the copy waits for it through
  // `packed_done`.
  cudaStream_t copy_stream_ = nullptr;
  cudaEvent_t packed_done_ = nullptr;
  DeviceBuffer<vid_t> late_;
  DeviceBuffer<std::uint8_t> late_code_;
  DeviceBuffer<unsigned long long> late_count_;
  PinnedBuffer<vid_t> host_late_;
  PinnedBuffer<std::uint8_t> host_late_code_;
  PinnedBuffer<unsigned long long> host_late_count_{1};
  PinnedBuffer<std::uint8_t> host_whole_;  // the byte codes, for traversals deeper than the 4-bit codes reach
  bool whole_ = false;                     // the last finish() copied the byte codes whole
  int settled_ = -1;                       // codes <= settled_ were final when the copy started; -1: none
  std::uint64_t prev_found_ = 0;
};

}  // namespace gs::traversal
