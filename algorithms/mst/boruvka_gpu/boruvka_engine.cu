// The GPU Boruvka engine (see boruvka_engine.cuh).
#include "algorithms/mst/boruvka_gpu/boruvka_engine.cuh"

#include <cooperative_groups.h>
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
namespace cg = cooperative_groups;

constexpr unsigned kBlock = 256;
constexpr unsigned kBlocksPerSm = 8;       // the multi-kernel path's grid-stride grid
constexpr unsigned kCoopBlocksPerSm = 4;   // the cooperative kernel's grid (every block resident)
constexpr unsigned long long kNoKey = ~0ull;
constexpr int kMaxRounds = 4096;  // far above log2(2^32) + 1 per batch: a bug guard, not a limit
constexpr unsigned kFlatBlocksPerSm = 8;   // the flat mode's cooperative grid, where registers allow
constexpr int kOfferItems = 4;             // edges per thread at a time in the offer step: their loads overlap
constexpr int kSampleThreads = 1024;
constexpr int kSamplePer = 4;

__device__ __forceinline__ unsigned long long key_of(std::uint32_t w, std::uint32_t id) {
  return (static_cast<unsigned long long>(w) << 32) | id;
}

// Loads of data that other blocks wrote earlier in the same kernel (the
// cooperative path: kL2) must bypass the non-coherent L1; between kernels
// plain loads are fine.
template <bool kL2, class T>
__device__ __forceinline__ T load(const T* p) {
  if constexpr (kL2) return __ldcg(p);
  else return *p;
}
template <bool kL2>
__device__ __forceinline__ WorkEdge load_work(const WorkEdge* p) {
  if constexpr (kL2) {
    const uint4 v = __ldcg(reinterpret_cast<const uint4*>(p));
    return {v.x, v.y, v.z, v.w};
  } else {
    return *p;
  }
}

// Root of x with path halving; the halving stores only move a non-root to
// one of its ancestors, so racing stores are harmless.
template <bool kL2>
__device__ __forceinline__ vid_t find_root(vid_t* parent, vid_t x) {
  vid_t p = load<kL2>(parent + x);
  while (p != x) {
    const vid_t gp = load<kL2>(parent + p);
    if (gp == p) return p;
    parent[x] = gp;
    x = gp;
    p = load<kL2>(parent + x);
  }
  return x;
}
// The same while other threads hook roots (volatile: every read from L2).
__device__ __forceinline__ vid_t find_root_live(volatile vid_t* parent, vid_t x) {
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

__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Singletons, no keys, zero counts: everything reset() sets, in one launch.
__global__ void init_engine(vid_t* parent, unsigned long long* best, vid_t n, unsigned* counts, int num_counts) {
  const vid_t x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x < vid_t(num_counts)) counts[x] = 0;
  if (x >= n) return;
  parent[x] = x;
  best[x] = kNoKey;
}

// The slots of counts[] a round uses: in = its input size, out = its output
// size (zero on entry), clear = next round's output (zeroed by this round).
struct RoundSlots {
  int in, out, clear;
  __host__ __device__ explicit RoundSlots(int round) : in(round % 3), out((round + 1) % 3), clear((round + 2) % 3) {}
};

