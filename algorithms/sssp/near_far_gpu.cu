// Near-far SSSP on the GPU, one persistent cooperative kernel per source.
//
// Entries: every queue holds (vertex, distance) pairs. A thread that lowers a
// distance with its atomic minimum (on the float bits: non-negative floats
// order like their bits) creates exactly one entry for that new distance; an
// entry whose distance is no longer the vertex's current one is stale and
// skipped, because the improvement that replaced it made its own entry. So a
// vertex is expanded at most once per distance it takes, without stamps.
//
// Rounds: each round either expands the near entries (distances below the band
// end `high`), sending improvements below `high` to the next near queue and
// the others to the far pile, or, when no near entries are left, advances the
// band to [max(high, smallest far distance), + delta) and splits the far pile
// into near entries and a new far pile. Every thread keeps the same copy of the
// loop state and updates it from counters read after the grid barrier, so all
// threads take the same branch. Counters live in three slots: round r counts
// into slot (r+1)%3, read by everyone after the barrier ending round r, and
// clears slot (r+2)%3, whose last readers finished before that barrier of r-1.
//
// Scans instead of queues: when the far pile would pass its limit (half the
// vertices: then reading every distance is cheaper than the pile), the band
// switches to scan mode for the rest of the source: expansions stop filling
// the pile and each split scans all vertices. When a near queue overflows, the
// next expansion scans all vertices for distances inside the band (expanding
// some twice, which is harmless). Both keep every queue within its capacity.
//
// Block-local chaining: during an expansion a block keeps the near entries it
// creates in shared memory and expands them itself, up to `local_steps` times
// (NearFarTuning::early_steps in the first kEarlyRounds rounds) and while they are few (at
// most one per thread), before the rest go to the global near queue. Any order of relaxations converges to the same
// distances, so this trades barriers for some repeated work; on a high-diameter graph (small, slowly growing local
// frontiers) a band then takes a few rounds instead of one per hop, while on a low-diameter graph (local frontiers that
// multiply by the degree) chaining stops before it repeats much work. Pushes
// to global queues are staged in shared memory and written with one atomicAdd
// per block and flush, not one per warp.
//
// Band width: delta from the caller; a band that needed at most one expansion
// round doubles it (up to kMaxDeltaGrowth times), since narrow bands then cost
// barriers without saving work.
//
// Memory: data written by other blocks in earlier rounds (distances, queues,
// counters) is read with ld.global.cg (L2), never from a possibly stale L1 line.
#include "algorithms/sssp/near_far_gpu.hpp"

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/cooperative.cuh"
#include "common/cuda/device_clock.cuh"
#include "common/cuda/device_csr.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/cuda/grid.cuh"
#include "common/cuda/warp.cuh"
#include "common/errors.hpp"
#include "common/memory.hpp"

