// The GPU Boruvka engine (see boruvka_engine.cuh).
#include "algorithms/mst/boruvka_gpu/boruvka_engine.cuh"

#include <cub/block/block_radix_sort.cuh>

#include <algorithm>
#include <stdexcept>

#include "common/cuda/check.cuh"

namespace gs::mst_gpu {

struct BoruvkaEngine::WorkEdge {
  vid_t a, b;  // the endpoints' roots when the edge was appended (still in those components)
  std::uint32_t w, id;
};

namespace {

using WorkEdge = BoruvkaEngine::WorkEdge;

constexpr unsigned kBlock = 256;
constexpr unsigned kBlocksPerSm = 8;
constexpr unsigned long long kNoKey = ~0ull;
constexpr int kMaxRounds = 4096;  // far above log2(2^32) + 1 per batch: a bug guard, not a limit
constexpr int kSampleThreads = 1024;
constexpr int kSamplePer = 4;

__device__ __forceinline__ unsigned long long key_of(std::uint32_t w, std::uint32_t id) {
  return (static_cast<unsigned long long>(w) << 32) | id;
}

// Root of x with path halving. With P = volatile vid_t*, reads see other
// threads' concurrent hooks (the hook kernel); the halving stores only move a
// non-root to one of its ancestors, so racing stores are harmless.
template <class P>
__device__ __forceinline__ vid_t find_root(P parent, vid_t x) {
  vid_t p = parent[x];
  while (p != x) {
    const vid_t gp = parent[p];
    if (gp == p) return p;
    parent[x] = gp;
    x = gp;
    p = parent[x];
  }
  return x;
}

__global__ void init_parent(vid_t* parent, vid_t n) {
  const vid_t x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < n) parent[x] = x;
}

// Step 1 of a round (see the header). kFromBatch: the input is the batch
// itself (edge i has id i); otherwise the previous round's worklist, whose
// labels also name the slots of prev_best that the previous round filled.
// counts: in = counts[in_slot], out = counts[out_slot] (zero on entry); this
// kernel zeroes counts[clear_slot] for the next round and counts rounds that
// had work in *busy_rounds.
template <bool kFromBatch>
__global__ void min_edge(const KEdge* batch, const WorkEdge* in, unsigned* counts, int in_slot, int out_slot,
                         int clear_slot, unsigned bound, WorkEdge* out, vid_t* parent, unsigned long long* best,
                         unsigned long long* prev_best, unsigned* busy_rounds) {
  const unsigned m = min(counts[in_slot], bound);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    counts[clear_slot] = 0;
    if (m > 0) ++*busy_rounds;
  }
  unsigned* out_count = counts + out_slot;
  const unsigned lane = threadIdx.x & 31u;
  for (unsigned base = blockIdx.x * blockDim.x; base < m; base += gridDim.x * blockDim.x) {
    const unsigned i = base + threadIdx.x;
    WorkEdge e{};
    bool keep = false;
    if (i < m) {
      if (kFromBatch) {
        const KEdge x = batch[i];
        e = {x.u, x.v, x.w, i};
      } else {
        e = in[i];
        prev_best[e.a] = kNoKey;
        prev_best[e.b] = kNoKey;
      }
      e.a = find_root(parent, e.a);
      e.b = find_root(parent, e.b);
      keep = e.a != e.b;
      if (keep) {
        const unsigned long long key = key_of(e.w, e.id);
        if (best[e.a] > key) atomicMin(best + e.a, key);  // reading first skips most atomics
        if (best[e.b] > key) atomicMin(best + e.b, key);
      }
    }
    // One atomicAdd per warp for the appended edges.
    const unsigned mask = __ballot_sync(0xffffffffu, keep);
    if (mask) {
      const int leader = __ffs(mask) - 1;
      unsigned slot = 0;
      if (int(lane) == leader) slot = atomicAdd(out_count, unsigned(__popc(mask)));
      slot = __shfl_sync(0xffffffffu, slot, leader);
      if (keep) out[slot + __popc(mask & ((1u << lane) - 1u))] = e;
    }
  }
}

// Unites the components of a and b: the larger root goes under the smaller
// (parents only decrease, so no cycle), retrying when another thread moved a
// root first.
__device__ void unite(vid_t* parent, vid_t a, vid_t b) {
  volatile vid_t* p = parent;
  for (;;) {
    a = find_root(p, a);
    b = find_root(p, b);
    if (a == b) return;  // not reached for Boruvka's chosen edges (a forest)
    if (a < b) {
      const vid_t t = a;
      a = b;
      b = t;
    }
    if (atomicCAS(parent + a, a, b) == a) return;
  }
}