// Step 1 of a round (see the header). kFromBatch: the input is the batch
// itself (edge i has id i); otherwise the previous round's worklist. Counts
// rounds that had work in counts[4]. best[] holds no key on entry (see hook).
template <bool kFromBatch, bool kL2>
__device__ void min_edge_step(const KEdge* batch, const WorkEdge* in, unsigned* counts, RoundSlots slots,
                              unsigned bound, WorkEdge* out, vid_t* parent, unsigned long long* best) {
  const unsigned m = min(load<kL2>(counts + slots.in), bound);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    counts[slots.clear] = 0;
    if (m > 0) ++counts[4];
  }
  unsigned* out_count = counts + slots.out;
  const unsigned lane = threadIdx.x & 31u;
  for (unsigned base = blockIdx.x * blockDim.x; base < m; base += gridDim.x * blockDim.x) {
    const unsigned i = base + threadIdx.x;
    WorkEdge e{};
    bool keep = false;
    if (i < m) {
      if constexpr (kFromBatch) {
        const KEdge x = batch[i];
        e = {x.u, x.v, x.w, i};
      } else {
        e = load_work<kL2>(in + i);
      }
      e.a = find_root<kL2>(parent, e.a);
      e.b = find_root<kL2>(parent, e.b);
      keep = e.a != e.b;
      if (keep) {
        const unsigned long long key = key_of(e.w, e.id);
        if (load<kL2>(best + e.a) > key) atomicMin(best + e.a, key);  // reading first skips most atomics
        if (load<kL2>(best + e.b) > key) atomicMin(best + e.b, key);
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

// A slot in the forest for each calling thread: one atomicAdd per group of
// threads that reach it together (winners are many in early rounds, and
// they all count on one address).
__device__ __forceinline__ unsigned forest_slot(unsigned* forest_count) {
  const cg::coalesced_group g = cg::coalesced_threads();
  unsigned slot = 0;
  if (g.thread_rank() == 0) slot = atomicAdd(forest_count, g.size());
  return g.shfl(slot, 0) + g.thread_rank();
}

// Unites the components of a and b: the larger root goes under the smaller
// (parents only decrease, so no cycle), retrying when another thread moved a
// root first.
__device__ void unite(vid_t* parent, vid_t a, vid_t b) {
  for (;;) {
    a = find_root_live(parent, a);
    b = find_root_live(parent, b);
    if (a == b) return;  // not reached for Boruvka's chosen edges (a forest)
    if (a < b) {
      const vid_t t = a;
      a = b;
      b = t;
    }
    if (atomicCAS(parent + a, a, b) == a) return;
  }
}

// Step 2 of a round: the worklist edges that are their root's minimum. The
// winner of a root also clears its key for the next round: every root that
// got an offer has exactly one winner in the list, and a thread that reads
// the cleared slot is not that root's winner either way.
template <bool kL2>
__device__ void hook_step(const KEdge* batch, const WorkEdge* list, unsigned* counts, RoundSlots slots,
                          unsigned bound, unsigned long long* best, vid_t* parent, KEdge* forest, vid_t n) {
  const unsigned m = min(load<kL2>(counts + slots.out), bound);
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < m; i += gridDim.x * blockDim.x) {
    const WorkEdge e = load_work<kL2>(list + i);
    const unsigned long long key = key_of(e.w, e.id);
    const bool wins_a = load<kL2>(best + e.a) == key, wins_b = load<kL2>(best + e.b) == key;
    if (!wins_a && !wins_b) continue;
    if (wins_a) best[e.a] = kNoKey;
    if (wins_b) best[e.b] = kNoKey;
    unite(parent, e.a, e.b);
    const unsigned slot = forest_slot(counts + 3);
    if (slot + 1 < n) forest[slot] = batch[e.id];  // a forest has at most n - 1 edges
  }
}

// Every vertex points at its root. Concurrent readers see either an old
// ancestor or the root, so read-only walks stay correct.
template <bool kL2>
__device__ void flatten_step(vid_t* parent, vid_t n) {
  for (vid_t x = blockIdx.x * blockDim.x + threadIdx.x; x < n; x += gridDim.x * blockDim.x) {
    vid_t r = load<kL2>(parent + x);
    for (vid_t q = load<kL2>(parent + r); q != r; q = load<kL2>(parent + r)) r = q;
    parent[x] = r;
  }
}

// Flat mode, step 1: every batch edge between two components offers its key
// (weight, index) to both roots. Labels are flat, so a root is one read.
template <bool kL2>
__device__ void offer_step(const KEdge* batch, unsigned m, const vid_t* parent, unsigned long long* best) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t base = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; base < m;
       base += stride * kOfferItems) {
    KEdge e[kOfferItems];
    vid_t a[kOfferItems], b[kOfferItems];
    unsigned long long ka[kOfferItems], kb[kOfferItems];
    // Each stage issues all its loads before the next one needs them.
#pragma unroll
    for (int k = 0; k < kOfferItems; ++k) {
      const std::size_t i = base + k * stride;
      e[k] = i < m ? batch[i] : KEdge{0, 0, 0};
    }
#pragma unroll
    for (int k = 0; k < kOfferItems; ++k) {
      a[k] = load<kL2>(parent + e[k].u);
      b[k] = load<kL2>(parent + e[k].v);
    }
#pragma unroll
    for (int k = 0; k < kOfferItems; ++k) {
      ka[k] = kb[k] = 0;
      if (a[k] != b[k]) {  // padding items (0, 0) never pass
        ka[k] = load<kL2>(best + a[k]);
        kb[k] = load<kL2>(best + b[k]);
      }
    }
#pragma unroll
    for (int k = 0; k < kOfferItems; ++k) {
      if (a[k] == b[k]) continue;
      const unsigned long long key = key_of(e[k].w, std::uint32_t(base + k * stride));
      if (ka[k] > key) atomicMin(best + a[k], key);  // reading first skips most atomics
      if (kb[k] > key) atomicMin(best + b[k], key);
    }
  }
}