namespace gs::sssp {

namespace {

namespace cg = cooperative_groups;
constexpr int kBlock = 256;
constexpr int kMinBlocksPerSm = 4;                        // caps registers so that several blocks fit per SM
constexpr unsigned kLocalCap = NearFarTuning::kMaxChain;  // shared near entries per buffer (two buffers)
constexpr unsigned kStageCap = 1024;                      // shared far entries staged before a global write
constexpr int kChainMaxEntries = kBlock;  // default: a block chains while its local entries fit one per thread
// The first rounds chain at most NearFarTuning::early_steps steps: deep chains repeat much work
// on low-diameter graphs, which finish within kEarlyRounds rounds; a graph
// still running after them has a high diameter and gets the full local_steps.
constexpr unsigned kEarlyRounds = 32;
constexpr unsigned kInfinityBits = 0x7f800000u;  // +infinity as float bits
constexpr float kMaxDeltaGrowth = 1024.0f;

using Entry = uint2;  // x: vertex, y: distance (float bits)

struct Slot {
  unsigned near;          // entries pushed to the next near queue
  unsigned far;           // entries pushed to the far pile
  unsigned far_min_bits;  // smallest distance sent to the far pile (float bits)
  unsigned pad;
};

struct Result {
  unsigned rounds, expansions, splits, scan_rounds;
  unsigned long long vertex_visits, arc_relaxations;
  unsigned long long init_ns, expand_ns, split_ns;
  float last_delta;
};

struct Params {
  vid_t n, source;
  const eid_t* offsets;
  const vid_t* adj;
  const float* w;
  unsigned* dist;  // float bits
  Entry* near[2];
  Entry* far[2];
  unsigned near_capacity, far_capacity;
  float delta;
  int local_steps;
  int early_steps;     // local steps at most in the first kEarlyRounds rounds
  unsigned chain_max;  // a block chains only while it holds at most this many local entries
  Slot* slots;         // 3
  Result* result;
};

struct Shared {
  Entry local[2][kLocalCap];
  Entry stage[kStageCap];
  unsigned local_size[2];
  unsigned stage_size;
  unsigned base;      // broadcast of a flush's first global slot
  unsigned min_bits;  // block minimum of far distances
  unsigned long long sum[2][kBlock / 32];
};

// Appends e at queue[offset + slot] (dropped past `capacity`: the counter then
// exceeds it and the loop switches to a scan).
__device__ void push_global(Entry e, Entry* queue, unsigned offset, unsigned* size, unsigned capacity) {
  const unsigned at = offset + append_slot(size);
  if (at < capacity) queue[at] = e;
}

// Writes the block's staged entries to a global queue with one atomicAdd.
// Called by the whole block; leaves the stage empty.
__device__ void flush(Entry* stage, unsigned* stage_size, Entry* queue, unsigned offset, unsigned* size,
                      unsigned capacity, Shared& sh) {
  __syncthreads();
  const unsigned count = min(*stage_size, kStageCap);
  if (count > 0) {
    if (threadIdx.x == 0) sh.base = offset + atomicAdd(size, count);
    __syncthreads();
    const unsigned base = sh.base;
    for (unsigned i = threadIdx.x; i < count; i += blockDim.x)
      if (base + i < capacity) queue[base + i] = stage[i];
  }
  __syncthreads();
  if (threadIdx.x == 0) *stage_size = 0;
  __syncthreads();
}

// Where a round sends the entries it creates.
struct Sinks {
  float high;           // band end: below goes near, else far
  Entry* near_out;      // global near queue of the next round
  unsigned* near_size;  // its counter
  unsigned near_capacity;
  Entry* local_out;  // shared near entries (staged, or chained)
  unsigned* local_size;
  bool far_open;  // false in scan mode: the far pile is not kept
  Entry* far;     // the far pile, appended at far_offset
  unsigned far_offset;
  unsigned* far_added;
  unsigned far_capacity;
};

// Routes entry e (distance d, not settled): below the band end to the
// block's shared near entries (the global near queue once they are full),
// else to the far pile through the block's stage. `far_min` collects the
// smallest distance sent beyond the band.
__device__ __forceinline__ void route(Entry e, float d, const Sinks& s, Shared& sh, unsigned& far_min) {
  if (d < s.high) {
    const unsigned at = atomicAdd(s.local_size, 1u);
    if (at < kLocalCap) s.local_out[at] = e;
    else push_global(e, s.near_out, 0, s.near_size, s.near_capacity);
  } else {
    far_min = min(far_min, e.y);
    if (!s.far_open) return;
    const unsigned at = atomicAdd(&sh.stage_size, 1u);
    if (at < kStageCap) sh.stage[at] = e;
    else push_global(e, s.far, s.far_offset, s.far_added, s.far_capacity);
  }
}

// The block's far stage, or its shared near entries `local`, to global memory.
__device__ void flush_far(const Sinks& s, Shared& sh) {
  flush(sh.stage, &sh.stage_size, s.far, s.far_offset, s.far_added, s.far_capacity, sh);
}
__device__ void flush_near(const Sinks& s, int local, Shared& sh) {
  flush(sh.local[local], &sh.local_size[local], s.near_out, 0, s.near_size, s.near_capacity, sh);
}

// Flushes the far stage and the first local queue when a quarter full (so
// that the next batch of pushes still fits). Every thread of the block reads
// the same sizes, between two barriers, so that no thread pushes before all
// have read.
__device__ void keep_shared_room(const Sinks& s, Shared& sh) {
  __syncthreads();
  const bool stage = sh.stage_size >= kStageCap / 4, local = sh.local_size[0] >= kLocalCap / 4;
  __syncthreads();
  if (stage) flush_far(s, sh);
  if (local) flush_near(s, 0, sh);
}

// Vertex visits and arc relaxations of one thread.
struct Work {
  unsigned long long visits = 0, relaxations = 0;
};

// Relaxes u's out-arcs from distance du, routing every improvement.
__device__ __forceinline__ void expand(const Params& p, vid_t u, float du, const Sinks& s, Shared& sh,
                                       unsigned& far_min, Work& work) {
  const eid_t begin = __ldg(p.offsets + u), end = __ldg(p.offsets + u + 1);
  for (eid_t e = begin; e < end; ++e) {
    const vid_t v = __ldg(p.adj + e);
    const float nd = du + __ldg(p.w + e);
    const unsigned bits = __float_as_uint(nd);
    if (atomicMin(p.dist + v, bits) <= bits) continue;
    route(Entry{v, bits}, nd, s, sh, far_min);
  }
  ++work.visits;
  work.relaxations += end - begin;
}

// One atomicMin per block (not one per far push: they all hit one word).
__device__ void block_min_to(unsigned* target, unsigned x, Shared& sh) {
  if (threadIdx.x == 0) sh.min_bits = kInfinityBits;
  __syncthreads();
  x = __reduce_min_sync(kFullWarp, x);
  if (threadIdx.x % 32 == 0 && x < kInfinityBits) atomicMin(&sh.min_bits, x);
  __syncthreads();
  if (threadIdx.x == 0 && sh.min_bits < kInfinityBits) atomicMin(target, sh.min_bits);
}

// Sums x and y over the block into thread 0's x and y.
__device__ void block_sum(unsigned long long& x, unsigned long long& y, Shared& sh) {
  x = warp_sum(x);
  y = warp_sum(y);
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  __syncthreads();
  if (lane == 0) sh.sum[0][warp] = x, sh.sum[1][warp] = y;
  __syncthreads();
  if (warp == 0) {
    x = warp_sum(lane < kBlock / 32 ? sh.sum[0][lane] : 0ull);
    y = warp_sum(lane < kBlock / 32 ? sh.sum[1][lane] : 0ull);
  }
}

template <class T>
__device__ void swap_values(T& a, T& b) {
  T t = a;
  a = b;
  b = t;
}

// This block's contiguous share [first, last) of `size` items.
__device__ void block_share(unsigned size, unsigned& first, unsigned& last) {
  const unsigned chunk = (size + gridDim.x - 1) / gridDim.x;
  first = min(size, blockIdx.x * chunk);
  last = min(size, first + chunk);
}

// The loop state, the same in every thread.
struct Loop {
  unsigned round = 0, near_size = 1, far_size = 0, far_min_bits = kInfinityBits;
  unsigned expansions = 0, splits = 0, scan_rounds = 0, band_expansions = 0;
  Entry *near_in, *near_out, *far_cur, *far_next;
  float low = 0, delta, high, max_delta;
  bool last_was_expansion = true, far_scan = false;
  __device__ explicit Loop(const Params& p)
      : near_in(p.near[0]),
        near_out(p.near[1]),
        far_cur(p.far[0]),
        far_next(p.far[1]),
        delta(p.delta),
        high(p.delta),
        max_delta(p.delta * kMaxDeltaGrowth) {}

