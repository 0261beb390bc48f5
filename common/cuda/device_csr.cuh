// A weighted CSR graph on the device (paper A's "compressed adjacency list" V, E, W),
// uploaded once per load with the copy timed by events: every GPU program reports the
// graph upload apart from its compute time.
#pragma once

#include "common/cuda/buffer.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/graph.hpp"

namespace gs {

template <class W>
struct DeviceCsr {
  vid_t n = 0;
  DeviceBuffer<eid_t> offsets;  // V (n + 1 entries)
  DeviceBuffer<vid_t> adj;      // E
  DeviceBuffer<W> w;            // W

  // Copies `g` (replacing what was there) and returns the seconds the copy took on `s`.
  double upload(const Csr<W>& g, cudaStream_t s = 0) {
    CudaEventTimer timer;
    timer.start(s);
    n = g.n;
    offsets.upload(g.offsets, s);
    adj.upload(g.adj, s);
    w.upload(g.w, s);
    timer.stop(s);
    return timer.seconds();
  }
};

}  // namespace gs