// Flat mode, step 2, one thread per root: a root with an offer hooks onto the
// root across its winning edge and records the edge. Keys are unique, so the
// hooks form trees except that two roots may pick the same edge: then only
// the larger hooks. Nothing this step reads is written in it but next[].
template <bool kL2>
__device__ void hook_roots_step(const KEdge* batch, const vid_t* parent, const unsigned long long* best, vid_t* next,
                                KEdge* forest, unsigned* counts, vid_t n) {
  for (vid_t c = blockIdx.x * blockDim.x + threadIdx.x; c < n; c += gridDim.x * blockDim.x) {
    if (load<kL2>(parent + c) != c) continue;
    const unsigned long long key = load<kL2>(best + c);
    vid_t to = c;
    KEdge e{};
    if (key != kNoKey) {
      e = batch[std::uint32_t(key)];
      const vid_t a = load<kL2>(parent + e.u), b = load<kL2>(parent + e.v);
      const vid_t other = a == c ? b : a;
      if (other < c || load<kL2>(best + other) != key) to = other;
    }
    next[c] = to;
    if (to != c) {
      const unsigned slot = forest_slot(counts + 3);
      if (slot + 1 < n) forest[slot] = e;  // a forest has at most n - 1 edges
      counts[5] = 1;
    }
  }
}

// Flat mode, step 3, one thread per vertex: its new root is the end of the
// hook chain from its old root. A root shortens its own hook as it walks;
// every value ever stored is an ancestor on the same chain, so concurrent
// walkers only gain. Roots clear their keys for the next round (the hook step
// that read them is over). Block 0 counts the round if anything hooked.
template <bool kL2>
__device__ void relabel_step(vid_t* parent, vid_t* next_ptr, unsigned long long* best, unsigned* counts, vid_t n) {
  if (blockIdx.x == 0 && threadIdx.x == 0 && load<kL2>(counts + 5)) {
    ++counts[4];
    counts[5] = 0;
  }
  volatile vid_t* next = next_ptr;
  for (vid_t x = blockIdx.x * blockDim.x + threadIdx.x; x < n; x += gridDim.x * blockDim.x) {
    const vid_t r = load<kL2>(parent + x);
    vid_t p = next[r];
    for (vid_t q = next[p]; q != p; q = next[p]) {
      p = q;
      if (x == r) next[r] = p;
    }
    if (p != r) parent[x] = p;
    if (x == r) best[r] = kNoKey;
  }
}

