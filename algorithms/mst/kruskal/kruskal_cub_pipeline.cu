// Program 7: the CUB pipeline (see kruskal_gpu.hpp); its union-find step is
// the suite's GPU Boruvka (algorithms/mst/boruvka_gpu/boruvka_engine.cuh).
#include <cub/block/block_scan.cuh>
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <climits>
#include <cmath>
#include <stdexcept>

#include "algorithms/mst/boruvka_gpu/boruvka_engine.cuh"
#include "algorithms/mst/kruskal/kruskal_gpu.hpp"
#include "algorithms/mst/kruskal/weight_threshold.cuh"
#include "common/cuda/buffer.cuh"
#include "common/cuda/grid.cuh"
#include "common/timer.hpp"

namespace gs::mst {
namespace {

constexpr int kThreads = 256;
constexpr int kItems = 8;

// Bits needed to hold x (C++17: no std::bit_width in CUDA sources).
int bit_width(std::uint32_t x) {
  int b = 0;
  for (; x; x >>= 1) ++b;
  return b;
}

unsigned blocks_for(std::size_t m) {
  return unsigned((m + std::size_t(kThreads) * kItems - 1) / (std::size_t(kThreads) * kItems));
}

// Keys (w << 32 | index) of the edges on one side of the threshold, compacted
// with one atomic per block (key order is restored by the sort). With `comp`
// (the heavy side, after the light forest): only edges between two different
// components, the rest cannot join the forest.
__global__ void select_keys(const KEdge* e, std::size_t m, const std::uint32_t* threshold, bool heavy,
                            const vid_t* comp, std::uint64_t* keys, unsigned long long* count) {
  using Scan = cub::BlockScan<unsigned, kThreads>;
  __shared__ typename Scan::TempStorage storage;
  __shared__ unsigned long long base;
  const std::uint32_t t = *threshold;
  const std::size_t tile = std::size_t(blockIdx.x) * kThreads * kItems;
  std::uint64_t mine[kItems];
  unsigned n = 0;
  for (int k = 0; k < kItems; ++k) {
    const std::size_t i = tile + threadIdx.x + std::size_t(k) * kThreads;
    if (i < m) {
      const std::uint32_t w = e[i].w;
      if ((w > t) == heavy && (!comp || comp[e[i].u] != comp[e[i].v]))
        mine[n++] = (std::uint64_t(w) << 32) | std::uint64_t(i);
    }
  }
  unsigned offset, total;
  Scan(storage).ExclusiveSum(n, offset, total);
  if (threadIdx.x == 0) base = atomicAdd(count, (unsigned long long)total);
  __syncthreads();
  for (unsigned k = 0; k < n; ++k) keys[base + offset + k] = mine[k];
}

__global__ void gather_edges(const std::uint64_t* keys, std::size_t count, const KEdge* e, KEdge* out) {
  const std::size_t i = grid_thread<std::size_t>();
  if (i < count) out[i] = e[keys[i] & 0xffffffffull];
}

__global__ void extract_pairs(const KEdge* e, std::size_t m, std::uint32_t* w, std::uint32_t* idx) {
  const std::size_t i = grid_thread<std::size_t>();
  if (i < m) {
    w[i] = e[i].w;
    idx[i] = std::uint32_t(i);
  }
}

}  // namespace

struct CubKruskalPipeline::Impl {
  std::size_t max_m;
  DeviceBuffer<KEdge> edges, sorted;           // all edges; the selected ones in key order
  DeviceBuffer<std::uint64_t> keys, keys_alt;  // also hold the SortPairs reference's (key, value) arrays
  DeviceBuffer<std::uint8_t> temp;
  DeviceBuffer<unsigned long long> count;
  DeviceBuffer<std::uint32_t> threshold;
  PinnedBuffer<unsigned long long> small;  // count, threshold
  mst::BoruvkaEngine forest;
  cudaStream_t stream{};
  const KEdge* pinned = nullptr;

  explicit Impl(std::size_t m) : max_m(m), edges(m), sorted(m), keys(m), keys_alt(m), count(1), threshold(1), small(2) {
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    std::size_t a = 0, b = 0;
    cub::DoubleBuffer<std::uint64_t> k(keys.data(), keys_alt.data());
    CUDA_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, a, k, int(m), 0, 64, stream));
    cub::DoubleBuffer<std::uint32_t> rk(nullptr, nullptr), rv(nullptr, nullptr);
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, b, rk, rv, int(m), 0, 32, stream));
    temp.resize(std::max<std::size_t>({a, b, 1}));
  }
  ~Impl() { cudaStreamDestroy(stream); }

  // Selects one side of the threshold (the heavy side only between different
  // components of `comp`), sorts it into `sorted`; returns how many.
  std::size_t select_sort_gather(std::size_t m, bool heavy, const vid_t* comp) {
    CUDA_CHECK(cudaMemsetAsync(count.data(), 0, sizeof(unsigned long long), stream));
    select_keys<<<blocks_for(m), kThreads, 0, stream>>>(edges.data(), m, threshold.data(), heavy, comp, keys.data(),
                                                        count.data());
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpyAsync(&small[0], count.data(), sizeof(unsigned long long), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaMemcpyAsync(&small[1], threshold.data(), sizeof(std::uint32_t), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    const std::size_t selected = std::size_t(small[0]);
    const std::uint32_t t = std::uint32_t(small[1]);
    if (selected == 0) return 0;
    // Light keys hold weights <= t: only the bits up to t's width need sorting.
    const int end_bit = heavy ? 64 : 32 + bit_width(t);
    cub::DoubleBuffer<std::uint64_t> k(keys.data(), keys_alt.data());
    std::size_t bytes = temp.size();
    CUDA_CHECK(cub::DeviceRadixSort::SortKeys(temp.data(), bytes, k, int(selected), 0, end_bit, stream));
    gather_edges<<<unsigned((selected + 255) / 256), 256, 0, stream>>>(k.Current(), selected, edges.data(),
                                                                       sorted.data());
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaStreamSynchronize(stream));
    return selected;
  }
};

