// boruvka_gpu: the CSR program around the Boruvka engine (boruvka_engine.cuh).
//   1. threshold: the weight at the light quantile of a sample of arc weights
//      (large graphs only, see BoruvkaGpuOptions);
//   2. filter: the light edges, each once (the arc u -> v with u < v, so self
//      loops drop out), compacted into an edge list on the device;
//   3. Boruvka rounds on that list;
//   4. only if the forest does not span: the heavy edges whose endpoints lie
//      in different components, then rounds on those.
// The list sizes stay on the device; the engine reads them.
#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"

#include <cub/block/block_scan.cuh>

#include <iterator>
#include <limits>
#include <string>

#include "algorithms/mst/boruvka_gpu/boruvka_engine.cuh"
#include "algorithms/mst/kruskal/weight_threshold.cuh"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/device_csr.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/cuda/grid.cuh"
#include "common/errors.hpp"

namespace gs::mst {

namespace {

constexpr unsigned kBlock = 256;
constexpr unsigned kItems = 8;  // consecutive arcs per thread: one binary search, then a walk

// The edges u -> v (u < v) of one side of *threshold (no threshold: all are
// light), as KEdge, appended at *count (one atomicAdd per block). With `comp` (flat component labels) only
// edges between two components. Appends past `cap` are counted, not written.
__global__ void select_arcs(const eid_t* offsets, const vid_t* adj, const std::uint32_t* w, vid_t n, eid_t arcs,
                            const std::uint32_t* threshold, bool heavy, const vid_t* comp, KEdge* out, unsigned* count,
                            unsigned cap) {
  using Scan = cub::BlockScan<unsigned, kBlock>;
  __shared__ typename Scan::TempStorage storage;
  __shared__ unsigned base;
  const std::uint32_t t = threshold ? *threshold : 0xffffffffu;
  const eid_t first = grid_thread<eid_t>() * kItems;
  const eid_t last = first + kItems < arcs ? first + kItems : arcs;
  vid_t u0 = 0;
  if (first < arcs) {  // the source of arc `first`: the last u with offsets[u] <= first
    vid_t hi = n;
    while (hi - u0 > 1) {
      const vid_t mid = u0 + (hi - u0) / 2;
      if (offsets[mid] <= first) u0 = mid;
      else hi = mid;
    }
  }
  auto visit = [&](auto&& take) {
    vid_t u = u0;
    eid_t end = first < arcs ? offsets[u + 1] : 0;
    for (eid_t j = first; j < last; ++j) {
      while (j >= end) end = offsets[++u + 1];
      const vid_t v = adj[j];
      const std::uint32_t wj = w[j];
      if (v > u && (wj > t) == heavy && (!comp || comp[u] != comp[v])) take(KEdge{u, v, wj});
    }
  };
  unsigned k = 0;
  visit([&](const KEdge&) { ++k; });
  unsigned offset = 0, total = 0;
  Scan(storage).ExclusiveSum(k, offset, total);
  if (threadIdx.x == 0) base = total ? atomicAdd(count, total) : 0;
  __syncthreads();
  if (k == 0) return;
  unsigned at = base + offset;
  visit([&](const KEdge& e) {
    if (at < cap) out[at] = e;
    ++at;
  });
}

unsigned select_blocks(eid_t arcs) { return unsigned((arcs + eid_t(kBlock) * kItems - 1) / (eid_t(kBlock) * kItems)); }

// Upward arcs of a symmetric CSR: at most half of all arcs.
std::size_t list_capacity(const Csr<std::uint32_t>& g) { return std::size_t(g.num_arcs() / 2) + 1; }

}  // namespace

std::uint64_t boruvka_gpu_device_bytes(const Csr<std::uint32_t>& g) {
  const std::size_t cap = list_capacity(g);
  return std::uint64_t(g.n + 1) * sizeof(eid_t) + g.num_arcs() * 8 + cap * sizeof(KEdge) +
         BoruvkaEngine::device_bytes(g.n) + (32u << 20);
}

MsfResult boruvka_gpu(const Csr<std::uint32_t>& host, const BoruvkaGpuOptions& opt) {
  if (host.directed) throw InputError("boruvka_gpu: needs an undirected graph");
  if (!host.weighted() && host.num_arcs() > 0) throw InputError("boruvka_gpu: needs a weighted graph");
  if (host.num_arcs() >= std::numeric_limits<std::uint32_t>::max() - 1)
    throw InputError("boruvka_gpu: " + std::to_string(host.num_arcs()) +
                     " arcs; this implementation keys edges by 32-bit index");
  MsfResult res;
  const vid_t n = host.n;
  if (n < 2) return res;
  cudaStream_t s = 0;

  DeviceCsr<std::uint32_t> g;
  res.times["h2d_s"] = g.upload(host, s);

  const eid_t arcs = host.num_arcs();
  const std::size_t cap = list_capacity(host);
  const double edges = double(arcs / 2);
  const double light_target = opt.light_edges_per_vertex * double(n);
  const bool split = arcs / 2 >= opt.split_min_edges && light_target < edges;

  DeviceBuffer<KEdge> list(cap);
  DeviceBuffer<unsigned> counts(2);  // light, heavy list sizes
  DeviceBuffer<std::uint32_t> threshold(1);
  PinnedBuffer<unsigned> host_counts(2);
  BoruvkaEngine engine;
  engine.reserve(n);
  PhaseClock clock;
  clock.reserve(256);

  clock.start(s);
  engine.reset(n, s);
  CUDA_CHECK(cudaMemsetAsync(counts.data(), 0, 2 * sizeof(unsigned), s));
  if (split) pick_weight_threshold(g.w.data(), arcs, 1, light_target / edges, threshold.data(), s);
  clock.lap("threshold_s", s);  // with the engine's and the counts' reset
  int rounds = 0;
  if (arcs > 0) {
    select_arcs<<<select_blocks(arcs), kBlock, 0, s>>>(g.offsets.data(), g.adj.data(), g.w.data(), n, arcs,
                                                       split ? threshold.data() : nullptr, false, nullptr, list.data(),
                                                       counts.data(), unsigned(cap));
    CUDA_CHECK_LAUNCH();
    clock.lap("filter_s", s);
    rounds += engine.add({list.data(), cap, counts.data()}, s, &clock);
    if (split && !engine.spanning()) {
      select_arcs<<<select_blocks(arcs), kBlock, 0, s>>>(g.offsets.data(), g.adj.data(), g.w.data(), n, arcs,
                                                         threshold.data(), true, engine.components(), list.data(),
                                                         counts.data() + 1, unsigned(cap));
      CUDA_CHECK_LAUNCH();
      clock.lap("filter_s", s);
      rounds += engine.add({list.data(), cap, counts.data() + 1}, s, &clock);
    }
  }
  double total = 0;
  for (const char* p : kBoruvkaGpuTimes) res.times[p] = 0;
  for (const auto& [phase, seconds] : clock.collect(&total)) res.times[phase] = seconds;
  res.times["compute_s"] = total;
  CUDA_CHECK(cudaMemcpyAsync(host_counts.data(), counts.data(), 2 * sizeof(unsigned), cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  if (host_counts[0] > cap || host_counts[1] > cap)
    throw InputError("boruvka_gpu: more arcs u -> v with u < v than half of all arcs; the CSR is not symmetric");
  const std::uint64_t counted[] = {host_counts[0], host_counts[1], std::uint64_t(rounds)};
  static_assert(std::size(kBoruvkaGpuCounts) == std::size(counted));
  for (std::size_t i = 0; i < std::size(counted); ++i) res.counts[kBoruvkaGpuCounts[i]] = counted[i];

  CudaEventTimer timer;
  timer.start(s);
  engine.download(res.forest, s);
  timer.stop(s);
  res.times["d2h_s"] = timer.seconds();
  return res;
}

}  // namespace gs::mst
