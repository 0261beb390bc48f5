// Near-far SSSP on the GPU, one persistent cooperative kernel per source.
//
// Relaxation: one thread per queued vertex relaxes its out-arcs with an atomic
// minimum on the float bits (non-negative floats order like their bits). An
// improved target goes to the near queue when its new distance is below the
// band's end `high`, else to the far pile. Stamps (the round / band that last
// queued a vertex) keep each global queue free of duplicates, which bounds the
// near queue and the far pile by n. Global queue slots are taken with one
// atomicAdd per warp (coalesced groups).
//
// Rounds: each round either expands the near queue (writing the next near
// queue and appending to the far pile) or, when the near queue is empty,
// advances the band to [max(high, smallest far distance), + delta) and splits
// the far pile into the new near queue and a new far pile. Every thread keeps
// the same copy of the loop state and updates it from counters it reads after
// the grid barrier, so all threads take the same branch.
//
// Counters live in three slots: round r counts into slot (r+1)%3, which every
// thread reads after the barrier ending round r, and clears slot (r+2)%3,
// whose last readers finished before that same barrier of round r-1.
//
// Block-local chaining: during an expansion a block first keeps the near
// vertices it discovers in shared memory and expands them itself, up to
// `local_steps` times, before the rest (and any overflow) go to the global
// near queue. Any order of relaxations converges to the same distances (every
// improvement is queued somewhere), so this only trades barriers for some
// repeated work; on a high-diameter graph a band then takes a few rounds
// instead of one round per hop.
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
#include <cstring>
#include <string>
#include <utility>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/device_csr.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/errors.hpp"
#include "common/memory.hpp"

