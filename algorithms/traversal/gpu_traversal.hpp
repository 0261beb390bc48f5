// GPU traversals of paper D (level-synchronous, BFS order): read-based on the
// GPU (Alg. 2 with the branch array in device memory), the CPU+GPU hybrid of
// Fig. 2, and a direction-optimising traversal (beyond the paper).
//
// Timing follows the paper: the graph is uploaded once when the object is
// built (upload_seconds(), outside every traversal's time); each traversal's
// time includes initialising the branch array on the GPU and copying the
// levels back to the host, exact at any depth: the one-byte level codes
// (level_codes.hpp) packed to 4 bits per vertex, plus the vertices deeper than
// 13 (or found after an early copy started) with their byte codes, patched
// into the packed copy (gpu_traversal.cu). Decoding them into the caller's
// 4-byte levels for the verifier follows, untimed (widen_s). Built only with
// CUDA (GS_HAVE_CUDA).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/traversal/csr_view.hpp"
#include "algorithms/traversal/gpu_options.hpp"

namespace gs::traversal {

// From cpu_traversals.hpp (C++20); this header is also compiled as CUDA (C++17).
struct CpuWorkspace;
struct DirectionOptions;
struct DirectionTrace;
struct HybridOptions;

struct GpuRunTimes {
  double seconds = 0;               // the whole traversal as the paper timed it
  double cpu_s = 0;                 // CPU+GPU hybrid: branches processed on the CPU
  double h2d_s = 0;                 // CPU+GPU hybrid: copying the CPU's stacks to the GPU
  double init_s = 0;                // initialising (or rebuilding) the branch array and bitmap
  double compute_s = 0;             // branches on the GPU
  double d2h_s = 0;                 // copying the levels back (4-bit codes + gathered vertices), after the last branch
  std::uint64_t late_vertices = 0;  // gathered and patched in: found after an early copy started, or deeper than 13
  bool early_copy = false;          // the copy back started before the last branch
  double widen_s = 0;               // untimed: 4-bit codes -> the caller's 4-byte level array
  std::vector<double> branch_s;     // GPU branches: host time of each (launches + counter round trip)
  bool moved_to_gpu = true;         // CPU+GPU hybrid: false when the CPU finished alone
  std::uint32_t gpu_from_branch = 0;  // first branch processed on the GPU
};

class GpuTraversal {
 public:
  // Uploads the graph; `g` must outlive this object (the hybrid's CPU side and
  // the direction heuristic read it on the host).
  explicit GpuTraversal(const CsrView& g, const GpuOptions& opt = {});
  ~GpuTraversal();
  GpuTraversal(const GpuTraversal&) = delete;
  GpuTraversal& operator=(const GpuTraversal&) = delete;

  // Device bytes this object needs for a graph of n vertices and `arcs` arcs (admission control).
  static std::uint64_t device_bytes(std::uint64_t n, std::uint64_t arcs);

  double upload_seconds() const;
  // Resizes `level` to n and page-locks it once, so that the copy back of
  // levels >= 254 (rare) runs at full bus speed (outside the timed region).
  void pin_output(std::vector<std::uint32_t>& level);

  GpuRunTimes read_based(vid_t source, std::vector<std::uint32_t>& level);
  // (gpu_traversal_host.cpp)
  GpuRunTimes direction_optimising(vid_t source, std::vector<std::uint32_t>& level, const DirectionOptions& opt,
                                   DirectionTrace* trace = nullptr);
  // Fig. 2: CPU first (sequential/stack states, `ws` on the host), then the
  // GPU rebuilds the branch array from the CPU's stacks and runs read-based
  // branches to the end, once the branch exceeds t4 and grows exponentially.
  // (gpu_traversal_host.cpp)
  GpuRunTimes cpu_gpu_hybrid(vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
                             const HybridOptions& opt, std::uint64_t t4);

 private:
  const CsrView& graph() const;
  // The GPU parts (gpu_traversal.cu). `bottom_up`: per branch, if wanted.
  GpuRunTimes direction_optimising_gpu(vid_t source, std::vector<std::uint32_t>& level, double alpha, double beta,
                                       std::vector<bool>* bottom_up);
  // The CPU+GPU hybrid from the CPU's stack (`found` vertices; branch k =
  // [segment_begin[k], segment_begin[k+1])): the GPU expands the last branch on.
  GpuRunTimes read_based_from_stack(const vid_t* stack, const std::vector<std::size_t>& segment_begin,
                                    std::vector<std::uint32_t>& level);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs::traversal