template <bool kFromBatch>
__global__ void min_edge(const KEdge* batch, const WorkEdge* in, unsigned* counts, int round, unsigned bound,
                         WorkEdge* out, vid_t* parent, unsigned long long* best) {
  min_edge_step<kFromBatch, false>(batch, in, counts, RoundSlots(round), bound, out, parent, best);
}
__global__ void hook(const KEdge* batch, const WorkEdge* list, unsigned* counts, int round, unsigned bound,
                     unsigned long long* best, vid_t* parent, KEdge* forest, vid_t n) {
  hook_step<false>(batch, list, counts, RoundSlots(round), bound, best, parent, forest, n);
}
__global__ void flatten(vid_t* parent, vid_t n) { flatten_step<false>(parent, n); }
__global__ void offer(const KEdge* batch, const unsigned* count, unsigned bound, const vid_t* parent,
                      unsigned long long* best) {
  offer_step<false>(batch, count ? min(*count, bound) : bound, parent, best);
}
__global__ void hook_roots(const KEdge* batch, const vid_t* parent, const unsigned long long* best, vid_t* next,
                           KEdge* forest, unsigned* counts, vid_t n) {
  hook_roots_step<false>(batch, parent, best, next, forest, counts, n);
}
__global__ void relabel(vid_t* parent, vid_t* next, unsigned long long* best, unsigned* counts, vid_t n) {
  relabel_step<false>(parent, next, best, counts, n);
}

// The flat mode's rounds of a batch in one cooperative launch, until a round
// hooks nothing or the forest spans. stats as rounds_cooperative's (offer,
// hook, relabel ns; rounds run; then counts[4] on entry). `count` may be
// null: the batch holds `bound` edges.
__global__ void rounds_flat_cooperative(const KEdge* batch, const unsigned* count, unsigned bound, vid_t* parent,
                                        unsigned long long* best, vid_t* next, KEdge* forest, unsigned* counts,
                                        vid_t n, unsigned long long* stats) {
  cg::grid_group grid = cg::this_grid();
  const bool timer = blockIdx.x == 0 && threadIdx.x == 0;
  unsigned long long t = timer ? global_ns() : 0;
  if (timer) {
    stats[0] = stats[1] = stats[2] = 0;
    stats[4] = counts[4];  // only this thread changes it (relabel_step), later
  }
  const unsigned m = count ? min(__ldcg(count), bound) : bound;
  int r = 0;
  for (;; ++r) {
    // Only the hook step changes the forest size: every thread reads the same value.
    const unsigned before = __ldcg(counts + 3);
    offer_step<true>(batch, m, parent, best);
    grid.sync();
    if (timer) {
      const unsigned long long now = global_ns();
      stats[0] += now - t;
      t = now;
    }
    hook_roots_step<true>(batch, parent, best, next, forest, counts, n);
    grid.sync();
    if (timer) {
      const unsigned long long now = global_ns();
      stats[1] += now - t;
      t = now;
    }
    const unsigned joined = __ldcg(counts + 3);
    if (joined == before) break;  // no offers: keys are clear, labels unchanged
    relabel_step<true>(parent, next, best, counts, n);
    grid.sync();
    if (timer) {
      const unsigned long long now = global_ns();
      stats[2] += now - t;
      t = now;
    }
    if (joined + 1 >= n || r >= kMaxRounds) break;
  }
  if (timer) stats[3] = unsigned(r + 1);
}

