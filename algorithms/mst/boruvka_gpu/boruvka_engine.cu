// The GPU Boruvka engine (see boruvka_engine.cuh).
#include "algorithms/mst/boruvka_gpu/boruvka_engine.cuh"

#include <cooperative_groups.h>

#include <algorithm>
#include <stdexcept>

#include "common/cuda/check.cuh"
#include "common/cuda/cooperative.cuh"
#include "common/cuda/device_clock.cuh"
#include "common/cuda/grid.cuh"
#include "common/cuda/warp.cuh"

namespace gs::mst {
namespace {

namespace cg = cooperative_groups;
using Engine = BoruvkaEngine;

constexpr unsigned kBlock = 256;
constexpr unsigned kBlocksPerSm =
    8;  // the per-step path's grid-stride grid, and the cooperative grid where registers allow
constexpr unsigned long long kNoKey = ~0ull;
constexpr int kMaxRounds = 4096;  // far above log2(2^32) + 1 per batch: a bug guard, not a limit
constexpr int kOfferItems = 4;    // edges per thread at a time in the offer step: their loads overlap

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

// Singletons, no keys, zero counts: everything reset() sets, in one launch.
__global__ void init_engine(vid_t* parent, unsigned long long* best, vid_t n, unsigned* counts) {
  const vid_t x = grid_thread<vid_t>();
  if (x < vid_t(Engine::kCountWords)) counts[x] = 0;
  if (x >= n) return;
  parent[x] = x;
  best[x] = kNoKey;
}

// Step 1 of a round: every batch edge between two components offers its key
// (weight, index) to both roots. Labels are flat, so a root is one read.
template <bool kL2>
__device__ void offer_step(const KEdge* batch, unsigned m, const vid_t* parent, unsigned long long* best) {
  const std::size_t stride = grid_threads<std::size_t>();
  for (const std::size_t base : grid_stride<std::size_t>(m, kOfferItems)) {
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

// Step 2, one thread per root: a root with an offer hooks onto the root
// across its winning edge and records the edge. Keys are unique, so the
// hooks form trees except that two roots may pick the same edge: then only
// the larger hooks. Nothing this step reads is written in it but next[].
template <bool kL2>
__device__ void hook_step(const KEdge* batch, const vid_t* parent, const unsigned long long* best, vid_t* next,
                          KEdge* forest, unsigned* counts, vid_t n) {
  for (const vid_t c : grid_stride<vid_t>(n)) {
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
      const unsigned slot = append_slot(counts + Engine::kForestSize);
      if (slot + 1 < n) forest[slot] = e;  // a forest has at most n - 1 edges
      counts[Engine::kHooked] = 1;
    }
  }
}

// Step 3, one thread per vertex: its new root is the end of the hook chain
// from its old root. A root shortens its own hook as it walks; every value
// ever stored is an ancestor on the same chain, so concurrent walkers only
// gain. Roots clear their keys for the next round (the hook step that read
// them is over). Block 0 counts the round if anything hooked.
template <bool kL2>
__device__ void relabel_step(vid_t* parent, vid_t* next_ptr, unsigned long long* best, unsigned* counts, vid_t n) {
  if (blockIdx.x == 0 && threadIdx.x == 0 && load<kL2>(counts + Engine::kHooked)) {
    ++counts[Engine::kBusyRounds];
    counts[Engine::kHooked] = 0;
  }
  volatile vid_t* next = next_ptr;
  for (const vid_t x : grid_stride<vid_t>(n)) {
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

__global__ void offer(const KEdge* batch, const unsigned* count, unsigned bound, const vid_t* parent,
                      unsigned long long* best) {
  offer_step<false>(batch, count ? min(*count, bound) : bound, parent, best);
}
__global__ void hook(const KEdge* batch, const vid_t* parent, const unsigned long long* best, vid_t* next,
                     KEdge* forest, unsigned* counts, vid_t n) {
  hook_step<false>(batch, parent, best, next, forest, counts, n);
}
__global__ void relabel(vid_t* parent, vid_t* next, unsigned long long* best, unsigned* counts, vid_t n) {
  relabel_step<false>(parent, next, best, counts, n);
}

// The rounds of a batch in one cooperative launch, until a round hooks
// nothing or the forest spans: grid syncs instead of kernel boundaries, the
// stop test on the device. Block 0 times the steps (stats: Engine::Stat).
// `count` may be null: the batch holds `bound` edges.
__global__ void rounds_cooperative(const KEdge* batch, const unsigned* count, unsigned bound, vid_t* parent,
                                   unsigned long long* best, vid_t* next, KEdge* forest, unsigned* counts, vid_t n,
                                   unsigned long long* stats) {
  cg::grid_group grid = cg::this_grid();
  StepTimer timer(blockIdx.x == 0 && threadIdx.x == 0);
  if (timer.on()) {
    stats[Engine::kOfferNs] = stats[Engine::kHookNs] = stats[Engine::kRelabelNs] = 0;
    stats[Engine::kBusyOnEntry] = counts[Engine::kBusyRounds];  // only this thread changes it (relabel_step), later
  }
  const unsigned m = count ? min(__ldcg(count), bound) : bound;
  int r = 0;
  for (;; ++r) {
    // Only the hook step changes the forest size: every thread reads the same value.
    const unsigned before = __ldcg(counts + Engine::kForestSize);
    offer_step<true>(batch, m, parent, best);
    grid.sync();
    timer.lap(stats[Engine::kOfferNs]);
    hook_step<true>(batch, parent, best, next, forest, counts, n);
    grid.sync();
    timer.lap(stats[Engine::kHookNs]);
    const unsigned joined = __ldcg(counts + Engine::kForestSize);
    if (joined == before) break;  // no offers: keys are clear, labels unchanged
    relabel_step<true>(parent, next, best, counts, n);
    grid.sync();
    timer.lap(stats[Engine::kRelabelNs]);
    if (joined + 1 >= n || r >= kMaxRounds) break;
  }
  if (timer.on()) stats[Engine::kRoundsRun] = unsigned(r + 1);
}

unsigned blocks_for(std::size_t items) { return unsigned((items + kBlock - 1) / kBlock); }

int bit_width(std::uint32_t x) {
  int b = 0;
  for (; x; x >>= 1) ++b;
  return b;
}

}  // namespace

void BoruvkaEngine::reserve(vid_t n) {
  if (coop_grid_ < 0) {  // first call: can every block of the cooperative kernel be resident?
    int dev = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms_, cudaDevAttrMultiProcessorCount, dev));
    coop_grid_ = resident_blocks(rounds_cooperative, kBlock, int(kBlocksPerSm));  // 0: the per-step path
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
}

void BoruvkaEngine::reset(vid_t n, cudaStream_t s) {
  reserve(n);
  n_ = n;
  forest_size_ = 0;
  init_engine<<<blocks_for(std::max<std::size_t>(n, kCountWords)), kBlock, 0, s>>>(parent_.data(), best_.data(), n,
                                                                                   counts());
  CUDA_CHECK_LAUNCH();
}

int BoruvkaEngine::add(const BoruvkaBatch& batch, cudaStream_t s, PhaseClock* clock) {
  if (batch.max_m >= 0xffffffffu) throw std::invalid_argument("BoruvkaEngine: a batch holds at most 2^32 - 2 edges");
  if (batch.max_m == 0 || n_ < 2 || spanning()) return 0;
  reserve(n_);
  const KEdge* edges = batch.edges;
  const unsigned* count = batch.count;
  unsigned bound = unsigned(batch.max_m);
  if (!cooperative_ || coop_grid_ == 0) return add_per_step(edges, count, bound, s, clock);

  unsigned* counts = this->counts();
  vid_t* parent = parent_.data();
  vid_t* next = next_.data();
  unsigned long long* best = best_.data();
  KEdge* forest = forest_.data();
  vid_t n = n_;
  unsigned long long* stats = this->stats();
  launch_cooperative(rounds_cooperative, coop_grid_, kBlock, 0, s, edges, count, bound, parent, best, next, forest,
                     counts, n, stats);
  finish_cooperative(s, clock);
  return int(host_count(kBusyRounds) - unsigned(host_stat(kBusyOnEntry)));  // rounds that hooked something
}

void BoruvkaEngine::read_back_words(cudaStream_t s) {
  CUDA_CHECK(cudaMemcpyAsync(words_host_.data(), words_.data(), kWords * sizeof(unsigned long long),
                             cudaMemcpyDeviceToHost, s));
  CUDA_CHECK(cudaStreamSynchronize(s));
}

void BoruvkaEngine::finish_cooperative(cudaStream_t s, PhaseClock* clock) {
  if (clock) clock->lap("minedge_s", s);  // the whole launch; its hook and relabel parts move below
  read_back_words(s);
  if (clock) {
    clock->lap("wait_s", s);
    clock->transfer("minedge_s", "hook_s", double(host_stat(kHookNs)) * 1e-9);
    clock->transfer("minedge_s", "jump_s", double(host_stat(kRelabelNs)) * 1e-9);
  }
  forest_size_ = std::min<std::size_t>(host_count(kForestSize), n_ - 1);
}

int BoruvkaEngine::add_per_step(const KEdge* edges, const unsigned* count, unsigned bound, cudaStream_t s,
                                PhaseClock* clock) {
  auto lap = [&](const char* phase) {
    if (clock) clock->lap(phase, s);
  };
  unsigned* counts = this->counts();
  vid_t* parent = parent_.data();
  vid_t* next = next_.data();
  unsigned long long* best = best_.data();
  KEdge* forest = forest_.data();
  const vid_t n = n_;

  // Several rounds per read-back, about the rounds a random graph needs, so
  // that one or two read-backs end most batches. Once a round hooks nothing,
  // none after it does (the edges and labels stay the same), and a round
  // without offers changes nothing: extra rounds in a window are harmless.
  CUDA_CHECK(cudaMemcpyAsync(busy_on_entry_.data(), counts + kBusyRounds, sizeof(unsigned), cudaMemcpyDeviceToHost, s));
  const int per_check = std::max(2, bit_width(n_) / 2);
  const unsigned max_grid = unsigned(std::max(sms_, 1)) * kBlocksPerSm;
  const unsigned edge_grid =
      std::max(1u, std::min(blocks_for((std::size_t(bound) + kOfferItems - 1) / kOfferItems), max_grid));
  const unsigned vertex_grid = std::max(1u, std::min(blocks_for(n_), max_grid));
  unsigned hooked_rounds =
      0;  // counts[kBusyRounds] before the window (busy_on_entry_ is read back with the first window)
  for (int window = 0;; ++window) {
    for (int k = 0; k < per_check; ++k) {
      offer<<<edge_grid, kBlock, 0, s>>>(edges, count, bound, parent, best);
      CUDA_CHECK_LAUNCH();
      lap("minedge_s");
      hook<<<vertex_grid, kBlock, 0, s>>>(edges, parent, best, next, forest, counts, n);
      CUDA_CHECK_LAUNCH();
      lap("hook_s");
      relabel<<<vertex_grid, kBlock, 0, s>>>(parent, next, best, counts, n);
      CUDA_CHECK_LAUNCH();
      lap("jump_s");
    }
    read_back_words(s);
    lap("wait_s");  // the idle gap while the host read the counts
    forest_size_ = std::min<std::size_t>(host_count(kForestSize), n_ - 1);
    if (window == 0) hooked_rounds = busy_on_entry_[0];
    const bool idle_round = host_count(kBusyRounds) - hooked_rounds < unsigned(per_check);
    hooked_rounds = host_count(kBusyRounds);
    if (idle_round || spanning()) break;
    if (window * per_check > kMaxRounds) throw std::logic_error("BoruvkaEngine: no progress");
  }
  return int(host_count(kBusyRounds) - busy_on_entry_[0]);  // rounds that hooked something
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

std::uint64_t BoruvkaEngine::device_bytes(vid_t n) {
  return std::uint64_t(n) * (2 * sizeof(vid_t) + sizeof(unsigned long long) + sizeof(KEdge));
}

}  // namespace gs::mst
