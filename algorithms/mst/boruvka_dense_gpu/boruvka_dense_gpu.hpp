// Beyond paper B: dense Boruvka on the GPU, on a device-resident copy of the
// complete graph's full 16-bit matrix. The same levels as the CPU Sollin
// (select with ties to the lower index; mutual pair once; contract; merge with
// the next select fused), with one thread block per new vertex building its
// contracted row alone, like the conflict-free CPU version: its members' rows
// folded column by column in shared memory, then reduced per new neighbour
// through the member lists (no atomics).
// The whole level loop is one cooperative kernel (phases separated by grid-wide
// barriers, the termination test on the device), so a solve costs one launch
// and no host round trip per level.
//
// The matrix copy (upload) and the solve are timed separately: `seconds` in
// the experiment is solve() with the matrix already resident.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/mst/msf_result.hpp"
#include "common/graph.hpp"

namespace gs::mst {

class DenseBoruvkaGpu {
 public:
  // Allocates every device buffer for n vertices up front (ResourceError when
  // the device lacks memory; InputError when n is beyond what a contracted
  // row in shared memory allows).
  explicit DenseBoruvkaGpu(vid_t n);
  ~DenseBoruvkaGpu();
  DenseBoruvkaGpu(const DenseBoruvkaGpu&) = delete;
  DenseBoruvkaGpu& operator=(const DenseBoruvkaGpu&) = delete;

  // Copies the matrix to the device; returns the seconds the copy took.
  double upload(const DenseMatrix16& a);
  // Minimum spanning tree of the uploaded matrix; times compute_s (CUDA events
  // around the level kernel, the matrix resident) and d2h_s (the tree copied back).
  MsfResult solve();
  const std::vector<vid_t>& level_sizes() const { return level_sizes_; }

  // Device bytes the constructor will allocate for n vertices.
  static std::uint64_t device_bytes(vid_t n);
  // The largest n whose folded row (4 bytes per column) fits in shared memory.
  static vid_t max_vertices();

 private:
  struct Buffers;
  vid_t n_;
  std::unique_ptr<Buffers> d_;
  std::vector<vid_t> level_sizes_;
};

}  // namespace gs::mst
