#include "algorithms/mst/boruvka_dense_gpu/boruvka_dense_gpu.hpp"

#include <cooperative_groups.h>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

#include <algorithm>
#include <string>

#include "algorithms/mst/sollin/edge_key.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/cooperative.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/cuda/grid.cuh"
#include "common/errors.hpp"
#include "common/memory.hpp"
#include "common/timer.hpp"

namespace gs::mst {
namespace {

namespace cg = cooperative_groups;

constexpr int kBlock = 512;
constexpr int kRowAlign = 8;        // matrix rows padded to 8 entries: 16-byte vector loads
constexpr int kScanItems = 8;       // per thread in the one-block scans
constexpr int kMaxBlocksPerSm = 4;  // a full SM at most; fewer blocks make each grid sync cheaper
constexpr int kMaxLevels = 32;      // each level at least halves the vertices: 17 for n < 65536

std::size_t row_pitch(vid_t n) { return (std::size_t(n) + kRowAlign - 1) / kRowAlign * kRowAlign; }

struct MinOp {
  template <class T>
  __device__ T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};

// Everything the level loop touches (device pointers).
struct Levels {
  const std::uint16_t* matrix;
  std::size_t pitch;
  vid_t n;
  Choice* choice;
  vid_t *parent, *root, *is_root, *rank, *head, *next;
  EdgeKey *big, *small, *tree;
  unsigned int* tree_size;
  vid_t* level_sizes;  // [0] = n, then the contracted sizes; ends at a size <= 1
};

// Level 1 select: one warp per row, 8 weights per 16-byte load, ties to the lower column.
__device__ void select_input(const Levels& L) {
  const int lane = threadIdx.x % 32;
  for (const vid_t i : warp_stride<vid_t>(L.n)) {
    const uint4* row = reinterpret_cast<const uint4*>(L.matrix + i * L.pitch);
    Choice m = kNoChoice;
    for (std::size_t c = lane; c < L.pitch / kRowAlign; c += 32) {
      const uint4 v = row[c];
      const std::uint32_t words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
      for (int e = 0; e < kRowAlign; ++e) {
        const vid_t j = vid_t(c * kRowAlign + e);
        const std::uint32_t w = (words[e / 2] >> (16 * (e % 2))) & 0xffffu;
        if (j < L.n && j != i) m = min(m, make_choice(w, j));
      }
    }
    m = __reduce_min_sync(0xffffffffu, m);
    if (lane == 0) L.choice[i] = m;
  }
}

// Selected edges (the mutual pair once, at the larger index) and the hooks:
// every vertex points at its target, except the smaller end of the mutual pair,
// which becomes its tree's root.
__device__ void emit_and_hook(const Levels& L, vid_t nn, const EdgeKey* cur) {
  for (const vid_t v : grid_stride<vid_t>(nn)) {
    const vid_t t = choice_target(L.choice[v]);
    const bool mutual = choice_target(L.choice[t]) == v;
    const vid_t p = mutual && v < t ? v : t;
    L.parent[v] = p;
    L.is_root[v] = p == v;
    if (mutual && t > v) continue;
    const EdgeKey k = cur ? cur[std::size_t(v) * nn + t] : edge_key(choice_weight(L.choice[v]), min(v, t), max(v, t));
    L.tree[atomicAdd(L.tree_size, 1u)] = k;
  }
}

// out[0..count) = exclusive prefix sums of in[0..count), out[count] = the total; one block.
__device__ void block_exclusive_sum(const vid_t* in, vid_t count, vid_t* out) {
  using Scan = cub::BlockScan<vid_t, kBlock>;
  __shared__ typename Scan::TempStorage temp;
  vid_t carry = 0;
  for (vid_t base = 0; base < count; base += kBlock * kScanItems) {
    vid_t items[kScanItems];
#pragma unroll
    for (int k = 0; k < kScanItems; ++k) {
      const vid_t x = base + threadIdx.x * kScanItems + k;
      items[k] = x < count ? in[x] : 0;
    }
    vid_t total = 0;
    Scan(temp).ExclusiveSum(items, items, total);
#pragma unroll
    for (int k = 0; k < kScanItems; ++k) {
      const vid_t x = base + threadIdx.x * kScanItems + k;
      if (x < count) out[x] = carry + items[k];
    }
    carry += total;
    __syncthreads();  // temp is reused by the next tile
  }
  if (threadIdx.x == 0) out[count] = carry;
}

// Roots of the hook trees; new ids in the order of the roots (block 0 scans
// while the others follow the parent chains); empty member lists.
__device__ void find_roots_and_rank(const Levels& L, vid_t nn) {
  for (const vid_t v : grid_stride<vid_t>(nn)) {
    vid_t r = v;
    while (L.parent[r] != r) r = L.parent[r];
    L.root[v] = r;
    L.head[v] = kNoVertex;
  }
  if (blockIdx.x == 0) block_exclusive_sum(L.is_root, nn, L.rank);
}

// Every old vertex pushed onto the member list of its new vertex (the rank of its root).
__device__ void link_members(const Levels& L, vid_t nn) {
  for (const vid_t v : grid_stride<vid_t>(nn)) L.next[v] = atomicExch(&L.head[L.rank[L.root[v]]], v);
}

// How a block builds row a of the next level, with no atomics: (1) fold a's
// members' rows column by column into `r` in shared memory; (2) one thread per
// new neighbour b takes the minimum of r over b's members (its member list),
// writes the entry and selects over the row (the fused select).

// Level 1, the input's 16-bit rows: r[j] = min over a's members i of weight | i
// (the lightest, then the lowest member); 8 columns per 16-byte load.
struct InputRows {
  const std::uint16_t* a;
  std::size_t pitch;
  vid_t n;
  using Folded = std::uint32_t;
  __device__ void fold(const vid_t* head, const vid_t* next, vid_t new_vertex, Folded* r) const {
    for (std::size_t c = threadIdx.x; c < pitch / kRowAlign; c += blockDim.x) {
      std::uint32_t best[kRowAlign];
#pragma unroll
      for (int e = 0; e < kRowAlign; ++e) best[e] = 0xffffffffu;
      for (vid_t i = head[new_vertex]; i != kNoVertex; i = next[i]) {
        const uint4 v = reinterpret_cast<const uint4*>(a + i * pitch)[c];
        const std::uint32_t words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int e = 0; e < kRowAlign; ++e) best[e] = min(best[e], (words[e / 2] >> (16 * (e % 2)) << 16) | i);
      }
      uint4* out = reinterpret_cast<uint4*>(r + c * kRowAlign);
      out[0] = make_uint4(best[0], best[1], best[2], best[3]);
      out[1] = make_uint4(best[4], best[5], best[6], best[7]);
    }
  }
  __device__ EdgeKey key(const Folded* r, vid_t j) const {
    const vid_t i = r[j] & 0xffffu;
    return edge_key(r[j] >> 16, min(i, j), max(i, j));
  }
};

// Later levels, contracted rows of keys: r[j] = min over a's members of their keys.
struct ContractedRows {
  const EdgeKey* a;
  vid_t n;
  using Folded = EdgeKey;
  __device__ void fold(const vid_t* head, const vid_t* next, vid_t new_vertex, Folded* r) const {
    for (vid_t j = threadIdx.x; j < n; j += blockDim.x) {
      EdgeKey k = kNoEdgeKey;
      for (vid_t i = head[new_vertex]; i != kNoVertex; i = next[i]) k = min(k, a[std::size_t(i) * n + j]);
      r[j] = k;
    }
  }
  __device__ EdgeKey key(const Folded* r, vid_t j) const { return r[j]; }
};

// Each block builds the rows of new vertices blockIdx.x, + gridDim.x, ...
template <class Rows>
__device__ void merge(const Levels& L, Rows rows, vid_t nn2, EdgeKey* out, void* shared) {
  using Reduce = cub::BlockReduce<Choice, kBlock>;
  __shared__ typename Reduce::TempStorage temp;
  auto* r = static_cast<typename Rows::Folded*>(shared);
  for (const vid_t a : block_stride<vid_t>(nn2)) {
    rows.fold(L.head, L.next, a, r);
    __syncthreads();
    Choice m = kNoChoice;
    EdgeKey* out_row = out + std::size_t(a) * nn2;
    for (vid_t b = threadIdx.x; b < nn2; b += blockDim.x) {
      EdgeKey k = kNoEdgeKey;  // the diagonal: edges inside a are dropped
      if (b != a) {
        for (vid_t j = L.head[b]; j != kNoVertex; j = L.next[j]) k = min(k, rows.key(r, j));
        m = min(m, make_choice(key_weight(k), b));
      }
      out_row[b] = k;
    }
    const Choice best = Reduce(temp).Reduce(m, MinOp{});
    if (threadIdx.x == 0) L.choice[a] = best;
    __syncthreads();  // r and temp are reused by the next new vertex
  }
}

// The whole solve in one cooperative launch: the phases of a level are
// separated by grid-wide barriers instead of kernel launches, and the loop
// ends on the device (no host round trip per level).
__global__ void __launch_bounds__(kBlock) boruvka_levels_kernel(Levels L) {
  extern __shared__ uint4 shared[];  // one folded row (16-byte aligned)
  cg::grid_group grid = cg::this_grid();
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    *L.tree_size = 0;
    L.level_sizes[0] = L.n;
  }
  select_input(L);
  grid.sync();
  const EdgeKey* cur = nullptr;  // nullptr while on the input
  vid_t nn = L.n;
  for (int level = 0;; ++level) {
    emit_and_hook(L, nn, cur);
    grid.sync();
    find_roots_and_rank(L, nn);
    grid.sync();
    const vid_t nn2 = L.rank[nn];
    if (blockIdx.x == 0 && threadIdx.x == 0) L.level_sizes[level + 1] = nn2;
    if (nn2 <= 1) return;  // the same value in every block: all leave together
    link_members(L, nn);
    grid.sync();
    EdgeKey* out = level % 2 == 0 ? L.big : L.small;
    if (cur) merge(L, ContractedRows{cur, nn}, nn2, out, shared);
    else merge(L, InputRows{L.matrix, L.pitch, L.n}, nn2, out, shared);
    grid.sync();
    cur = out;
    nn = nn2;
  }
}