// Step 2 of a round: the worklist edges that are their root's minimum.
__global__ void hook(const KEdge* batch, const WorkEdge* list, const unsigned* count, unsigned bound,
                     const unsigned long long* best, vid_t* parent, KEdge* forest, unsigned* forest_count, vid_t n) {
  const unsigned m = min(*count, bound);
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < m; i += gridDim.x * blockDim.x) {
    const WorkEdge e = list[i];
    const unsigned long long key = key_of(e.w, e.id);
    if (best[e.a] != key && best[e.b] != key) continue;
    unite(parent, e.a, e.b);
    const unsigned slot = atomicAdd(forest_count, 1u);
    if (slot + 1 < n) forest[slot] = batch[e.id];  // a forest has at most n - 1 edges
  }
}

// Every vertex points at its root. Concurrent readers see either an old
// ancestor or the root, so read-only walks stay correct.
__global__ void flatten(vid_t* parent, vid_t n) {
  const vid_t x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= n) return;
  vid_t r = parent[x];
  while (parent[r] != r) r = parent[r];
  parent[x] = r;
}

__global__ void sample_threshold(const std::uint32_t* weights, std::size_t m, std::size_t stride, double q,
                                 std::uint32_t* threshold) {
  using Sort = cub::BlockRadixSort<std::uint32_t, kSampleThreads, kSamplePer>;
  __shared__ typename Sort::TempStorage storage;
  constexpr int S = kSampleThreads * kSamplePer;
  const int rank = (q >= 1.0 || m == 0) ? -1 : min(S - 1, int(q * S));
  if (rank < 0) {
    if (threadIdx.x == 0) *threshold = 0xffffffffu;
    return;
  }
  std::uint32_t w[kSamplePer];
  for (int k = 0; k < kSamplePer; ++k) {
    const int s = threadIdx.x * kSamplePer + k;
    w[k] = weights[std::size_t((double(s) + 0.5) * double(m) / S) * stride];
  }
  Sort(storage).Sort(w);
  if (rank / kSamplePer == int(threadIdx.x)) *threshold = w[rank % kSamplePer];
}

unsigned blocks_for(std::size_t items) { return unsigned((items + kBlock - 1) / kBlock); }

int bit_width(std::uint32_t x) {
  int b = 0;
  for (; x; x >>= 1) ++b;
  return b;
}

}  // namespace

PhaseClock::~PhaseClock() {
  for (cudaEvent_t e : pool_) cudaEventDestroy(e);
}

void PhaseClock::reserve(std::size_t events) {
  while (pool_.size() < events) {
    cudaEvent_t e{};
    CUDA_CHECK(cudaEventCreate(&e));
    pool_.push_back(e);
  }
}

void PhaseClock::start(cudaStream_t s) {
  reserve(1);
  names_.clear();
  CUDA_CHECK(cudaEventRecord(pool_[0], s));
  used_ = 1;
}

void PhaseClock::lap(const char* phase, cudaStream_t s) {
  if (used_ == 0) throw std::logic_error("PhaseClock::lap before start");
  reserve(used_ + 1);
  CUDA_CHECK(cudaEventRecord(pool_[used_], s));
  names_.push_back(phase);
  ++used_;
}

std::map<std::string, double> PhaseClock::collect(double* total_s) {
  std::map<std::string, double> sums;
  if (total_s) *total_s = 0;
  if (used_ < 2) return sums;
  CUDA_CHECK(cudaEventSynchronize(pool_[used_ - 1]));
  for (std::size_t i = 1; i < used_; ++i) {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, pool_[i - 1], pool_[i]));
    sums[names_[i - 1]] += ms / 1000.0;
  }
  if (total_s) {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, pool_[0], pool_[used_ - 1]));
    *total_s = ms / 1000.0;
  }
  return sums;
}

void BoruvkaEngine::reserve(vid_t n, std::size_t max_m) {
  if (sms_ == 0) {
    int dev = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms_, cudaDevAttrMultiProcessorCount, dev));
  }
  if (parent_.size() < n) {
    parent_.resize(n);
    best_.resize(2 * std::size_t(n));
    forest_.resize(n);
  }
  if (counts_.size() == 0) counts_.resize(5);
  if (work_cap_ < max_m) {
    work_.resize(0);
    work_.resize(2 * max_m * sizeof(WorkEdge));
    work_cap_ = max_m;
  }
}

void BoruvkaEngine::reset(vid_t n, cudaStream_t s) {
  reserve(n, 0);
  n_ = n;
  forest_size_ = 0;
  round_ = 0;
  CUDA_CHECK(cudaMemsetAsync(counts_.data(), 0, counts_.size() * sizeof(unsigned), s));
  if (n == 0) return;
  CUDA_CHECK(cudaMemsetAsync(best_.data(), 0xff, 2 * std::size_t(n) * sizeof(unsigned long long), s));
  init_parent<<<blocks_for(n), kBlock, 0, s>>>(parent_.data(), n);
  CUDA_CHECK_LAUNCH();
}

