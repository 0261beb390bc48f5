// Beyond paper A: Prim with the whole loop on the device, to give the method
// its best chance against launch latency. One persistent block of 1024
// threads runs all |V| steps; a block barrier is the grid-wide barrier of a
// one-block grid, so a step costs three barriers instead of three launches.
// (Warp 0 alone reducing the 32 warp minima and broadcasting C through shared
// memory is cheaper than a two-barrier variant with 32 redundant shuffle
// chains: experiments/prim_gpu/NOTES.md.)
//
// State per vertex v: key[v] = (distance << 32 | v), or ~0 once v is in the
// tree; the 64-bit key makes "lightest, then lowest vertex" one integer min.
// Keys live in shared memory when n * 8 bytes fit the opt-in limit per block,
// otherwise in global memory (L2-resident for the sizes where this design is
// sensible). Each step: block argmin over the keys (warp shuffles + one
// shared round), the chosen vertex C leaves the queue (a distance of
// max_weight makes it the root of a new tree: Prim restarted on a
// disconnected graph), then C's arcs lower their neighbours' keys with
// atomicMin. parent[v] is written only by arcs of C, so racing writers agree.
#include <cstdint>
#include <vector>

#include "common/cuda/device_csr.cuh"
#include "algorithms/mst/prim_gpu/prim_gpu.hpp"
#include "algorithms/mst/prim_gpu/prim_input_checks.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/event_timer.cuh"

namespace gs::mst {

namespace {

constexpr unsigned kResidentBlock = 1024;
constexpr unsigned long long kInTree = ~0ull;

__device__ __forceinline__ unsigned long long warp_min_u64(unsigned long long x) {
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) {
    const unsigned long long y = __shfl_xor_sync(0xffffffffu, x, d);
    x = y < x ? y : x;
  }
  return x;
}

__global__ void __launch_bounds__(kResidentBlock)
    prim_resident_kernel(const eid_t* offsets, const vid_t* adj, const std::uint32_t* w, vid_t n,
                         unsigned long long* global_keys, bool keys_in_shared, vid_t* parent, std::uint32_t* tree_w) {
  extern __shared__ unsigned long long shared_keys[];
  __shared__ unsigned long long warp_best[kResidentBlock / 32];
  __shared__ vid_t s_c;
  unsigned long long* key = keys_in_shared ? shared_keys : global_keys;
  const unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;

  for (vid_t v = tid; v < n; v += kResidentBlock) {
    key[v] = (static_cast<unsigned long long>(kNoEdgeWeight) << 32) | v;
    parent[v] = kNoVertex;
  }
  __syncthreads();
  for (vid_t step = 0; step < n; ++step) {
    unsigned long long best = kInTree;
    for (vid_t v = tid; v < n; v += kResidentBlock) {
      const unsigned long long k = key[v];
      best = k < best ? k : best;
    }
    best = warp_min_u64(best);
    if (lane == 0) warp_best[warp] = best;
    __syncthreads();
    if (warp == 0) {
      best = warp_min_u64(warp_best[lane]);
      if (lane == 0) {
        const vid_t c = vid_t(best);
        tree_w[c] = std::uint32_t(best >> 32);
        key[c] = kInTree;
        s_c = c;
      }
    }
    __syncthreads();
    const vid_t c = s_c;
    for (eid_t j = offsets[c] + tid; j < offsets[c + 1]; j += kResidentBlock) {
      const vid_t v = adj[j];
      const unsigned long long cand = (static_cast<unsigned long long>(w[j]) << 32) | v;
      if (key[v] != kInTree && cand < key[v]) {
        atomicMin(&key[v], cand);
        parent[v] = c;
      }
    }
    __syncthreads();
  }
}

}  // namespace

MsfResult prim_resident_gpu(const Csr<std::uint32_t>& host, ResidentKeys keys) {
  check_prim_input(host, "prim_resident_gpu");
  MsfResult res;
  const vid_t n = host.n;
  if (n < 2) return res;
  cudaStream_t s = 0;
  CudaEventTimer timer;

  DeviceCsr<std::uint32_t> g;
  res.times["h2d_s"] = g.upload(host, s);

  int device = 0, optin = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  const std::size_t static_bytes = (kResidentBlock / 32) * sizeof(unsigned long long) + 64;
  const std::size_t key_bytes = std::size_t(n) * sizeof(unsigned long long);
  const bool in_shared = keys == ResidentKeys::automatic && key_bytes + static_bytes <= std::size_t(optin);
  const std::size_t dyn = in_shared ? key_bytes : 0;
  if (in_shared)
    CUDA_CHECK(cudaFuncSetAttribute(prim_resident_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(dyn)));
  DeviceBuffer<unsigned long long> global_keys(in_shared ? 0 : n);
  DeviceBuffer<vid_t> parent(n);
  DeviceBuffer<std::uint32_t> tree_w(n);

  timer.start(s);
  prim_resident_kernel<<<1, kResidentBlock, dyn, s>>>(g.offsets.data(), g.adj.data(), g.w.data(), n, global_keys.data(),
                                                      in_shared, parent.data(), tree_w.data());
  CUDA_CHECK_LAUNCH();
  timer.stop(s);
  res.times["compute_s"] = timer.seconds();

  std::vector<vid_t> par(n);
  std::vector<std::uint32_t> tw(n);
  timer.start(s);
  parent.download(par.data(), n, s);
  tree_w.download(tw.data(), n, s);
  timer.stop(s);
  res.times["d2h_s"] = timer.seconds();

  res.forest.reserve(n);
  for (vid_t v = 0; v < n; ++v)
    if (par[v] != kNoVertex) res.forest.push_back({par[v], v, tw[v]});
  return res;
}

}  // namespace gs::mst