CubKruskalPipeline::CubKruskalPipeline(std::size_t max_m) {
  if (max_m >= std::size_t(INT_MAX)) throw std::invalid_argument("kruskal_cub_gpu: at most 2^31-1 edges");
  impl_ = std::make_unique<Impl>(std::max<std::size_t>(max_m, 1));
}
CubKruskalPipeline::~CubKruskalPipeline() { unpin(); }

std::size_t CubKruskalPipeline::device_bytes(vid_t n, std::size_t m) {
  // The edge batches, and the Boruvka engine's per-vertex arrays for n vertices.
  return m * (2 * sizeof(KEdge) + 3 * sizeof(std::uint64_t)) + mst::BoruvkaEngine::device_bytes(n);
}

double CubKruskalPipeline::pin(const KEdge* edges, std::size_t m) {
  unpin();
  WallTimer t;
  if (m) CUDA_CHECK(cudaHostRegister(const_cast<KEdge*>(edges), m * sizeof(KEdge), cudaHostRegisterDefault));
  impl_->pinned = m ? edges : nullptr;
  return t.seconds();
}

void CubKruskalPipeline::unpin() {
  if (impl_ && impl_->pinned) cudaHostUnregister(const_cast<KEdge*>(impl_->pinned));
  if (impl_) impl_->pinned = nullptr;
}

MsfResult CubKruskalPipeline::run(vid_t n, const KEdge* host_edges, std::size_t m) {
  Impl& s = *impl_;
  if (m > s.max_m) throw std::invalid_argument("kruskal_cub_gpu: more edges than the pipeline was built for");
  MsfResult r;
  double h2d = 0, sort = 0, forest = 0, d2h = 0;
  std::size_t light = 0, heavy = 0;
  int rounds = 0;
  WallTimer t;
  if (m) CUDA_CHECK(cudaMemcpyAsync(s.edges.data(), host_edges, m * sizeof(KEdge), cudaMemcpyHostToDevice, s.stream));
  CUDA_CHECK(cudaStreamSynchronize(s.stream));
  h2d = t.seconds();

  s.forest.pin_download(n);  // allocates on the first run only
  WallTimer resident;
  s.forest.reset(n, s.stream);
  if (m > 0) {
    // About n (ln n + 1) light edges: enough to span a random graph.
    const double want = std::max(65536.0, double(n) * (std::log(std::max(2.0, double(n))) + 1.0));
    t.restart();
    static_assert(sizeof(KEdge) % sizeof(std::uint32_t) == 0, "KEdge weights sampled with a word stride");
    mst::pick_weight_threshold(&s.edges.data()->w, m, sizeof(KEdge) / sizeof(std::uint32_t), want / double(m),
                               s.threshold.data(), s.stream);
    light = s.select_sort_gather(m, false, nullptr);
    sort += t.seconds();
    t.restart();
    rounds += s.forest.add({s.sorted.data(), light, nullptr}, s.stream);
    forest += t.seconds();
    if (!s.forest.spanning() && light < m) {  // the rest, only when the light edges did not span
      t.restart();
      heavy = s.select_sort_gather(m, true, s.forest.components());
      sort += t.seconds();
      t.restart();
      rounds += s.forest.add({s.sorted.data(), heavy, nullptr}, s.stream);
      forest += t.seconds();
    }
  }
  t.restart();
  s.forest.download(r.forest, s.stream);
  d2h = t.seconds();
  r.times["resident_s"] = resident.seconds();
  r.times["h2d_s"] = h2d;
  r.times["sort_s"] = sort;
  r.times["unionfind_s"] = forest;
  r.times["d2h_s"] = d2h;
  r.counts["light_edges"] = light;
  r.counts["heavy_edges"] = heavy;
  r.counts["boruvka_rounds"] = rounds;
  return r;
}

double CubKruskalPipeline::cub_sort_pairs_seconds(std::size_t m) {
  Impl& s = *impl_;
  if (m == 0) return 0;
  auto* w = reinterpret_cast<std::uint32_t*>(s.keys.data());
  auto* idx = w + m;
  auto* w_alt = reinterpret_cast<std::uint32_t*>(s.keys_alt.data());
  auto* idx_alt = w_alt + m;
  extract_pairs<<<unsigned((m + 255) / 256), 256, 0, s.stream>>>(s.edges.data(), m, w, idx);
  CUDA_CHECK_LAUNCH();
  cub::DoubleBuffer<std::uint32_t> k(w, w_alt), v(idx, idx_alt);
  std::size_t bytes = s.temp.size();
  cudaEvent_t a, b;
  CUDA_CHECK(cudaEventCreate(&a));
  CUDA_CHECK(cudaEventCreate(&b));
  CUDA_CHECK(cudaEventRecord(a, s.stream));
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(s.temp.data(), bytes, k, v, int(m), 0, 32, s.stream));
  CUDA_CHECK(cudaEventRecord(b, s.stream));
  CUDA_CHECK(cudaEventSynchronize(b));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return ms / 1000.0;
}

}  // namespace gs::mst