// All rounds of a batch and the flattening in one cooperative launch: grid
// syncs instead of kernel boundaries, the stop test on the device. Block 0
// times the steps with the global timer: stats = {min-edge ns, hook ns,
// flatten ns, rounds run}.
__global__ void rounds_cooperative(const KEdge* batch, WorkEdge* list0, WorkEdge* list1, unsigned* counts,
                                   int round0, unsigned bound, vid_t* parent, unsigned long long* best,
                                   KEdge* forest, vid_t n, unsigned long long* stats) {
  cg::grid_group grid = cg::this_grid();
  const bool timer = blockIdx.x == 0 && threadIdx.x == 0;
  unsigned long long t = timer ? global_ns() : 0;
  if (timer) stats[0] = stats[1] = stats[2] = 0;
  int r = round0;
  for (;; ++r) {
    const RoundSlots slots(r);
    WorkEdge* in = r % 2 ? list1 : list0;
    WorkEdge* out = r % 2 ? list0 : list1;
    if (r == round0) min_edge_step<true, true>(batch, in, counts, slots, bound, out, parent, best);
    else min_edge_step<false, true>(batch, in, counts, slots, bound, out, parent, best);
    grid.sync();
    if (timer) {
      const unsigned long long now = global_ns();
      stats[0] += now - t;
      t = now;
    }
    hook_step<true>(batch, out, counts, slots, bound, best, parent, forest, n);
    grid.sync();
    if (timer) {
      const unsigned long long now = global_ns();
      stats[1] += now - t;
      t = now;
    }
    // Every thread reads the same final values: both were last written before the sync.
    const unsigned left = __ldcg(counts + slots.out), joined = __ldcg(counts + 3);
    if (left == 0 || joined + 1 >= n || r - round0 >= kMaxRounds) break;
  }
  flatten_step<true>(parent, n);
  if (timer) {
    stats[2] = global_ns() - t;
    stats[3] = unsigned(r - round0 + 1);
  }
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
  transfers_.clear();
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

void PhaseClock::transfer(const char* from, const char* to, double seconds) { transfers_.push_back({from, to, seconds}); }

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
  for (const Transfer& t : transfers_) {
    const double moved = std::min(t.seconds, sums[t.from]);  // the device timer's and the events' clocks differ slightly
    sums[t.from] -= moved;
    sums[t.to] += moved;
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
  if (coop_grid_ < 0) {  // first call: can every block of the cooperative kernel be resident?
    int dev = 0, coop = 0, per_sm = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
    if (coop) CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rounds_cooperative, kBlock, 0));
    coop_grid_ = coop ? std::min(per_sm, int(kCoopBlocksPerSm)) * sms_ : 0;
    per_sm = 0;
    if (coop) CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rounds_flat_cooperative, kBlock, 0));
    coop_flat_grid_ = coop ? std::min(per_sm, int(kFlatBlocksPerSm)) * sms_ : 0;
    words_.resize(kWords);
    // Every word defined before the first read-back copies them all (stats a path does not write included).
    CUDA_CHECK(cudaMemset(words_.data(), 0, kWords * sizeof(unsigned long long)));
  }
  if (parent_.size() < n) {
    parent_.resize(n);
    next_.resize(n);
    best_.resize(n);
    forest_.resize(n);
  }
  if (mode_ == BoruvkaMode::kWorklist && work_cap_ < max_m) {
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
  init_engine<<<blocks_for(std::max<std::size_t>(n, kCountWords)), kBlock, 0, s>>>(parent_.data(), best_.data(), n,
                                                                                   counts(), kCountWords);
  CUDA_CHECK_LAUNCH();
}