int BoruvkaEngine::add(const BoruvkaBatch& batch, cudaStream_t s, PhaseClock* clock) {
  if (batch.max_m >= 0xffffffffu) throw std::invalid_argument("BoruvkaEngine: a batch holds at most 2^32 - 2 edges");
  if (batch.max_m == 0 || n_ < 2 || spanning()) return 0;
  reserve(n_, batch.max_m);
  auto lap = [&](const char* phase) {
    if (clock) clock->lap(phase, s);
  };
  WorkEdge* lists[2] = {reinterpret_cast<WorkEdge*>(work_.data()),
                        reinterpret_cast<WorkEdge*>(work_.data()) + work_cap_};
  unsigned* counts = counts_.data();
  unsigned* busy = counts + 4;
  // counts[round % 3] is a round's input size, counts[(round + 1) % 3] its
  // output (zeroed by the round before, or by reset()).
  if (batch.count) {
    CUDA_CHECK(cudaMemcpyAsync(counts + round_ % 3, batch.count, sizeof(unsigned), cudaMemcpyDeviceToDevice, s));
  } else {
    host_[0] = unsigned(batch.max_m);
    CUDA_CHECK(cudaMemcpyAsync(counts + round_ % 3, host_.data(), sizeof(unsigned), cudaMemcpyHostToDevice, s));
  }
  CUDA_CHECK(cudaMemcpyAsync(&host_[4], busy, sizeof(unsigned), cudaMemcpyDeviceToHost, s));
  // Rounds per read-back: about the rounds a random graph needs, so that one
  // or two read-backs end most batches.
  const int per_check = std::max(2, bit_width(n_) / 2);
  const unsigned max_grid = unsigned(std::max(sms_, 1)) * kBlocksPerSm;
  unsigned bound = unsigned(batch.max_m);
  bool first = true;
  const int start_round = round_;
  for (;;) {
    const unsigned grid = std::max(1u, std::min(blocks_for(bound), max_grid));
    for (int k = 0; k < per_check; ++k) {
      const int r = round_;
      unsigned long long* best = best_.data() + std::size_t(r % 2) * n_;
      unsigned long long* prev = best_.data() + std::size_t((r + 1) % 2) * n_;
      WorkEdge* out = lists[(r + 1) % 2];
      if (first) {
        min_edge<true><<<grid, kBlock, 0, s>>>(batch.edges, nullptr, counts, r % 3, (r + 1) % 3, (r + 2) % 3, bound,
                                               out, parent_.data(), best, prev, busy);
      } else {
        min_edge<false><<<grid, kBlock, 0, s>>>(batch.edges, lists[r % 2], counts, r % 3, (r + 1) % 3, (r + 2) % 3,
                                                bound, out, parent_.data(), best, prev, busy);
      }
      CUDA_CHECK_LAUNCH();
      lap("minedge_s");
      hook<<<grid, kBlock, 0, s>>>(batch.edges, out, counts + (r + 1) % 3, bound, best, parent_.data(),
                                   forest_.data(), counts + 3, n_);
      CUDA_CHECK_LAUNCH();
      lap("hook_s");
      first = false;
      ++round_;
    }
    // counts[round_ % 3]: the last round's output, the next round's input.
    CUDA_CHECK(cudaMemcpyAsync(&host_[1], counts + round_ % 3, sizeof(unsigned), cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaMemcpyAsync(&host_[2], counts + 3, 2 * sizeof(unsigned), cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    lap("wait_s");  // the idle gap while the host read the counts
    forest_size_ = std::min<std::size_t>(host_[2], n_ - 1);
    if (host_[1] == 0) break;
    if (spanning()) {
      // The edges left all lie inside the one component; the keys they
      // offered in the last round are cleared here instead of by a next round.
      CUDA_CHECK(cudaMemsetAsync(best_.data(), 0xff, 2 * std::size_t(n_) * sizeof(unsigned long long), s));
      break;
    }
    bound = std::min(bound, host_[1]);
    if (round_ - start_round > kMaxRounds) throw std::logic_error("BoruvkaEngine: no progress");
  }
  flatten<<<blocks_for(n_), kBlock, 0, s>>>(parent_.data(), n_);
  CUDA_CHECK_LAUNCH();
  lap("jump_s");
  return int(host_[3] - host_[4]);  // rounds that had work: the busy counter's growth
}

void BoruvkaEngine::download(std::vector<KEdge>& out, cudaStream_t s) {
  out.resize(forest_size_);
  if (forest_size_ == 0) return;
  CUDA_CHECK(cudaMemcpyAsync(out.data(), forest_.data(), forest_size_ * sizeof(KEdge), cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
}

std::uint64_t BoruvkaEngine::device_bytes(vid_t n, std::size_t max_m) {
  return std::uint64_t(n) * (sizeof(vid_t) + 2 * sizeof(unsigned long long) + sizeof(KEdge)) +
         2 * std::uint64_t(max_m) * sizeof(WorkEdge);
}

void pick_weight_threshold(const std::uint32_t* weights, std::size_t m, std::size_t stride, double q,
                           std::uint32_t* threshold, cudaStream_t s) {
  sample_threshold<<<1, kSampleThreads, 0, s>>>(weights, m, stride, q, threshold);
  CUDA_CHECK_LAUNCH();
}

}  // namespace gs::mst_gpu