namespace gs::sssp {

namespace {

namespace cg = cooperative_groups;
constexpr int kBlock = 256;
constexpr int kMinBlocksPerSm = 4;  // caps registers so that several blocks fit per SM
constexpr int kLocalCap = 1024;     // shared-memory queue entries per buffer (two buffers)
constexpr unsigned kInfinityBits = 0x7f800000u;  // +infinity as float bits
// Stamps are marks base + round (or band), cleared to 0xffffffff; below this limit no mark reaches that.
constexpr unsigned kStampLimit = 0xf0000000u;

struct Slot {
  unsigned near;          // entries pushed to the next near queue
  unsigned far;           // entries pushed to the far pile
  unsigned far_min_bits;  // smallest distance pushed to the far pile (float bits)
  unsigned pad;
};

struct Result {
  unsigned rounds, expansions, splits, overflow;
  unsigned long long vertex_visits, arc_relaxations;
  unsigned long long init_ns, expand_ns, split_ns;
};

struct Params {
  vid_t n, source;
  const eid_t* offsets;
  const vid_t* adj;
  const float* w;
  unsigned* dist;  // float bits
  vid_t* near[2];
  vid_t* far[2];
  unsigned* near_stamp;
  unsigned* far_stamp;
  unsigned near_base, far_base;  // this source's first stamp marks
  unsigned capacity;             // entries of each queue
  float delta;
  int local_steps;
  Slot* slots;  // 3
  Result* result;
};

__device__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// A slot in a global queue; the active threads of a warp share one atomicAdd.
__device__ unsigned claim_slot(unsigned* size) {
  cg::coalesced_group g = cg::coalesced_threads();
  unsigned base = 0;
  if (g.thread_rank() == 0) base = atomicAdd(size, g.size());
  return g.shfl(base, 0) + g.thread_rank();
}

// Appends v at queue[offset + slot] unless this mark already queued it.
__device__ void push_once(vid_t v, unsigned* stamp, unsigned mark, vid_t* queue, unsigned offset, unsigned* size,
                          unsigned capacity, Result* result) {
  if (atomicExch(stamp + v, mark) == mark) return;
  const unsigned at = offset + claim_slot(size);
  if (at < capacity) queue[at] = v;
  else result->overflow = 1;  // cannot happen with the stamps; reported, never written out of bounds
}

// Where an expansion sends what it discovers.
struct Sinks {
  float high;               // band end: below goes near, else far
  vid_t* near_out;          // global near queue of the next round
  unsigned* near_size;      // its counter
  unsigned near_mark;
  vid_t* far;               // the far pile, appended at far_offset
  unsigned far_offset;
  unsigned* far_added;
  unsigned far_mark;
  vid_t* local_out;         // shared-memory queue, or nullptr for none
  unsigned* local_size;
};

// Relaxes u's out-arcs; returns the number of arcs scanned. `far_min` collects
// the smallest distance sent to the far pile (float bits).
__device__ __forceinline__ unsigned expand_vertex(const Params& p, vid_t u, const Sinks& s, unsigned& far_min) {
  const float du = __uint_as_float(__ldcg(p.dist + u));
  const eid_t begin = __ldg(p.offsets + u), end = __ldg(p.offsets + u + 1);
  for (eid_t e = begin; e < end; ++e) {
    const vid_t v = __ldg(p.adj + e);
    const float nd = du + __ldg(p.w + e);
    const unsigned bits = __float_as_uint(nd);
    if (__ldcg(p.dist + v) <= bits) continue;  // cheap test first: most arcs do not improve
    if (atomicMin(p.dist + v, bits) <= bits) continue;
    if (nd < s.high) {
      if (s.local_out) {
        const unsigned at = atomicAdd(s.local_size, 1u);
        if (at < unsigned(kLocalCap)) {
          s.local_out[at] = v;
          continue;
        }
      }
      push_once(v, p.near_stamp, s.near_mark, s.near_out, 0, s.near_size, p.capacity, p.result);
    } else {
      far_min = min(far_min, bits);
      push_once(v, p.far_stamp, s.far_mark, s.far, s.far_offset, s.far_added, p.capacity, p.result);
    }
  }
  return unsigned(end - begin);
}

// Sums x and y over the block into thread 0's x and y (the other threads' are partial).
__device__ void block_sum(unsigned long long& x, unsigned long long& y) {
  __shared__ unsigned long long partial[2][kBlock / 32];
  for (int o = 16; o > 0; o >>= 1) {
    x += __shfl_down_sync(0xffffffffu, x, o);
    y += __shfl_down_sync(0xffffffffu, y, o);
  }
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) partial[0][warp] = x, partial[1][warp] = y;
  __syncthreads();
  if (warp == 0) {
    x = lane < kBlock / 32 ? partial[0][lane] : 0;
    y = lane < kBlock / 32 ? partial[1][lane] : 0;
    for (int o = 16; o > 0; o >>= 1) {
      x += __shfl_down_sync(0xffffffffu, x, o);
      y += __shfl_down_sync(0xffffffffu, y, o);
    }
  }
}

__device__ void swap_pointers(vid_t*& a, vid_t*& b) {
  vid_t* t = a;
  a = b;
  b = t;
}

// One atomicMin per block (not one per far push: they all hit one word).
__device__ void block_min_to(unsigned* target, unsigned x) {
  __shared__ unsigned partial;
  if (threadIdx.x == 0) partial = kInfinityBits;
  __syncthreads();
  x = __reduce_min_sync(0xffffffffu, x);
  if (threadIdx.x % 32 == 0 && x < kInfinityBits) atomicMin(&partial, x);
  __syncthreads();
  if (threadIdx.x == 0 && partial < kInfinityBits) atomicMin(target, partial);
}

// This block's contiguous share [first, last) of `size` items.
__device__ void block_share(unsigned size, unsigned& first, unsigned& last) {
  const unsigned chunk = (size + gridDim.x - 1) / gridDim.x;
  first = min(size, blockIdx.x * chunk);
  last = min(size, first + chunk);
}

__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm) near_far_kernel(Params p) {
  cg::grid_group grid = cg::this_grid();
  __shared__ vid_t local_queue[2][kLocalCap];
  __shared__ unsigned local_size[2];
  const bool leader = grid.thread_rank() == 0;
  unsigned long long visits = 0, relaxations = 0;
  unsigned long long t_last = leader ? global_ns() : 0, expand_ns = 0, split_ns = 0;

  for (unsigned long long v = grid.thread_rank(); v < p.n; v += grid.size())
    p.dist[v] = v == p.source ? 0u : kInfinityBits;
  if (leader) {
    for (int k = 0; k < 3; ++k) p.slots[k] = Slot{0, 0, kInfinityBits, 0};
    p.near[0][0] = p.source;
  }
  grid.sync();
  const unsigned long long init_ns = leader ? global_ns() - t_last : 0;
  if (leader) t_last = global_ns();

  // The loop state, the same in every thread.
  unsigned near_size = 1, far_size = 0, far_min_bits = kInfinityBits;
  unsigned round = 0, expansions = 0, splits = 0, band = 0;
  vid_t *near_in = p.near[0], *near_out = p.near[1], *far_cur = p.far[0], *far_next = p.far[1];
  float low = 0, high = p.delta;
  bool last_was_expansion = true, overflow = false;
  for (;; ++round) {
    if (round > 0) {
      const Slot* c = p.slots + round % 3;
      near_size = __ldcg(&c->near);
      const unsigned far_count = __ldcg(&c->far), min_bits = __ldcg(&c->far_min_bits);
      if (last_was_expansion) {
        far_size += far_count;
        far_min_bits = min(far_min_bits, min_bits);
      } else {
        far_size = far_count;
        far_min_bits = min_bits;
      }
      // A counter past the capacity means a dropped entry (never, with the stamps): stop, reported below.
      if (near_size > p.capacity || far_size > p.capacity) {
        overflow = true;
        break;
      }
    }
    Slot* next = p.slots + (round + 1) % 3;
    if (leader) p.slots[(round + 2) % 3] = Slot{0, 0, kInfinityBits, 0};
    if (near_size > 0) {
      Sinks s{high, near_out, &next->near, p.near_base + round, far_cur, far_size, &next->far, p.far_base + band,
              nullptr, nullptr};
      unsigned far_min = kInfinityBits;
      const bool chain = p.local_steps > 0;
      if (chain) {
        if (threadIdx.x < 2) local_size[threadIdx.x] = 0;
        __syncthreads();
        s.local_out = local_queue[0];
        s.local_size = &local_size[0];
      }
      unsigned first, last;
      block_share(near_size, first, last);
      for (unsigned i = first + threadIdx.x; i < last; i += blockDim.x) {
        relaxations += expand_vertex(p, __ldcg(near_in + i), s, far_min);
        ++visits;
      }
      if (chain) {
        int cur = 0;
        for (int step = 0; step < p.local_steps; ++step) {
          __syncthreads();  // pushes into local_queue[cur] done, its counter cleared for reuse
          const unsigned count = min(local_size[cur], unsigned(kLocalCap));
          if (count == 0) break;
          s.local_out = local_queue[cur ^ 1];
          s.local_size = &local_size[cur ^ 1];
          for (unsigned i = threadIdx.x; i < count; i += blockDim.x) {
            relaxations += expand_vertex(p, local_queue[cur][i], s, far_min);
            ++visits;
          }
          __syncthreads();  // everyone has read local_queue[cur] and its counter
          if (threadIdx.x == 0) local_size[cur] = 0;
          cur ^= 1;
        }
        __syncthreads();
        // What is left (steps used up) goes to the global near queue.
        const unsigned count = min(local_size[cur], unsigned(kLocalCap));
        for (unsigned i = threadIdx.x; i < count; i += blockDim.x)
          push_once(local_queue[cur][i], p.near_stamp, s.near_mark, s.near_out, 0, s.near_size, p.capacity, p.result);
      }
      block_min_to(&next->far_min_bits, far_min);
      ++expansions;
      last_was_expansion = true;
    } else if (far_size > 0) {
      // Next band: start at the smallest far distance when that lies beyond the
      // current end (a lower bound: every far entry's last push counted it).
      ++band;
      low = fmaxf(high, __uint_as_float(far_min_bits));
      high = fmaxf(low + p.delta, nextafterf(low, INFINITY));  // never an empty interval
      unsigned first, last, far_min = kInfinityBits;
      block_share(far_size, first, last);
      for (unsigned i = first + threadIdx.x; i < last; i += blockDim.x) {
        const vid_t v = __ldcg(far_cur + i);
        const unsigned bits = __ldcg(p.dist + v);
        const float d = __uint_as_float(bits);
        if (d < low) continue;  // settled in an earlier band
        if (d < high) {
          push_once(v, p.near_stamp, p.near_base + round, near_out, 0, &next->near, p.capacity, p.result);
        } else {
          far_min = min(far_min, bits);
          push_once(v, p.far_stamp, p.far_base + band, far_next, 0, &next->far, p.capacity, p.result);
        }
      }
      block_min_to(&next->far_min_bits, far_min);
      swap_pointers(far_cur, far_next);
      ++splits;
      last_was_expansion = false;
    } else {
      break;
    }
    swap_pointers(near_in, near_out);
    grid.sync();
    if (leader) {
      const unsigned long long now = global_ns();
      (last_was_expansion ? expand_ns : split_ns) += now - t_last;
      t_last = now;
    }
  }

  block_sum(visits, relaxations);
  if (threadIdx.x == 0) {
    atomicAdd(&p.result->vertex_visits, visits);
    atomicAdd(&p.result->arc_relaxations, relaxations);
  }
  if (leader) {
    p.result->rounds = round;
    p.result->expansions = expansions;
    p.result->splits = splits;
    if (overflow) p.result->overflow = 1;
    p.result->init_ns = init_ns;
    p.result->expand_ns = expand_ns;
    p.result->split_ns = split_ns;
  }
}

