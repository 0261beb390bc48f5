// A CSR graph on the device (the paper's "compressed adjacency list": V, E, W).
#pragma once

#include <cstdint>

#include "common/cuda/buffer.cuh"
#include "common/graph.hpp"

namespace gs::mst_gpu {

struct DeviceCsr {
  vid_t n = 0;
  DeviceBuffer<eid_t> offsets;    // V (n + 1 entries)
  DeviceBuffer<vid_t> adj;        // E
  DeviceBuffer<std::uint32_t> w;  // W

  void upload(const Csr<std::uint32_t>& g, cudaStream_t s = 0) {
    n = g.n;
    offsets.upload(g.offsets, s);
    adj.upload(g.adj, s);
    w.upload(g.w, s);
  }
};

}  // namespace gs::mst_gpu
