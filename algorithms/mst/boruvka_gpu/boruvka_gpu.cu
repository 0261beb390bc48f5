// GPU Boruvka. The graph is kept as a list of inter-component edges, one
// entry per undirected edge (cu, cv: component labels; eid: the CSR arc the
// edge came from). A round:
//   1. best[c] = min over c's edges of (w << 32 | position): a 64-bit atomicMin
//      per endpoint. The position makes every key unique and both endpoints
//      see the same key, so the only cycles of "c -> its lightest edge's other
//      end" are mutual pairs (the classic Boruvka argument).
//   2. hook: link[c] = the other end p of best[c], except that of a mutual
//      pair (p's lightest edge leads back to c) the lower label becomes the
//      root; the chosen edges are emitted, each once. (It also resets the
//      other of two best[] buffers for the next round.)
//   3. root[c] by following links (trees are shallow).
//   4. relabel every edge to its roots and drop those inside one component:
//      one cub::DeviceSelect::If over a relabelling transform iterator.
// The edge count lives on the device: kernels read it, the selection writes
// the next one (two counters, alternating). The host only needs an upper
// bound to size grids, so it enqueues kRoundsPerCheck rounds at a time and
// reads the count back once per batch; a round after the last useful one
// finds no edges and changes nothing.
#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"

#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "common/cuda/device_csr.cuh"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/errors.hpp"

namespace gs::mst_gpu {

namespace {

constexpr unsigned kBlock = 256;
constexpr unsigned long long kNone = ~0ull;
constexpr int kRoundsPerCheck = 3;

struct InterEdge {
  vid_t cu, cv;
  std::uint32_t w;
  std::uint32_t eid;  // CSR arc index of one of the edge's two arcs
};

unsigned blocks_for(std::uint64_t items) { return unsigned((items + kBlock - 1) / kBlock); }

// Per vertex u: how many of its arcs go to a higher vertex (one entry per edge).
__global__ void count_upward_arcs(const eid_t* offsets, const vid_t* adj, vid_t n, std::uint32_t* count) {
  const vid_t u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= n) return;
  std::uint32_t k = 0;
  for (eid_t j = offsets[u]; j < offsets[u + 1]; ++j) k += adj[j] > u;
  count[u] = k;
}

// The arcs u -> v with u < v at their scanned positions (self loops dropped):
// a deterministic edge order, hence deterministic tie-breaking.
__global__ void write_upward_arcs(const eid_t* offsets, const vid_t* adj, const std::uint32_t* w, vid_t n,
                                  const std::uint32_t* start, InterEdge* out) {
  const vid_t u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= n) return;
  std::uint32_t k = start[u];
  for (eid_t j = offsets[u]; j < offsets[u + 1]; ++j)
    if (adj[j] > u) out[k++] = {u, adj[j], w[j], std::uint32_t(j)};
}

__global__ void lightest_edge(const InterEdge* e, const unsigned* m, unsigned long long* best) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= *m) return;
  const unsigned long long key = (static_cast<unsigned long long>(e[i].w) << 32) | i;
  atomicMin(&best[e[i].cu], key);
  atomicMin(&best[e[i].cv], key);
}

__device__ __forceinline__ vid_t other_end(const InterEdge* e, unsigned long long key, vid_t c) {
  const InterEdge x = e[std::uint32_t(key)];
  return x.cu == c ? x.cv : x.cu;
}

__global__ void hook_and_emit(const InterEdge* e, const unsigned long long* best, unsigned long long* next_best, vid_t n,
                              vid_t* link, std::uint32_t* chosen, unsigned* chosen_count) {
  const vid_t c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n) return;
  next_best[c] = kNone;
  const unsigned long long b = best[c];
  if (b == kNone) {
    link[c] = c;
    return;
  }
  const vid_t p = other_end(e, b, c);
  const bool mutual = other_end(e, best[p], p) == c;  // p has an edge (this one), so best[p] is set
  link[c] = mutual && c < p ? c : p;
  if (!mutual || c < p) chosen[atomicAdd(chosen_count, 1u)] = e[std::uint32_t(b)].eid;
}

__global__ void find_roots(const vid_t* link, vid_t n, vid_t* root) {
  const vid_t c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n) return;
  vid_t r = c;
  while (link[r] != r) r = link[r];
  root[c] = r;
}

// Edge i relabelled to its roots; positions at or past the device-side count
// become a dead edge (cu == cv), which the selection drops.
struct RelabelOrDead {
  const InterEdge* e;
  const unsigned* m;
  const vid_t* root;
  __host__ __device__ InterEdge operator()(unsigned i) const {
    if (i >= *m) return {0, 0, 0, 0};
    const InterEdge x = e[i];
    return {root[x.cu], root[x.cv], x.w, x.eid};
  }
};

struct CrossesComponents {
  __host__ __device__ bool operator()(const InterEdge& x) const { return x.cu != x.cv; }
};

// Forest edge from a CSR arc index: the arc's source by binary search on offsets.
__global__ void arcs_to_forest(const eid_t* offsets, const vid_t* adj, const std::uint32_t* w, vid_t n,
                               const std::uint32_t* chosen, unsigned k, Edge<std::uint32_t>* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= k) return;
  const eid_t j = chosen[i];
  vid_t lo = 0, hi = n;  // the last u with offsets[u] <= j
  while (hi - lo > 1) {
    const vid_t mid = lo + (hi - lo) / 2;
    if (offsets[mid] <= j) lo = mid;
    else hi = mid;
  }
  out[i] = {lo, adj[j], w[j]};
}

}  // namespace