int env_int(const char* name, int fallback, int lo, int hi) {
  const char* text = std::getenv(name);
  if (!text || !*text) return fallback;
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (*end != '\0' || v < lo || v > hi)
    throw InputError(std::string(name) + "=" + text + ": expected an integer in " + std::to_string(lo) + ".." +
                     std::to_string(hi));
  return int(v);
}

}  // namespace

struct NearFarGpu::State {
  vid_t n = 0;
  float delta = 1;
  int local_steps = NearFarGpu::kDefaultLocalSteps;
  unsigned blocks = 0;
  unsigned near_base = 0, far_base = 0;
  DeviceCsr<float> graph;
  DeviceBuffer<vid_t> near_a, near_b, far_a, far_b;
  DeviceBuffer<unsigned> dist, near_stamp, far_stamp;
  DeviceBuffer<Slot> slots;
  DeviceBuffer<Result> result;
  PinnedBuffer<Result> result_host{1};
  std::vector<NearFarStats> stats;
  cudaStream_t stream{};
  double upload_s = 0;
  State() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)); }
  ~State() { cudaStreamDestroy(stream); }

  void reset_stamps() {
    near_stamp.fill_bytes(0xff, stream);
    far_stamp.fill_bytes(0xff, stream);
    near_base = far_base = 0;
  }
};

