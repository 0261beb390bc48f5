// The Prim loop of paper A (section 2.3) around an exchangeable minimum finder.
//
// The MST edge table is split into R1 (from), R2 (to), R3 (weight), |V|-1
// entries, entry p initially for vertex p+1. Positions [0, k) hold the k edges
// taken so far; R3' = R3[k, |V|-1) are the candidates. Each of the |V|-2 steps
//   (1) finds the minimum of R3' and its index (FindMin),
//   (2) swaps that entry to position k with one thread and stores its R2
//       vertex in C (the finder's epilogue: thread 0 of its final kernel),
//   (3) decrease-distance: one thread per remaining candidate n compares
//       w(C, n) with R3[n] and updates R1/R3; C's adjacency list is staged
//       through shared memory, so that all threads look up C->n in the same
//       words.
// After the last step the one remaining candidate is final. The grid of (3)
// (and FindMin's) is sized from the candidate count of each step; the host
// knows it without a round trip, so no step waits for the device.
//
// Disconnected graphs: a candidate still at max_weight has R1 = none; when it
// is the minimum it becomes the root of a new tree and yields no edge.
#pragma once

#include <cstdint>
#include <vector>

#include "common/cuda/device_csr.cuh"
#include "algorithms/mst/msf_result.hpp"
#include "algorithms/mst/prim_gpu/prim_input_checks.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/cuda/grid.cuh"

namespace gs::mst {

struct EdgeTable {
  DeviceBuffer<vid_t> r1, r2;
  DeviceBuffer<std::uint32_t> r3;
  DeviceBuffer<vid_t> c;  // the vertex added last
};

// Kernels defined in a header get internal linkage: one copy per program file.
namespace detail {
namespace {

inline constexpr unsigned kDecreaseBlock = 256;
inline constexpr unsigned kAdjTile = 1024;  // C's arcs staged per round through shared memory

__global__ void edge_table_init(vid_t* r1, vid_t* r2, std::uint32_t* r3, vid_t* c, std::uint32_t entries) {
  const std::uint32_t p = grid_thread<std::uint32_t>();
  if (p < entries) {
    r1[p] = kNoVertex;
    r2[p] = p + 1;
    r3[p] = kNoEdgeWeight;
  }
  if (p == 0) *c = 0;
}

// Positions [begin, end): R3[p] = min(R3[p], w(C, R2[p])), R1[p] = C when it drops.
__global__ void __launch_bounds__(kDecreaseBlock)
    decrease_distance(const eid_t* offsets, const vid_t* adj, const std::uint32_t* w, const vid_t* c_ptr, vid_t* r1,
                      const vid_t* r2, std::uint32_t* r3, std::uint32_t begin, std::uint32_t end) {
  __shared__ vid_t s_adj[kAdjTile];
  __shared__ std::uint32_t s_w[kAdjTile];
  const vid_t c = *c_ptr;
  const eid_t first = offsets[c], last = offsets[c + 1];
  const std::uint32_t p = begin + grid_thread<std::uint32_t>();
  const bool active = p < end;
  const vid_t x = active ? r2[p] : kNoVertex;
  std::uint32_t best = kNoEdgeWeight;
  for (eid_t tile = first; tile < last; tile += kAdjTile) {
    const unsigned len = unsigned(last - tile < kAdjTile ? last - tile : kAdjTile);
    __syncthreads();
    for (unsigned j = threadIdx.x; j < len; j += blockDim.x) {
      s_adj[j] = adj[tile + j];
      s_w[j] = w[tile + j];
    }
    __syncthreads();
    // Lower bound of x in the sorted tile: its first arc to x is its lightest.
    unsigned lo = 0, hi = len;
    while (lo < hi) {
      const unsigned mid = (lo + hi) / 2;
      if (s_adj[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    if (lo < len && s_adj[lo] == x && s_w[lo] < best) best = s_w[lo];
  }
  if (active && best < r3[p]) {
    r3[p] = best;
    r1[p] = c;
  }
}

}  // namespace
}  // namespace detail

// Step (2) on one device thread: the chosen candidate (index relative to
// position k) moves to position k, its vertex becomes C.
struct TakeMinEntry {
  vid_t* r1;
  vid_t* r2;
  std::uint32_t* r3;
  vid_t* c;
  std::uint32_t k;
  __device__ void operator()(std::uint32_t, std::uint32_t chosen_index) const {
    const std::uint32_t j = k + chosen_index;
    const vid_t a = r1[j], b = r2[j];
    const std::uint32_t wt = r3[j];
    r1[j] = r1[k];
    r2[j] = r2[k];
    r3[j] = r3[k];
    r1[k] = a;
    r2[k] = b;
    r3[k] = wt;
    *c = b;
  }
};

namespace detail {
namespace {

inline unsigned blocks_for(std::uint64_t items, unsigned block) { return unsigned((items + block - 1) / block); }

inline void launch_decrease(const DeviceCsr<std::uint32_t>& g, EdgeTable& t, std::uint32_t begin, std::uint32_t end,
                            cudaStream_t s) {
  if (end <= begin) return;
  decrease_distance<<<blocks_for(end - begin, kDecreaseBlock), kDecreaseBlock, 0, s>>>(
      g.offsets.data(), g.adj.data(), g.w.data(), t.c.data(), t.r1.data(), t.r2.data(), t.r3.data(), begin, end);
  CUDA_CHECK_LAUNCH();
}

}  // namespace
}  // namespace detail

// `find_min(values, len, stream, take)` enqueues the search of values[0, len)
// and has one device thread call take(min value, index relative to values).
template <class FindMin>
MsfResult prim_edge_table(const Csr<std::uint32_t>& host, FindMin&& find_min, const char* program) {
  check_prim_input(host, program);
  MsfResult res;
  const vid_t n = host.n;
  if (n < 2) return res;
  const std::uint32_t entries = n - 1;
  cudaStream_t s = 0;
  CudaEventTimer timer;

  DeviceCsr<std::uint32_t> g;
  res.times["h2d_s"] = g.upload(host, s);

  EdgeTable t;
  t.r1.resize(entries);
  t.r2.resize(entries);
  t.r3.resize(entries);
  t.c.resize(1);

  timer.start(s);
  detail::edge_table_init<<<detail::blocks_for(entries, 256), 256, 0, s>>>(t.r1.data(), t.r2.data(), t.r3.data(),
                                                                           t.c.data(), entries);
  CUDA_CHECK_LAUNCH();
  detail::launch_decrease(g, t, 0, entries, s);      // C = vertex 0: its edges fill the table
  for (std::uint32_t k = 0; k + 1 < entries; ++k) {  // |V|-2 steps
    find_min(t.r3.data() + k, entries - k, s, TakeMinEntry{t.r1.data(), t.r2.data(), t.r3.data(), t.c.data(), k});
    detail::launch_decrease(g, t, k + 1, entries, s);
  }
  timer.stop(s);
  res.times["compute_s"] = timer.seconds();

  std::vector<vid_t> r1(entries), r2(entries);
  std::vector<std::uint32_t> r3(entries);
  timer.start(s);
  t.r1.download(r1.data(), entries, s);
  t.r2.download(r2.data(), entries, s);
  t.r3.download(r3.data(), entries, s);
  timer.stop(s);
  res.times["d2h_s"] = timer.seconds();

  res.forest.reserve(entries);
  for (std::uint32_t p = 0; p < entries; ++p)
    if (r1[p] != kNoVertex) res.forest.push_back({r1[p], r2[p], r3[p]});
  return res;
}

}  // namespace gs::mst
