#include "algorithms/mst/boruvka_dense_gpu/boruvka_dense_gpu.hpp"

#include <cub/block/block_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <string>

#include "algorithms/mst/sollin/edge_key.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/errors.hpp"
#include "common/memory.hpp"
#include "common/timer.hpp"

namespace gs::mst {
namespace {

constexpr int kBlock = 256;
constexpr int kRowAlign = 8;  // matrix rows padded to 8 entries: 16-byte vector loads

std::size_t row_pitch(vid_t n) { return (std::size_t(n) + kRowAlign - 1) / kRowAlign * kRowAlign; }

struct MinOp {
  template <class T>
  __device__ T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};

// Level 1 select: one warp per row, 8 weights per 16-byte load, ties to the lower column.
__global__ void select_input_kernel(const std::uint16_t* __restrict__ a, std::size_t pitch, vid_t n, Choice* choice) {
  const vid_t i = vid_t((blockIdx.x * std::size_t(blockDim.x) + threadIdx.x) / 32);
  const int lane = threadIdx.x % 32;
  if (i >= n) return;
  const uint4* row = reinterpret_cast<const uint4*>(a + i * pitch);
  Choice m = kNoChoice;
  for (std::size_t c = lane; c < pitch / kRowAlign; c += 32) {
    const uint4 v = row[c];
    const std::uint32_t words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int e = 0; e < kRowAlign; ++e) {
      const vid_t j = vid_t(c * kRowAlign + e);
      const std::uint32_t w = (words[e / 2] >> (16 * (e % 2))) & 0xffffu;
      if (j < n && j != i) m = min(m, make_choice(w, j));
    }
  }
  m = __reduce_min_sync(0xffffffffu, m);
  if (lane == 0) choice[i] = m;
}

// Selected edges (the mutual pair once, at the larger index) and the hooks:
// every vertex points at its target, except the smaller end of the mutual pair,
// which becomes its tree's root.
__global__ void emit_and_hook_kernel(const Choice* choice, vid_t nn, const EdgeKey* cur, EdgeKey* tree,
                                     unsigned int* tree_size, vid_t* parent) {
  const vid_t v = vid_t(blockIdx.x * std::size_t(blockDim.x) + threadIdx.x);
  if (v >= nn) return;
  const vid_t t = choice_target(choice[v]);
  const bool mutual = choice_target(choice[t]) == v;
  parent[v] = mutual && v < t ? v : t;
  if (mutual && t > v) return;
  const EdgeKey k = cur ? cur[std::size_t(v) * nn + t] : edge_key(choice_weight(choice[v]), min(v, t), max(v, t));
  tree[atomicAdd(tree_size, 1u)] = k;
}

__global__ void find_roots_kernel(const vid_t* parent, vid_t nn, vid_t* root, vid_t* is_root) {
  const vid_t v = vid_t(blockIdx.x * std::size_t(blockDim.x) + threadIdx.x);
  if (v >= nn) return;
  vid_t r = v;
  while (parent[r] != r) r = parent[r];
  root[v] = r;
  is_root[v] = r == v;
}

__global__ void relabel_kernel(const vid_t* root, const vid_t* rank, vid_t nn, vid_t* new_id, vid_t* member_count) {
  const vid_t v = vid_t(blockIdx.x * std::size_t(blockDim.x) + threadIdx.x);
  if (v >= nn) return;
  const vid_t a = rank[root[v]];
  new_id[v] = a;
  atomicAdd(&member_count[a], 1u);
}

__global__ void scatter_members_kernel(const vid_t* new_id, vid_t nn, const vid_t* offset, vid_t* cursor, vid_t* members) {
  const vid_t v = vid_t(blockIdx.x * std::size_t(blockDim.x) + threadIdx.x);
  if (v >= nn) return;
  const vid_t a = new_id[v];
  members[offset[a] + atomicAdd(&cursor[a], 1u)] = v;
}

// Rows of the input matrix: 8 weights per 16-byte load.
struct InputRows {
  const std::uint16_t* a;
  std::size_t pitch;
  vid_t n;
  template <class F>
  __device__ void for_each(vid_t i, F&& f) const {
    const uint4* row = reinterpret_cast<const uint4*>(a + i * pitch);
    for (std::size_t c = threadIdx.x; c < pitch / kRowAlign; c += blockDim.x) {
      const uint4 v = row[c];
      const std::uint32_t words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
      for (int e = 0; e < kRowAlign; ++e) {
        const vid_t j = vid_t(c * kRowAlign + e);
        const std::uint32_t w = (words[e / 2] >> (16 * (e % 2))) & 0xffffu;
        if (j < n) f(j, j < i ? edge_key(w, j, i) : edge_key(w, i, j));
      }
    }
  }
};

// Rows of a contracted matrix (keys; the diagonal is kNoEdgeKey).
struct ContractedRows {
  const EdgeKey* a;
  vid_t n;
  template <class F>
  __device__ void for_each(vid_t i, F&& f) const {
    const EdgeKey* row = a + std::size_t(i) * n;
    for (vid_t j = threadIdx.x; j < n; j += blockDim.x) f(j, row[j]);
  }
};

// One block per new vertex a: its members' rows are folded into row a in
// shared memory (minimum key per new neighbour), the row is written out, and
// a's choice is selected from it (the fused select).
template <class Rows>
__global__ void __launch_bounds__(kBlock) merge_kernel(Rows rows, const vid_t* __restrict__ new_id,
                                                       const vid_t* member_offset, const vid_t* members, vid_t nn2,
                                                       EdgeKey* out, Choice* choice) {
  extern __shared__ unsigned long long srow[];
  const vid_t a = blockIdx.x;
  for (vid_t b = threadIdx.x; b < nn2; b += blockDim.x) srow[b] = kNoEdgeKey;
  __syncthreads();
  for (vid_t p = member_offset[a]; p < member_offset[a + 1]; ++p) {
    rows.for_each(members[p], [&](vid_t j, EdgeKey k) {
      const vid_t b = new_id[j];
      if (k < srow[b]) atomicMin(&srow[b], (unsigned long long)k);
    });
  }
  __syncthreads();
  Choice m = kNoChoice;
  EdgeKey* out_row = out + std::size_t(a) * nn2;
  for (vid_t b = threadIdx.x; b < nn2; b += blockDim.x) {
    const EdgeKey k = b == a ? kNoEdgeKey : EdgeKey(srow[b]);  // edges inside a are dropped
    out_row[b] = k;
    if (b != a) m = min(m, make_choice(key_weight(k), b));
  }
  using Reduce = cub::BlockReduce<Choice, kBlock>;
  __shared__ typename Reduce::TempStorage temp;
  const Choice best = Reduce(temp).Reduce(m, MinOp{});
  if (threadIdx.x == 0) choice[a] = best;
}

unsigned grid_for(std::size_t threads) { return unsigned((threads + kBlock - 1) / kBlock); }

int shared_memory_optin() {
  int device = 0, bytes = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  return bytes;
}

// Lets a kernel's dynamic shared memory use all the opt-in capacity that its
// static shared memory (the block reduction's) leaves.
void allow_full_shared_memory(const void* kernel) {
  cudaFuncAttributes attr{};
  CUDA_CHECK(cudaFuncGetAttributes(&attr, kernel));
  CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  shared_memory_optin() - int(attr.sharedSizeBytes)));
}

}  // namespace