NearFarGpu::NearFarGpu() : s_(std::make_unique<State>()) {}
NearFarGpu::~NearFarGpu() = default;
double NearFarGpu::upload_seconds() const { return s_->upload_s; }
float NearFarGpu::delta() const { return s_->delta; }
const std::vector<NearFarStats>& NearFarGpu::last_stats() const { return s_->stats; }

void NearFarGpu::set_local_steps(int steps) {
  if (steps < 0) throw InputError("near_far_gpu: local steps must be >= 0, got " + std::to_string(steps));
  s_->local_steps = steps;
}

void NearFarGpu::load(const Csr<float>& g, float delta) {
  require_nonnegative_weights(g, "near_far_gpu");
  State& s = *s_;
  const std::uint64_t n = g.n;
  const std::uint64_t bytes = (n + 1) * sizeof(eid_t) + g.num_arcs() * (sizeof(vid_t) + sizeof(float)) +
                              n * (3 * sizeof(unsigned) + 4 * sizeof(vid_t));
  require_device_memory(bytes, "near_far_gpu graph, distances and queues");
  if (n > kStampLimit) throw ResourceError("near_far_gpu: n = " + std::to_string(n) + " exceeds the queue counters");
  s.n = g.n;
  s.delta = delta > 0 ? delta : default_delta(g, 4.0f);
  s.local_steps = env_int("GS_NEAR_FAR_LOCAL_STEPS", s.local_steps, 0, 1 << 20);
  const std::uint64_t cap = std::max<std::uint64_t>(n, 1);
  s.dist.resize(std::max<std::uint64_t>(n, 1));
  s.near_stamp.resize(cap);
  s.far_stamp.resize(cap);
  s.near_a.resize(cap);
  s.near_b.resize(cap);
  s.far_a.resize(cap);
  s.far_b.resize(cap);
  s.slots.resize(3);
  s.result.resize(1);
  s.reset_stamps();

  // Persistent grid: as many blocks as can be resident at once (a cooperative launch needs them all resident).
  int device = 0, sms = 0, per_sm = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  int cooperative = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (!cooperative) throw ResourceError("near_far_gpu: the device does not support cooperative launches");
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, near_far_kernel, kBlock, 0));
  if (per_sm < 1) throw ResourceError("near_far_gpu: the kernel does not fit on a multiprocessor");
  per_sm = std::min(per_sm, env_int("GS_NEAR_FAR_BLOCKS_PER_SM", per_sm, 1, 64));
  s.blocks = unsigned(sms * per_sm);
  s.upload_s = s.graph.upload(g, s.stream);
}