  // After the barrier ending the previous round: its counters.
  __device__ void read_counts(const Params& p) {
    const Slot* c = p.slots + round % 3;
    near_size = __ldcg(&c->near);
    const unsigned far_count = __ldcg(&c->far), min_bits = __ldcg(&c->far_min_bits);
    far_size = last_was_expansion ? far_size + far_count : far_count;
    far_min_bits = last_was_expansion ? min(far_min_bits, min_bits) : min_bits;
    if (far_size > p.far_capacity) far_scan = true;  // entries were dropped: scan from now on
  }
  __device__ bool finished() const {
    const bool far_left = far_scan ? far_min_bits < kInfinityBits : far_size > 0;
    return near_size == 0 && !far_left;
  }
  // The sinks of this round: near entries to near_out, far ones onto `far` at `far_offset`.
  __device__ Sinks sinks(const Params& p, Slot* next, Shared& sh, Entry* far, unsigned far_offset) const {
    return Sinks{high,      near_out, &next->near, p.near_capacity, sh.local[0],   &sh.local_size[0],
                 !far_scan, far,      far_offset,  &next->far,      p.far_capacity};
  }
};

// Block-local chaining (see the top): expands the near entries the block
// created itself, alternating between its two shared buffers; returns the
// buffer left holding entries.
__device__ int chain_locally(const Params& p, const Loop& L, Sinks& s, Shared& sh, unsigned& far_min, Work& work) {
  int cur = 0;
  const int steps = L.round < kEarlyRounds ? min(p.local_steps, p.early_steps) : p.local_steps;
  for (int step = 0; step < steps; ++step) {
    __syncthreads();  // pushes into local[cur] done; local[cur ^ 1] is empty
    const unsigned count = min(sh.local_size[cur], kLocalCap);
    if (count == 0 || count > p.chain_max) break;  // done, or too many to chain (see top)
    s.local_out = sh.local[cur ^ 1];
    s.local_size = &sh.local_size[cur ^ 1];
    for (unsigned i = threadIdx.x; i < count; i += blockDim.x) {
      const Entry e = sh.local[cur][i];
      if (__ldcg(p.dist + e.x) != e.y) continue;  // stale
      expand(p, e.x, __uint_as_float(e.y), s, sh, far_min, work);
    }
    __syncthreads();  // everyone has read local[cur] and its counter; no pushes until the next step
    if (threadIdx.x == 0) sh.local_size[cur] = 0;
    if (sh.stage_size >= kStageCap / 4) flush_far(s, sh);
    cur ^= 1;
  }
  return cur;
}

// An expansion round: the near entries (or, after a near queue overflowed,
// every vertex in the band), each current one expanded.
__device__ void expand_round(const Params& p, Loop& L, Slot* next, Shared& sh, unsigned& far_min, Work& work) {
  const bool near_scan = L.near_size > p.near_capacity;  // entries were dropped: scan the band
  L.scan_rounds += near_scan;
  Sinks s = L.sinks(p, next, sh, L.far_cur, L.far_size);
  unsigned first, last;
  block_share(near_scan ? p.n : L.near_size, first, last);
  for (unsigned base = first; base < last; base += blockDim.x) {
    const unsigned i = base + threadIdx.x;
    if (i < last) {
      vid_t u;
      unsigned d, now;
      if (near_scan) {
        u = i;
        d = now = __ldcg(p.dist + u);
        if (__uint_as_float(d) < L.low || __uint_as_float(d) >= L.high) d = ~now;  // not in the band: skip
      } else {
        const Entry e = __ldcg(L.near_in + i);
        u = e.x, d = e.y, now = __ldcg(p.dist + u);
      }
      if (now == d) expand(p, u, __uint_as_float(d), s, sh, far_min, work);
    }
    keep_shared_room(s, sh);
  }
  const int cur = p.local_steps > 0 ? chain_locally(p, L, s, sh, far_min, work) : 0;
  // What is left (not chained, or steps used up) goes to the global near queue.
  flush_near(s, cur, sh);
  flush_far(s, sh);
  ++L.expansions;
  ++L.band_expansions;
  L.last_was_expansion = true;
}

// A split round: the next band, and the far pile (or, in scan mode, every
// vertex) routed into near entries and a new far pile.
__device__ void split_round(const Params& p, Loop& L, Slot* next, Shared& sh, unsigned& far_min) {
  // Start at the smallest far distance when that lies beyond the current end
  // (a lower bound: every entry sent beyond the band counted it).
  if (L.band_expansions <= 1 && L.delta < L.max_delta) L.delta *= 2;
  L.band_expansions = 0;
  L.low = fmaxf(L.high, __uint_as_float(L.far_min_bits));
  L.high = fmaxf(L.low + L.delta, nextafterf(L.low, INFINITY));  // never an empty interval
  const Sinks s = L.sinks(p, next, sh, L.far_next, 0);
  unsigned first, last;
  block_share(L.far_scan ? p.n : L.far_size, first, last);
  for (unsigned base = first; base < last; base += blockDim.x) {
    const unsigned i = base + threadIdx.x;
    if (i < last) {
      Entry e;
      unsigned now;
      if (L.far_scan) {
        e = Entry{i, __ldcg(p.dist + i)};
        now = e.y;
      } else {
        e = __ldcg(L.far_cur + i);
        now = __ldcg(p.dist + e.x);
      }
      const float d = __uint_as_float(e.y);
      if (now == e.y && d >= L.low && e.y != kInfinityBits)
        route(e, d, s, sh, far_min);  // current, not settled, reached
    }
    keep_shared_room(s, sh);
  }
  flush_far(s, sh);
  flush_near(s, 0, sh);
  swap_values(L.far_cur, L.far_next);
  ++L.splits;
  L.scan_rounds += L.far_scan;
  L.last_was_expansion = false;
}

__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm) near_far_kernel(Params p) {
  cg::grid_group grid = cg::this_grid();
  __shared__ Shared sh;
  const bool leader = grid.thread_rank() == 0;
  StepTimer timer(leader);
  unsigned long long init_ns = 0, expand_ns = 0, split_ns = 0;
  Work work;

  for (const unsigned long long v : grid_stride<unsigned long long>(p.n))
    p.dist[v] = v == p.source ? 0u : kInfinityBits;
  if (leader) {
    for (int k = 0; k < 3; ++k) p.slots[k] = Slot{0, 0, kInfinityBits, 0};
    p.near[0][0] = Entry{p.source, 0u};
  }
  if (threadIdx.x == 0) sh.local_size[0] = sh.local_size[1] = sh.stage_size = 0;
  grid.sync();
  timer.lap(init_ns);

  Loop L(p);
  for (;; ++L.round) {
    if (L.round > 0) L.read_counts(p);
    if (L.finished()) break;
    Slot* next = p.slots + (L.round + 1) % 3;
    if (leader) p.slots[(L.round + 2) % 3] = Slot{0, 0, kInfinityBits, 0};
    unsigned far_min = kInfinityBits;
    if (L.near_size > 0) expand_round(p, L, next, sh, far_min, work);
    else split_round(p, L, next, sh, far_min);
    block_min_to(&next->far_min_bits, far_min, sh);
    swap_values(L.near_in, L.near_out);
    grid.sync();
    timer.lap(L.last_was_expansion ? expand_ns : split_ns);
  }

  block_sum(work.visits, work.relaxations, sh);
  if (threadIdx.x == 0) {
    atomicAdd(&p.result->vertex_visits, work.visits);
    atomicAdd(&p.result->arc_relaxations, work.relaxations);
  }
  if (leader) {
    Result& r = *p.result;  // (the sums above are every block's)
    r.rounds = L.round;
    r.expansions = L.expansions;
    r.splits = L.splits;
    r.scan_rounds = L.scan_rounds;
    r.init_ns = init_ns;
    r.expand_ns = expand_ns;
    r.split_ns = split_ns;
    r.last_delta = L.delta;
  }
}

}  // namespace