int device_attribute(cudaDeviceAttr what) {
  int device = 0, value = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&value, what, device));
  return value;
}

int static_shared_bytes() {
  cudaFuncAttributes attr{};
  CUDA_CHECK(cudaFuncGetAttributes(&attr, reinterpret_cast<const void*>(boruvka_levels_kernel)));
  return int(attr.sharedSizeBytes);
}

}  // namespace

struct DenseBoruvkaGpu::Buffers {
  std::size_t pitch = 0;
  std::size_t shared_bytes = 0;  // dynamic shared memory: one folded row
  unsigned grid = 0;             // co-resident blocks of the cooperative launch
  DeviceBuffer<std::uint16_t> matrix;
  DeviceBuffer<EdgeKey> big, small, tree;
  DeviceBuffer<Choice> choice;
  DeviceBuffer<vid_t> parent, root, is_root, rank, head, next, level_sizes;
  DeviceBuffer<unsigned int> tree_size;
};

// A folded row: level 1 has one 32-bit entry per padded input column, later
// levels one key per vertex (at most n / 2), so 4 bytes per padded column bound both.
static std::size_t folded_row_bytes(vid_t n) { return std::max<std::size_t>(16, row_pitch(n) * sizeof(std::uint32_t)); }

vid_t DenseBoruvkaGpu::max_vertices() {
  const int room = device_attribute(cudaDevAttrMaxSharedMemoryPerBlockOptin) - static_shared_bytes();
  return vid_t(
      std::min<std::uint64_t>(kMaxSollinVertices, std::uint64_t(room) / sizeof(std::uint32_t) / kRowAlign * kRowAlign));
}

