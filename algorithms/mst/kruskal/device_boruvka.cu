// Boruvka rounds on the device (see device_boruvka.cuh). One round:
//   1. every edge between two components offers its position to both roots
//      (atomicMin): each root learns its lightest leaving edge;
//   2. every root hooks onto the root across that edge and records the edge;
//      when two roots chose the same edge, only the larger one hooks, so the
//      hooks form trees (with distinct priorities no longer cycle can form);
//   3. pointer jumping makes every root point at its tree's root, and every
//      vertex is relabelled with it (labels stay one step from the root).
// Rounds repeat until a round adds no edge. Each at least halves the number of
// components that still have leaving edges: at most log2(n) + 1 rounds.
#include <algorithm>
#include <stdexcept>

#include "algorithms/mst/kruskal/device_boruvka.cuh"

namespace gs::mst {
namespace {

constexpr int kThreads = 256;
constexpr std::uint32_t kNone = 0xffffffffu;

unsigned blocks(std::size_t count) { return unsigned((count + kThreads - 1) / kThreads); }

__global__ void init_components(vid_t n, vid_t* comp) {
  const vid_t x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < n) comp[x] = x;
}

__global__ void lightest_leaving(const KEdge* edges, std::uint32_t m, const vid_t* comp, std::uint32_t* best) {
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= m) return;
  const vid_t a = comp[edges[i].u], b = comp[edges[i].v];
  if (a == b) return;
  // Reading first skips most atomics once a root has a low offer.
  if (best[a] > i) atomicMin(&best[a], i);
  if (best[b] > i) atomicMin(&best[b], i);
}

__global__ void hook(const KEdge* edges, vid_t n, const vid_t* comp, const std::uint32_t* best, vid_t* next,
                     KEdge* forest, unsigned long long* forest_count) {
  const vid_t c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n || comp[c] != c) return;  // roots only
  const std::uint32_t i = best[c];
  next[c] = c;
  if (i == kNone) return;
  const KEdge e = edges[i];
  const vid_t a = comp[e.u], b = comp[e.v];
  const vid_t other = a == c ? b : a;
  if (best[other] == i && c < other) return;  // the other root hooks onto this one
  next[c] = other;
  forest[atomicAdd(forest_count, 1ull)] = e;
}

// Every root follows its hook chain to the tree's root, shortening its own
// pointer as it goes; others read the shortened pointers concurrently (every
// value ever stored is an ancestor on the same chain, so races only help).
__global__ void jump_to_root(vid_t n, const vid_t* comp, vid_t* next_ptr) {
  const vid_t c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n || comp[c] != c) return;
  volatile vid_t* next = next_ptr;
  vid_t p = next[c];
  for (vid_t q = next[p]; q != p; q = next[p]) {
    p = q;
    next[c] = p;
  }
}

__global__ void relabel(vid_t n, vid_t* comp, const vid_t* next) {
  const vid_t x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < n) comp[x] = next[comp[x]];
}

}  // namespace

void DeviceBoruvka::reset(vid_t n, cudaStream_t stream) {
  n_ = n;
  forest_size_ = 0;
  if (comp_.size() < n) {
    comp_.resize(n);
    next_.resize(n);
    best_.resize(n);
    forest_.resize(n);
  }
  if (forest_count_.size() == 0) forest_count_.resize(1);
  CUDA_CHECK(cudaMemsetAsync(forest_count_.data(), 0, sizeof(unsigned long long), stream));
  if (n > 0) {
    init_components<<<blocks(n), kThreads, 0, stream>>>(n, comp_.data());
    CUDA_CHECK_LAUNCH();
  }
}

int DeviceBoruvka::add(const KEdge* edges, std::size_t m, cudaStream_t stream) {
  if (m >= kNone) throw std::invalid_argument("DeviceBoruvka: a batch holds at most 2^32 - 2 edges");
  int rounds = 0;
  while (m > 0 && !spanning()) {
    CUDA_CHECK(cudaMemsetAsync(best_.data(), 0xff, std::size_t(n_) * sizeof(std::uint32_t), stream));
    lightest_leaving<<<blocks(m), kThreads, 0, stream>>>(edges, std::uint32_t(m), comp_.data(), best_.data());
    CUDA_CHECK_LAUNCH();
    hook<<<blocks(n_), kThreads, 0, stream>>>(edges, n_, comp_.data(), best_.data(), next_.data(), forest_.data(),
                                               forest_count_.data());
    CUDA_CHECK_LAUNCH();
    jump_to_root<<<blocks(n_), kThreads, 0, stream>>>(n_, comp_.data(), next_.data());
    CUDA_CHECK_LAUNCH();
    relabel<<<blocks(n_), kThreads, 0, stream>>>(n_, comp_.data(), next_.data());
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpyAsync(host_count_.data(), forest_count_.data(), sizeof(unsigned long long),
                               cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    ++rounds;
    const std::size_t size = std::size_t(host_count_[0]);
    if (size == forest_size_) break;  // no component has a leaving edge in this batch
    forest_size_ = size;
  }
  return rounds;
}

void DeviceBoruvka::download(std::vector<KEdge>& out, cudaStream_t stream) {
  out.resize(forest_size_);
  if (forest_size_ == 0) return;
  if (staging_.size() < forest_size_) staging_.resize(forest_size_);
  CUDA_CHECK(cudaMemcpyAsync(staging_.data(), forest_.data(), forest_size_ * sizeof(KEdge), cudaMemcpyDeviceToHost,
                             stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::copy(staging_.data(), staging_.data() + forest_size_, out.begin());
}

}  // namespace gs::mst