struct NearFarGpu::State {
  vid_t n = 0;
  float delta = 1;
  NearFarTuning tuning;
  std::uint64_t capacity_limit = 0;  // 0: none
  unsigned blocks = 0;
  DeviceCsr<float> graph;
  DeviceBuffer<Entry> near_a, near_b, far_a, far_b;
  DeviceBuffer<unsigned> dist;
  DeviceBuffer<Slot> slots;
  DeviceBuffer<Result> result;
  PinnedBuffer<Result> result_host{1};
  std::vector<NearFarStats> stats;
  cudaStream_t stream{};
  double upload_s = 0;
  State() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)); }
  ~State() { cudaStreamDestroy(stream); }
};

NearFarGpu::NearFarGpu() : s_(std::make_unique<State>()) {}
NearFarGpu::~NearFarGpu() = default;
double NearFarGpu::upload_seconds() const { return s_->upload_s; }
float NearFarGpu::delta() const { return s_->delta; }
const std::vector<NearFarStats>& NearFarGpu::last_stats() const { return s_->stats; }

void NearFarGpu::set_tuning(const NearFarTuning& t) {
  check_tuning(t);
  s_->tuning = t;
}

void NearFarGpu::limit_queue_capacity(std::uint64_t entries) { s_->capacity_limit = entries; }  // 0 keeps the default