struct DenseBoruvkaGpu::Buffers {
  std::size_t pitch = 0;
  DeviceBuffer<std::uint16_t> matrix;
  DeviceBuffer<EdgeKey> big, small, tree;
  DeviceBuffer<Choice> choice;
  DeviceBuffer<vid_t> parent, root, is_root, rank, new_id, count, offset, cursor, members;
  DeviceBuffer<unsigned int> tree_size;
  DeviceBuffer<unsigned char> scan_temp;
  std::size_t scan_temp_bytes = 0;
};

vid_t DenseBoruvkaGpu::max_vertices() {
  // 1 KiB stays for the block reduction's static shared memory.
  return vid_t(std::min<std::uint64_t>(kMaxSollinVertices, 2ull * (shared_memory_optin() - 1024) / sizeof(EdgeKey)));
}

std::uint64_t DenseBoruvkaGpu::device_bytes(vid_t n) {
  const std::uint64_t half = n / 2, quarter = n / 4;
  return std::uint64_t(n) * row_pitch(n) * 2 + (half * half + quarter * quarter + n) * sizeof(EdgeKey) +
         std::uint64_t(n) * 11 * sizeof(vid_t) + (16u << 20);
}

DenseBoruvkaGpu::DenseBoruvkaGpu(vid_t n) : n_(n), d_(std::make_unique<Buffers>()) {
  if (n > max_vertices())
    throw InputError("boruvka_dense_gpu: n = " + std::to_string(n) + " exceeds " + std::to_string(max_vertices()) +
                     " (a contracted row must fit in shared memory)");
  require_device_memory(device_bytes(n), "boruvka_dense_gpu n = " + std::to_string(n));
  Buffers& d = *d_;
  d.pitch = row_pitch(n);
  d.matrix.resize(std::max<std::size_t>(1, n * d.pitch));
  d.big.resize(std::max<std::size_t>(1, std::size_t(n / 2) * (n / 2)));
  d.small.resize(std::max<std::size_t>(1, std::size_t(n / 4) * (n / 4)));
  d.tree.resize(std::max<vid_t>(1, n));
  d.choice.resize(n + 1);
  for (auto* b : {&d.parent, &d.root, &d.is_root, &d.rank, &d.new_id, &d.count, &d.offset, &d.cursor, &d.members})
    b->resize(n + 1);
  d.tree_size.resize(1);
  CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, d.scan_temp_bytes, d.is_root.data(), d.rank.data(), int(n + 1)));
  d.scan_temp.resize(std::max<std::size_t>(1, d.scan_temp_bytes));
  allow_full_shared_memory(reinterpret_cast<const void*>(merge_kernel<InputRows>));
  allow_full_shared_memory(reinterpret_cast<const void*>(merge_kernel<ContractedRows>));
}