std::uint64_t DenseBoruvkaGpu::device_bytes(vid_t n) {
  const std::uint64_t half = n / 2, quarter = n / 4;
  return std::uint64_t(n) * row_pitch(n) * 2 + (half * half + quarter * quarter + n) * sizeof(EdgeKey) +
         std::uint64_t(n) * 8 * sizeof(vid_t) + (16u << 20);
}

DenseBoruvkaGpu::DenseBoruvkaGpu(vid_t n) : n_(n), d_(std::make_unique<Buffers>()) {
  if (n > max_vertices())
    throw InputError("boruvka_dense_gpu: n = " + std::to_string(n) + " exceeds " + std::to_string(max_vertices()) +
                     " (a folded row must fit in shared memory)");
  if (!device_attribute(cudaDevAttrCooperativeLaunch))
    throw ResourceError("boruvka_dense_gpu: the device does not support cooperative launches");
  require_device_memory(device_bytes(n), "boruvka_dense_gpu n = " + std::to_string(n));
  Buffers& d = *d_;
  d.pitch = row_pitch(n);
  d.matrix.resize(std::max<std::size_t>(1, n * d.pitch));
  d.matrix.fill_bytes(0xff);  // row padding: 16-byte loads read it (masked), so give it a defined value
  d.big.resize(std::max<std::size_t>(1, std::size_t(n / 2) * (n / 2)));
  d.small.resize(std::max<std::size_t>(1, std::size_t(n / 4) * (n / 4)));
  d.tree.resize(std::max<vid_t>(1, n));
  d.choice.resize(n + 1);
  for (auto* b : {&d.parent, &d.root, &d.is_root, &d.rank, &d.head, &d.next}) b->resize(n + 1);
  d.level_sizes.resize(kMaxLevels);
  d.level_sizes.fill_bytes(0);  // solve() copies all kMaxLevels back; a solve writes only its levels
  d.tree_size.resize(1);
  d.shared_bytes = folded_row_bytes(n);
  const auto* kernel = reinterpret_cast<const void*>(boruvka_levels_kernel);
  CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(d.shared_bytes)));
  d.grid =
      unsigned(require_resident_blocks(boruvka_levels_kernel, kBlock, kMaxBlocksPerSm,
                                       "boruvka_dense_gpu level kernel at n = " + std::to_string(n), d.shared_bytes));
}

