// The union-find step of the CUB pipeline done on the device: Boruvka rounds
// over edges that are already in device memory, so that only the forest
// (n - 1 edges) travels back to the host.
//
// Edges are handed over in ascending (weight, tie-break) order and an edge's
// position is its priority: every component picks its lowest-position edge to
// another component. Positions are distinct, so this is a strict total order
// with exactly one minimum spanning forest, the same forest a Kruskal scan of
// that order keeps. add() may be called again with a later (heavier) batch:
// the components persist, which is how the pipeline adds the heavy edges that
// survive its component filter after the light prefix.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "algorithms/mst/kruskal/kruskal_scan.hpp"
#include "common/cuda/buffer.cuh"

namespace gs::mst {

class DeviceBoruvka {
 public:
  // Starts a forest of n single-vertex components (buffers grow as needed).
  void reset(vid_t n, cudaStream_t stream);

  // Joins components along the minimum spanning forest of edges[0..m) (device
  // memory, ascending order, m < 2^32 - 1); returns the Boruvka rounds it took.
  int add(const KEdge* edges, std::size_t m, cudaStream_t stream);

  std::size_t forest_size() const { return forest_size_; }
  bool spanning() const { return forest_size_ + 1 >= std::size_t(n_); }
  // Per vertex, the root vertex of its component (device memory, valid after add()).
  const vid_t* components() const { return comp_.data(); }

  // Copies the forest's edges (in no particular order) to `out`.
  void download(std::vector<KEdge>& out, cudaStream_t stream);

 private:
  vid_t n_ = 0;
  std::size_t forest_size_ = 0;
  DeviceBuffer<vid_t> comp_;          // per vertex: its component's root
  DeviceBuffer<vid_t> next_;          // per root, during a round: the root it hooks onto
  DeviceBuffer<std::uint32_t> best_;  // per root, during a round: lowest position of an edge leaving it
  DeviceBuffer<KEdge> forest_;
  DeviceBuffer<unsigned long long> forest_count_;
  PinnedBuffer<unsigned long long> host_count_{1};
  PinnedBuffer<KEdge> staging_;
};

}  // namespace gs::mst