DenseBoruvkaGpu::~DenseBoruvkaGpu() = default;

double DenseBoruvkaGpu::upload(const DenseMatrix16& a) {
  if (a.n != n_) throw InputError("boruvka_dense_gpu sized for n = " + std::to_string(n_) + ", matrix has " + std::to_string(a.n));
  if (n_ == 0) return 0;
  CUDA_CHECK(cudaDeviceSynchronize());
  WallTimer t;
  CUDA_CHECK(cudaMemcpy2D(d_->matrix.data(), d_->pitch * 2, a.a.data(), std::size_t(n_) * 2, std::size_t(n_) * 2, n_,
                          cudaMemcpyHostToDevice));
  return t.seconds();
}

std::vector<Edge<std::uint32_t>> DenseBoruvkaGpu::solve(GpuSolveTimes* times) {
  Buffers& d = *d_;
  level_sizes_.assign(1, n_);
  std::vector<Edge<std::uint32_t>> forest;
  if (n_ < 2) return forest;
  CudaEventTimer timer;
  timer.start();
  CUDA_CHECK(cudaMemsetAsync(d.tree_size.data(), 0, sizeof(unsigned int)));
  select_input_kernel<<<grid_for(std::size_t(n_) * 32), kBlock>>>(d.matrix.data(), d.pitch, n_, d.choice.data());
  CUDA_CHECK_LAUNCH();
  const EdgeKey* cur = nullptr;
  vid_t nn = n_;
  for (int level = 0;; ++level) {
    emit_and_hook_kernel<<<grid_for(nn), kBlock>>>(d.choice.data(), nn, cur, d.tree.data(), d.tree_size.data(), d.parent.data());
    CUDA_CHECK_LAUNCH();
    find_roots_kernel<<<grid_for(nn), kBlock>>>(d.parent.data(), nn, d.root.data(), d.is_root.data());
    CUDA_CHECK_LAUNCH();
    // rank over nn + 1 entries: rank[nn] is the number of new vertices (is_root[nn] is 0).
    CUDA_CHECK(cudaMemsetAsync(d.is_root.data() + nn, 0, sizeof(vid_t)));
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(d.scan_temp.data(), d.scan_temp_bytes, d.is_root.data(), d.rank.data(), int(nn + 1)));
    vid_t nn2 = 0;
    CUDA_CHECK(cudaMemcpy(&nn2, d.rank.data() + nn, sizeof(vid_t), cudaMemcpyDeviceToHost));
    level_sizes_.push_back(nn2);
    if (nn2 <= 1) break;
    CUDA_CHECK(cudaMemsetAsync(d.count.data(), 0, (nn2 + 1) * sizeof(vid_t)));
    CUDA_CHECK(cudaMemsetAsync(d.cursor.data(), 0, nn2 * sizeof(vid_t)));
    relabel_kernel<<<grid_for(nn), kBlock>>>(d.root.data(), d.rank.data(), nn, d.new_id.data(), d.count.data());
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cub::DeviceScan::ExclusiveSum(d.scan_temp.data(), d.scan_temp_bytes, d.count.data(), d.offset.data(), int(nn2 + 1)));
    scatter_members_kernel<<<grid_for(nn), kBlock>>>(d.new_id.data(), nn, d.offset.data(), d.cursor.data(), d.members.data());
    CUDA_CHECK_LAUNCH();
    EdgeKey* out = (level % 2 == 0 ? d.big : d.small).data();
    const std::size_t smem = std::size_t(nn2) * sizeof(EdgeKey);
    if (cur)
      merge_kernel<<<nn2, kBlock, smem>>>(ContractedRows{cur, nn}, d.new_id.data(), d.offset.data(), d.members.data(), nn2, out, d.choice.data());
    else
      merge_kernel<<<nn2, kBlock, smem>>>(InputRows{d.matrix.data(), d.pitch, n_}, d.new_id.data(), d.offset.data(), d.members.data(), nn2, out, d.choice.data());
    CUDA_CHECK_LAUNCH();
    cur = out;
    nn = nn2;
  }
  timer.stop();
  const double compute = timer.seconds();
  WallTimer copy;
  unsigned int size = 0;
  CUDA_CHECK(cudaMemcpy(&size, d.tree_size.data(), sizeof(size), cudaMemcpyDeviceToHost));
  std::vector<EdgeKey> keys(size);
  if (size) CUDA_CHECK(cudaMemcpy(keys.data(), d.tree.data(), size * sizeof(EdgeKey), cudaMemcpyDeviceToHost));
  if (times) {
    times->compute_s = compute;
    times->d2h_s = copy.seconds();
  }
  forest.reserve(size);
  for (EdgeKey k : keys) forest.push_back(key_edge(k));
  return forest;
}

}  // namespace gs::mst
