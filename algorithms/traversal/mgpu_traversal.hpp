// The direction-optimising traversal over the G GPUs of one host (one
// process, a host thread per GPU), the multi-GPU counterpart of
// GpuTraversal::direction_optimising. Built only with CUDA and NCCL
// (GS_HAVE_NCCL).
//
// Each GPU owns a contiguous vertex range (mgpu_partition.hpp) and keeps the
// whole frontier as a bitmap of n bits. A level is: every GPU runs the same
// step kernels as one GPU (traversal_steps.cuh) on its range, writing its
// slice of the next frontier bitmap and its counters (vertices found, their
// arcs); then, in one NCCL group, each owner broadcasts its slice to the
// others (an all-gather of unequal slices: NCCL has no bitwise OR to reduce
// bitmaps with) and the counters are all-gathered. Every GPU's thread then
// reads the same global counts and takes the same direction for the next
// level, so the threads meet only in NCCL.
//
// Timing as GpuTraversal: the graph is uploaded when the object is built;
// a traversal's time covers initialising every GPU, the levels and copying
// the levels back (each GPU its range, 4-bit codes as level_copy_gpu.cuh).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/traversal/csr_view.hpp"
#include "algorithms/traversal/gpu_traversal.hpp"
#include "algorithms/traversal/mgpu_partition.hpp"

namespace gs::traversal {

struct MultiGpuRunTimes {
  double seconds = 0;    // the whole traversal
  double init_s = 0;     // initialising every GPU (the slowest)
  double compute_s = 0;  // per level the slowest GPU's step kernels, summed
  double comm_s = 0;     // per level the exchange as that GPU saw it (it waited for no one), summed
  double d2h_s = 0;      // copying the levels back (the slowest GPU)
  double widen_s = 0;    // untimed: codes -> the caller's 4-byte levels
  // Sum over levels of the slowest GPU's compute / sum of the mean GPU's (1 = balanced).
  double imbalance = 1;
  std::vector<double> level_compute_s, level_comm_s;
  std::vector<bool> bottom_up;  // per level
};

class MultiGpuTraversal {
 public:
  // GPUs 0 .. gpus - 1 (at most gpus_present()), their ranges balanced with
  // `range_arc_weight` (range_bounds); `g` must outlive this object.
  MultiGpuTraversal(const CsrView& g, int gpus, const GpuOptions& opt = {},
                    double range_arc_weight = kDefaultRangeArcWeight);
  // The same with the ranges given: GPU k's is [bounds[k], bounds[k + 1]),
  // bounds as range_bounds leaves them (0, then whole words, then g.n).
  MultiGpuTraversal(const CsrView& g, const std::vector<vid_t>& bounds, const GpuOptions& opt = {});
  ~MultiGpuTraversal();
  MultiGpuTraversal(const MultiGpuTraversal&) = delete;
  MultiGpuTraversal& operator=(const MultiGpuTraversal&) = delete;

  // The GPUs of this host (0 without a driver).
  static int gpus_present();
  // Device bytes per GPU for n vertices and `arcs` arcs over `gpus` GPUs, for
  // the largest range's arcs (largest_range_arcs; admission control, NCCL's
  // buffers included).
  static std::uint64_t device_bytes_per_gpu(std::uint64_t n, std::uint64_t arcs, int gpus,
                                            double range_arc_weight = kDefaultRangeArcWeight);
  // Host bytes beyond the graph while the arcs into each range are built and uploaded.
  static std::uint64_t host_bytes(std::uint64_t n, std::uint64_t arcs, int gpus,
                                  double range_arc_weight = kDefaultRangeArcWeight);

  int gpus() const;
  // The most device memory one GPU's share took when it was built (its free
  // memory before and after; NCCL's buffers, made once per process, not included).
  std::uint64_t device_bytes_used() const;
  // Partitioning (host) and uploading, the slowest GPU's copy included.
  double upload_seconds() const;
  // The vertex ranges' bounds (range_bounds).
  const std::vector<vid_t>& bounds() const;

  MultiGpuRunTimes direction_optimising(vid_t source, std::vector<std::uint32_t>& level, double alpha, double beta);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs::traversal