DenseBoruvkaGpu::~DenseBoruvkaGpu() = default;

double DenseBoruvkaGpu::upload(const DenseMatrix16& a) {
  if (a.n != n_)
    throw InputError("boruvka_dense_gpu sized for n = " + std::to_string(n_) + ", matrix has " + std::to_string(a.n));
  if (n_ == 0) return 0;
  CUDA_CHECK(cudaDeviceSynchronize());
  WallTimer t;
  CUDA_CHECK(cudaMemcpy2D(d_->matrix.data(), d_->pitch * 2, a.a.data(), std::size_t(n_) * 2, std::size_t(n_) * 2, n_,
                          cudaMemcpyHostToDevice));
  return t.seconds();
}

MsfResult DenseBoruvkaGpu::solve() {
  Buffers& d = *d_;
  level_sizes_.assign(1, n_);
  MsfResult r;
  if (n_ < 2) return r;
  Levels levels{d.matrix.data(),
                d.pitch,
                n_,
                d.choice.data(),
                d.parent.data(),
                d.root.data(),
                d.is_root.data(),
                d.rank.data(),
                d.head.data(),
                d.next.data(),
                d.big.data(),
                d.small.data(),
                d.tree.data(),
                d.tree_size.data(),
                d.level_sizes.data()};
  CudaEventTimer timer;
  timer.start();
  launch_cooperative(boruvka_levels_kernel, int(d.grid), kBlock, d.shared_bytes, 0, levels);
  timer.stop();
  const double compute = timer.seconds();
  WallTimer copy;
  unsigned int size = 0;
  CUDA_CHECK(cudaMemcpy(&size, d.tree_size.data(), sizeof(size), cudaMemcpyDeviceToHost));
  std::vector<EdgeKey> keys(size);
  if (size) CUDA_CHECK(cudaMemcpy(keys.data(), d.tree.data(), size * sizeof(EdgeKey), cudaMemcpyDeviceToHost));
  r.times["compute_s"] = compute;
  r.times["d2h_s"] = copy.seconds();
  std::vector<vid_t> sizes(kMaxLevels);
  CUDA_CHECK(cudaMemcpy(sizes.data(), d.level_sizes.data(), kMaxLevels * sizeof(vid_t), cudaMemcpyDeviceToHost));
  for (int k = 1; k < kMaxLevels; ++k) {
    level_sizes_.push_back(sizes[k]);
    if (sizes[k] <= 1) break;
  }
  r.forest.reserve(size);
  for (EdgeKey k : keys) r.forest.push_back(key_edge(k));
  return r;
}

}  // namespace gs::mst