int BoruvkaEngine::add(const BoruvkaBatch& batch, cudaStream_t s, PhaseClock* clock) {
  if (batch.max_m >= 0xffffffffu) throw std::invalid_argument("BoruvkaEngine: a batch holds at most 2^32 - 2 edges");
  if (batch.max_m == 0 || n_ < 2 || spanning()) return 0;
  reserve(n_, batch.max_m);
  auto lap = [&](const char* phase) {
    if (clock) clock->lap(phase, s);
  };
  if (mode_ == BoruvkaMode::kFlat) return add_flat(batch.edges, batch.count, unsigned(batch.max_m), s, clock);

  WorkEdge* lists[2] = {reinterpret_cast<WorkEdge*>(work_.data()),
                        reinterpret_cast<WorkEdge*>(work_.data()) + work_cap_};
  unsigned* counts = this->counts();
  // counts[round % 3] is a round's input size, counts[(round + 1) % 3] its
  // output (zeroed by the round before, or by reset()).
  if (batch.count) {
    CUDA_CHECK(cudaMemcpyAsync(counts + round_ % 3, batch.count, sizeof(unsigned), cudaMemcpyDeviceToDevice, s));
  } else {
    host_[0] = unsigned(batch.max_m);
    CUDA_CHECK(cudaMemcpyAsync(counts + round_ % 3, host_.data(), sizeof(unsigned), cudaMemcpyHostToDevice, s));
  }
  CUDA_CHECK(cudaMemcpyAsync(&host_[1], counts + 4, sizeof(unsigned), cudaMemcpyDeviceToHost, s));
  unsigned bound = unsigned(batch.max_m);
  const KEdge* edges = batch.edges;
  vid_t* parent = parent_.data();
  unsigned long long* best = best_.data();
  KEdge* forest = forest_.data();

  if (cooperative_ && coop_grid_ > 0) {
    int round0 = round_;
    vid_t n = n_;
    unsigned long long* stats = this->stats();
    void* args[] = {&edges, &lists[0], &lists[1], &counts, &round0, &bound, &parent, &best, &forest, &n, &stats};
    CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(&rounds_cooperative), dim3(coop_grid_),
                                           dim3(kBlock), args, 0, s));
    finish_cooperative(s, clock);
    round_ += int(host_stat(3));
    if (host_count(round_ % 3) != 0 && !spanning()) throw std::logic_error("BoruvkaEngine: no progress");
    return int(host_count(4) - host_[1]);  // rounds that had work: the busy counter's growth
  }

  // Kernel per step: several rounds per read-back, about the rounds a random
  // graph needs, so that one or two read-backs end most batches.
  const int per_check = std::max(2, bit_width(n_) / 2);
  const unsigned max_grid = unsigned(std::max(sms_, 1)) * kBlocksPerSm;
  bool first = true;
  const int start_round = round_;
  for (;;) {
    const unsigned grid = std::max(1u, std::min(blocks_for(bound), max_grid));
    for (int k = 0; k < per_check; ++k) {
      const int r = round_;
      WorkEdge* out = lists[(r + 1) % 2];
      if (first) min_edge<true><<<grid, kBlock, 0, s>>>(edges, nullptr, counts, r, bound, out, parent, best);
      else min_edge<false><<<grid, kBlock, 0, s>>>(edges, lists[r % 2], counts, r, bound, out, parent, best);
      CUDA_CHECK_LAUNCH();
      lap("minedge_s");
      hook<<<grid, kBlock, 0, s>>>(edges, out, counts, r, bound, best, parent, forest, n_);
      CUDA_CHECK_LAUNCH();
      lap("hook_s");
      first = false;
      ++round_;
    }
    read_back_words(s);
    lap("wait_s");  // the idle gap while the host read the counts
    forest_size_ = std::min<std::size_t>(host_count(3), n_ - 1);
    const unsigned left = host_count(round_ % 3);  // the last round's output, the next round's input
    if (left == 0 || spanning()) break;  // when spanning, the edges left all lie inside one component
    bound = std::min(bound, left);
    if (round_ - start_round > kMaxRounds) throw std::logic_error("BoruvkaEngine: no progress");
  }
  flatten<<<blocks_for(n_), kBlock, 0, s>>>(parent, n_);
  CUDA_CHECK_LAUNCH();
  lap("jump_s");
  return int(host_count(4) - host_[1]);  // rounds that had work: the busy counter's growth
}