void NearFarGpu::load(const Csr<float>& g, float delta) {
  require_nonnegative_weights(g, "near_far_gpu");
  State& s = *s_;
  const std::uint64_t n = g.n;
  // Near queues hold up to n entries, far piles n/2 (beyond that a scan is cheaper).
  std::uint64_t near_cap = n + 1024, far_cap = n / 2 + 1024;
  if (s.capacity_limit > 0)
    near_cap = std::min(near_cap, s.capacity_limit), far_cap = std::min(far_cap, s.capacity_limit);
  // (The near queue always holds the source's entry; capacity_limit >= 1.)
  const std::uint64_t bytes = (n + 1) * sizeof(eid_t) + g.num_arcs() * (sizeof(vid_t) + sizeof(float)) +
                              n * sizeof(unsigned) + 2 * (near_cap + far_cap) * sizeof(Entry);
  require_device_memory(bytes, "near_far_gpu graph, distances and queues");
  if (n >= 0xffffffffu - 2048)
    throw ResourceError("near_far_gpu: n = " + std::to_string(n) + " exceeds the queue counters");
  s.n = g.n;
  s.delta = delta > 0 ? delta : default_delta(g, kDefaultDeltaFactor);
  s.dist.resize(std::max<std::uint64_t>(n, 1));
  s.near_a.resize(near_cap);
  s.near_b.resize(near_cap);
  s.far_a.resize(far_cap);
  s.far_b.resize(far_cap);
  s.slots.resize(3);
  s.result.resize(1);

  // Persistent grid: as many blocks as can be resident at once (a cooperative launch needs them all resident).
  s.blocks = unsigned(require_resident_blocks(near_far_kernel, kBlock, s.tuning.blocks_per_sm, "near_far_gpu"));
  s.upload_s = s.graph.upload(g, s.stream);
}