std::vector<SsspRun> NearFarGpu::run(const std::vector<vid_t>& sources) {
  State& s = *s_;
  std::vector<SsspRun> out;
  out.reserve(sources.size());
  s.stats.clear();
  const bool print_stats = env_int("GS_NEAR_FAR_STATS", 0, 0, 1) == 1;
  CudaEventTimer compute, copy;
  for (const vid_t source : sources) {
    if (source >= s.n)
      throw InputError("near_far_gpu: source " + std::to_string(source) + " is not a vertex (n = " + std::to_string(s.n) + ")");
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
    p.near_stamp = s.near_stamp.data();
    p.far_stamp = s.far_stamp.data();
    p.near_base = s.near_base;
    p.far_base = s.far_base;
    p.capacity = unsigned(s.near_a.size());
    p.delta = s.delta;
    p.local_steps = s.local_steps;
    p.slots = s.slots.data();
    p.result = s.result.data();
    void* args[] = {&p};
    CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(near_far_kernel), dim3(s.blocks), dim3(kBlock),
                                           args, 0, s.stream));
    CUDA_CHECK_LAUNCH();
    // The one small read-back per source: round counts and the overflow flag.
    CUDA_CHECK(cudaMemcpyAsync(s.result_host.data(), s.result.data(), sizeof(Result), cudaMemcpyDeviceToHost, s.stream));
    compute.stop(s.stream);
    r.kernel_s = compute.seconds();
    const Result res = s.result_host[0];
    if (res.overflow) throw std::logic_error("near_far_gpu: a queue overflowed (a bug: the stamps bound every queue by n)");
    r.iterations = res.expansions;
    NearFarStats st;
    st.rounds = res.rounds;
    st.expansions = res.expansions;
    st.splits = res.splits;
    st.vertex_visits = res.vertex_visits;
    st.arc_relaxations = res.arc_relaxations;
    st.init_s = double(res.init_ns) * 1e-9;
    st.expand_s = double(res.expand_ns) * 1e-9;
    st.split_s = double(res.split_ns) * 1e-9;
    s.stats.push_back(st);
    if (print_stats)
      std::fprintf(stderr,
                   "near_far_gpu: source %u: %u rounds (%u expansions, %u splits), %llu vertex visits, %llu arc "
                   "relaxations; init %.3f ms, expansions %.3f ms, splits %.3f ms, kernel_s %.3f ms "
                   "(delta %g, %d local steps, %u blocks)\n",
                   source, st.rounds, st.expansions, st.splits, static_cast<unsigned long long>(st.vertex_visits),
                   static_cast<unsigned long long>(st.arc_relaxations), st.init_s * 1e3, st.expand_s * 1e3,
                   st.split_s * 1e3, r.kernel_s * 1e3, double(s.delta), s.local_steps, s.blocks);
    // Later sources use fresh stamp marks; clear the stamps before the marks could wrap.
    s.near_base += res.rounds + 1;
    s.far_base += res.splits + 1;
    if (s.near_base >= kStampLimit || s.far_base >= kStampLimit) s.reset_stamps();
    // Distances are kept as float bits; copy them straight into the float result.
    r.dist.resize(s.n);
    copy.start(s.stream);
    CUDA_CHECK(cudaMemcpyAsync(r.dist.data(), s.dist.data(), std::uint64_t(s.n) * sizeof(float), cudaMemcpyDeviceToHost, s.stream));
    copy.stop(s.stream);
    r.d2h_s = copy.seconds();
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace gs::sssp