void BoruvkaEngine::read_back_words(cudaStream_t s) {
  CUDA_CHECK(cudaMemcpyAsync(words_host_.data(), words_.data(), kWords * sizeof(unsigned long long),
                             cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
}

void BoruvkaEngine::finish_cooperative(cudaStream_t s, PhaseClock* clock) {
  if (clock) clock->lap("minedge_s", s);  // the whole launch; its hook and flatten parts move below
  read_back_words(s);
  if (clock) {
    clock->lap("wait_s", s);
    clock->transfer("minedge_s", "hook_s", double(host_stat(1)) * 1e-9);
    clock->transfer("minedge_s", "jump_s", double(host_stat(2)) * 1e-9);
  }
  forest_size_ = std::min<std::size_t>(host_count(3), n_ - 1);
}

int BoruvkaEngine::add_flat(const KEdge* edges, const unsigned* count, unsigned bound, cudaStream_t s,
                            PhaseClock* clock) {
  auto lap = [&](const char* phase) {
    if (clock) clock->lap(phase, s);
  };
  unsigned* counts = this->counts();
  vid_t* parent = parent_.data();
  vid_t* next = next_.data();
  unsigned long long* best = best_.data();
  KEdge* forest = forest_.data();
  vid_t n = n_;

  if (cooperative_ && coop_flat_grid_ > 0) {
    unsigned long long* stats = this->stats();
    void* args[] = {&edges, &count, &bound, &parent, &best, &next, &forest, &counts, &n, &stats};
    CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(&rounds_flat_cooperative),
                                           dim3(coop_flat_grid_), dim3(kBlock), args, 0, s));
    finish_cooperative(s, clock);
    return int(host_count(4) - unsigned(host_stat(4)));  // rounds that hooked something
  }

  // Kernel per step, read-backs as in the worklist mode. Once a round hooks
  // nothing, none after it does (the edges and labels stay the same), and a
  // round without offers changes nothing: extra rounds in a window are harmless.
  CUDA_CHECK(cudaMemcpyAsync(&host_[1], counts + 4, sizeof(unsigned), cudaMemcpyDeviceToHost, s));
  const int per_check = std::max(2, bit_width(n_) / 2);
  const unsigned max_grid = unsigned(std::max(sms_, 1)) * kBlocksPerSm;
  const unsigned edge_grid = std::max(1u, std::min(blocks_for((std::size_t(bound) + kOfferItems - 1) / kOfferItems), max_grid));
  const unsigned vertex_grid = std::max(1u, std::min(blocks_for(n_), max_grid));
  unsigned hooked_rounds = 0;  // counts[4] before the window (host_[1] is read back with the first window)
  for (int window = 0;; ++window) {
    for (int k = 0; k < per_check; ++k) {
      offer<<<edge_grid, kBlock, 0, s>>>(edges, count, bound, parent, best);
      CUDA_CHECK_LAUNCH();
      lap("minedge_s");
      hook_roots<<<vertex_grid, kBlock, 0, s>>>(edges, parent, best, next, forest, counts, n);
      CUDA_CHECK_LAUNCH();
      lap("hook_s");
      relabel<<<vertex_grid, kBlock, 0, s>>>(parent, next, best, counts, n);
      CUDA_CHECK_LAUNCH();
      lap("jump_s");
    }
    read_back_words(s);
    lap("wait_s");
    forest_size_ = std::min<std::size_t>(host_count(3), n_ - 1);
    if (window == 0) hooked_rounds = host_[1];
    const bool idle_round = host_count(4) - hooked_rounds < unsigned(per_check);
    hooked_rounds = host_count(4);
    if (idle_round || spanning()) break;
    if (window * per_check > kMaxRounds) throw std::logic_error("BoruvkaEngine: no progress");
  }
  return int(host_count(4) - host_[1]);  // rounds that hooked something
}

void BoruvkaEngine::download(std::vector<KEdge>& out, cudaStream_t s) {
  out.resize(forest_size_);
  if (forest_size_ == 0) return;
  if (staging_.size() < forest_size_) {
    CUDA_CHECK(cudaMemcpyAsync(out.data(), forest_.data(), forest_size_ * sizeof(KEdge), cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    return;
  }
  CUDA_CHECK(cudaMemcpyAsync(staging_.data(), forest_.data(), forest_size_ * sizeof(KEdge), cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
  std::copy(staging_.data(), staging_.data() + forest_size_, out.begin());
}

void BoruvkaEngine::pin_download(vid_t n) {
  if (staging_.size() < n) staging_.resize(n);
}

std::uint64_t BoruvkaEngine::device_bytes(vid_t n, std::size_t max_m) {
  return std::uint64_t(n) * (2 * sizeof(vid_t) + sizeof(unsigned long long) + sizeof(KEdge)) +
         2 * std::uint64_t(max_m) * sizeof(WorkEdge);
}

void pick_weight_threshold(const std::uint32_t* weights, std::size_t m, std::size_t stride, double q,
                           std::uint32_t* threshold, cudaStream_t s) {
  sample_threshold<<<1, kSampleThreads, 0, s>>>(weights, m, stride, q, threshold);
  CUDA_CHECK_LAUNCH();
}

}  // namespace gs::mst_gpu