std::vector<SsspRun> NearFarGpu::run(const std::vector<vid_t>& sources) {
  State& s = *s_;
  std::vector<SsspRun> out;
  out.reserve(sources.size());
  s.stats.clear();
  const NearFarTuning& t = s.tuning;
  const int chain_max = t.chain_max > 0 ? t.chain_max : kChainMaxEntries;
  CudaEventTimer compute, copy;
  for (const vid_t source : sources) {
    if (source >= s.n)
      throw InputError("near_far_gpu: source " + std::to_string(source) +
                       " is not a vertex (n = " + std::to_string(s.n) + ")");
    SsspRun r;
    compute.start(s.stream);
    CUDA_CHECK(cudaMemsetAsync(s.result.data(), 0, sizeof(Result), s.stream));
    Params p{};
    p.n = s.n;
    p.source = source;
    p.offsets = s.graph.offsets.data();
    p.adj = s.graph.adj.data();
    p.w = s.graph.w.data();
    p.dist = s.dist.data();
    p.near[0] = s.near_a.data();
    p.near[1] = s.near_b.data();
    p.far[0] = s.far_a.data();
    p.far[1] = s.far_b.data();
    p.near_capacity = unsigned(s.near_a.size());
    p.far_capacity = unsigned(s.far_a.size());
    p.delta = s.delta;
    p.local_steps = t.local_steps;
    p.early_steps = t.early_steps;
    p.chain_max = unsigned(chain_max);
    p.slots = s.slots.data();
    p.result = s.result.data();
    launch_cooperative(near_far_kernel, int(s.blocks), kBlock, 0, s.stream, p);
    // The one small read-back per source: round counts and phase times.
    CUDA_CHECK(
        cudaMemcpyAsync(s.result_host.data(), s.result.data(), sizeof(Result), cudaMemcpyDeviceToHost, s.stream));
    compute.stop(s.stream);
    r.kernel_s = compute.seconds();
    const Result res = s.result_host[0];
    r.iterations = res.expansions;
    NearFarStats st;
    st.rounds = res.rounds;
    st.expansions = res.expansions;
    st.splits = res.splits;
    st.scan_rounds = res.scan_rounds;
    st.vertex_visits = res.vertex_visits;
    st.arc_relaxations = res.arc_relaxations;
    st.init_s = double(res.init_ns) * 1e-9;
    st.expand_s = double(res.expand_ns) * 1e-9;
    st.split_s = double(res.split_ns) * 1e-9;
    st.last_delta = res.last_delta;
    s.stats.push_back(st);
    if (t.print_stats)
      std::fprintf(stderr,
                   "near_far_gpu: source %u: %u rounds (%u expansions, %u splits, %u scans), %llu vertex visits, "
                   "%llu arc relaxations; init %.3f ms, expansions %.3f ms, splits %.3f ms, kernel_s %.3f ms "
                   "(delta %g -> %g, %d local steps (%d early) of at most %d entries, %u blocks)\n",
                   source, st.rounds, st.expansions, st.splits, st.scan_rounds,
                   static_cast<unsigned long long>(st.vertex_visits),
                   static_cast<unsigned long long>(st.arc_relaxations), st.init_s * 1e3, st.expand_s * 1e3,
                   st.split_s * 1e3, r.kernel_s * 1e3, double(s.delta), double(st.last_delta), t.local_steps,
                   t.early_steps, chain_max, s.blocks);
    // Distances are kept as float bits; copy them straight into the float result.
    r.dist.resize(s.n);
    copy.start(s.stream);
    CUDA_CHECK(cudaMemcpyAsync(r.dist.data(), s.dist.data(), std::uint64_t(s.n) * sizeof(float), cudaMemcpyDeviceToHost,
                               s.stream));
    copy.stop(s.stream);
    r.d2h_s = copy.seconds();
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace gs::sssp