std::uint64_t boruvka_gpu_device_bytes(const Csr<std::uint32_t>& g) {
  const std::uint64_t edges = g.num_arcs() / 2 + 1;
  return std::uint64_t(g.n + 1) * sizeof(eid_t) + g.num_arcs() * 8 + 2 * edges * sizeof(InterEdge) +
         std::uint64_t(g.n) * (8 + 5 * 4 + sizeof(Edge<std::uint32_t>)) + (32u << 20);
}

GpuMsfResult boruvka_gpu(const Csr<std::uint32_t>& host) {
  if (host.directed) throw InputError("boruvka_gpu: needs an undirected graph");
  if (!host.weighted() && host.num_arcs() > 0) throw InputError("boruvka_gpu: needs a weighted graph");
  if (host.num_arcs() >= std::numeric_limits<std::uint32_t>::max())
    throw InputError("boruvka_gpu: " + std::to_string(host.num_arcs()) +
                     " arcs; this implementation keys edges by 32-bit arc index");
  GpuMsfResult res;
  const vid_t n = host.n;
  if (n < 2) return res;
  cudaStream_t s = 0;
  CudaEventTimer timer;

  DeviceCsr<std::uint32_t> g;
  res.h2d_s = g.upload(host, s);

  // Graph preparation (outside the timed region, like the upload): the number
  // of undirected non-loop edges, the exact size of the first edge list.
  std::uint64_t m0 = 0;
  for (vid_t u = 0; u < n; ++u)
    for (eid_t j = host.offsets[u]; j < host.offsets[u + 1]; ++j) m0 += host.adj[j] > u;

  const std::uint64_t max_edges = m0 + 1;
  DeviceBuffer<InterEdge> edges(max_edges), next(max_edges);
  DeviceBuffer<unsigned long long> best(n), next_best(n);
  DeviceBuffer<vid_t> link(n), root(n);
  DeviceBuffer<std::uint32_t> upward(n), start(n), chosen(n);
  DeviceBuffer<unsigned> counters(3);  // [0], [1]: edges left (alternating); [2]: forest edges
  DeviceBuffer<Edge<std::uint32_t>> forest(n);
  PinnedBuffer<unsigned> readback(3);
  readback[0] = unsigned(m0);
  readback[1] = 0;
  readback[2] = 0;

  // CUB's temporary storage, sized once for the largest scan and selection.
  using Relabelled = thrust::transform_iterator<RelabelOrDead, thrust::counting_iterator<unsigned>>;
  auto relabelled = [&](const unsigned* m) {
    return Relabelled(thrust::counting_iterator<unsigned>(0), RelabelOrDead{edges.data(), m, root.data()});
  };
  std::size_t scan_bytes = 0, select_bytes = 0;
  CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, scan_bytes, upward.data(), start.data(), int(n), s));
  CUDA_CHECK(cub::DeviceSelect::If(nullptr, select_bytes, relabelled(counters.data()), next.data(), counters.data() + 1,
                                   int(max_edges), CrossesComponents{}, s));
  DeviceBuffer<unsigned char> temp(std::max(scan_bytes, select_bytes));

  timer.start(s);
  CUDA_CHECK(cudaMemcpyAsync(counters.data(), readback.data(), 3 * sizeof(unsigned), cudaMemcpyHostToDevice, s));
  best.fill_bytes(0xff, s);
  count_upward_arcs<<<blocks_for(n), kBlock, 0, s>>>(g.offsets.data(), g.adj.data(), n, upward.data());
  CUDA_CHECK_LAUNCH();
  std::size_t bytes = temp.size();
  CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp.data(), bytes, upward.data(), start.data(), int(n), s));
  write_upward_arcs<<<blocks_for(n), kBlock, 0, s>>>(g.offsets.data(), g.adj.data(), g.w.data(), n, start.data(),
                                                     edges.data());
  CUDA_CHECK_LAUNCH();
  std::uint64_t m_bound = m0;  // the count is exact at each check, an upper bound in between
  int cur = 0;                 // counters[cur] holds the current edge count
  while (m_bound > 0) {
    for (int r = 0; r < kRoundsPerCheck; ++r) {
      lightest_edge<<<blocks_for(m_bound), kBlock, 0, s>>>(edges.data(), counters.data() + cur, best.data());
      CUDA_CHECK_LAUNCH();
      hook_and_emit<<<blocks_for(n), kBlock, 0, s>>>(edges.data(), best.data(), next_best.data(), n, link.data(),
                                                     chosen.data(), counters.data() + 2);
      CUDA_CHECK_LAUNCH();
      find_roots<<<blocks_for(n), kBlock, 0, s>>>(link.data(), n, root.data());
      CUDA_CHECK_LAUNCH();
      bytes = temp.size();
      CUDA_CHECK(cub::DeviceSelect::If(temp.data(), bytes, relabelled(counters.data() + cur), next.data(),
                                       counters.data() + (1 - cur), int(m_bound), CrossesComponents{}, s));
      cur = 1 - cur;
      std::swap(edges, next);
      std::swap(best, next_best);
    }
    CUDA_CHECK(cudaMemcpyAsync(readback.data(), counters.data(), 3 * sizeof(unsigned), cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    m_bound = readback[cur];
  }
  const unsigned k = readback[2];
  if (k > 0) {
    arcs_to_forest<<<blocks_for(k), kBlock, 0, s>>>(g.offsets.data(), g.adj.data(), g.w.data(), n, chosen.data(), k,
                                                    forest.data());
    CUDA_CHECK_LAUNCH();
  }
  timer.stop(s);
  res.compute_s = timer.seconds();

  res.forest.resize(k);
  timer.start(s);
  forest.download(res.forest.data(), k, s);
  timer.stop(s);
  res.d2h_s = timer.seconds();
  return res;
}

}  // namespace gs::mst_gpu
