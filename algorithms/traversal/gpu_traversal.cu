// GPU traversals (see gpu_traversal.hpp).
//
// Expanding a branch on the GPU: vertices are taken 32 at a time by a warp
// (from a scan of the branch array, or from a queue). Load balance over
// RMAT's skewed degrees uses three granularities: a lane expands its own
// vertex when it has < 32 arcs, the whole warp strides the arcs of vertices
// with 32..kBlockDegree-1 arcs (one at a time, chosen by ballot), and vertices
// with more are listed and expanded by whole blocks in a second kernel.
// A vertex is claimed in the visited bitmap with test-and-test-and-set.
#include "algorithms/traversal/gpu_traversal.hpp"

#include <cooperative_groups.h>

#include <algorithm>
#include <chrono>

#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/system_info.hpp"

namespace cg = cooperative_groups;

namespace gs::traversal {
namespace {

constexpr unsigned kFull = 0xffffffffu;
constexpr std::uint32_t kUnreachedLevel = 0xffffffffu;
// RMAT without relabelling puts its hubs at small ids, i.e. in the same few
// warps: a low block threshold keeps any one warp's serial work short.
constexpr eid_t kBlockDegree = 256;
constexpr int kThreads = 256;

// Device counters of one branch.
enum Counter { kFound = 0, kFoundArcs = 1, kLarge = 2, kPushed = 3, kCounters = 4 };

struct DeviceGraph {
  vid_t n;
  const eid_t* off;
  const vid_t* adj;
};

__device__ __forceinline__ bool claim(std::uint32_t* visited, vid_t x) {
  const std::uint32_t bit = 1u << (x & 31);
  std::uint32_t* w = visited + (x >> 5);
  if (*reinterpret_cast<volatile std::uint32_t*>(w) & bit) return false;
  return !(atomicOr(w, bit) & bit);
}

// Appends x to the queue with one atomic per group of converged lanes.
__device__ __forceinline__ void push(vid_t* queue, unsigned long long* tail, vid_t x) {
  cg::coalesced_group grp = cg::coalesced_threads();
  unsigned long long base = 0;
  if (grp.thread_rank() == 0) base = atomicAdd(tail, (unsigned long long)grp.size());
  base = grp.shfl(base, 0);
  queue[base + grp.thread_rank()] = x;
}

template <bool kPush>
__device__ __forceinline__ void visit(const DeviceGraph& g, vid_t x, std::uint32_t next_level, std::uint32_t* level,
                                      std::uint32_t* visited, vid_t* next_queue, unsigned long long* counters,
                                      unsigned& found, unsigned long long& arcs) {
  if (!claim(visited, x)) return;
  level[x] = next_level;
  ++found;
  arcs += g.off[x + 1] - g.off[x];
  if (kPush) push(next_queue, counters + kPushed, x);
}

__device__ __forceinline__ void add_counts(unsigned found, unsigned long long arcs, unsigned long long* counters) {
  found = __reduce_add_sync(kFull, found);
  for (int d = 16; d > 0; d >>= 1) arcs += __shfl_down_sync(kFull, arcs, d);
  if ((threadIdx.x & 31) == 0 && found) {
    atomicAdd(counters + kFound, (unsigned long long)found);
    atomicAdd(counters + kFoundArcs, arcs);
  }
}

// One branch, top-down: current from a scan of `level` (== branch) or from `queue`.
template <bool kFromQueue, bool kPush>
__global__ void expand_kernel(DeviceGraph g, std::uint32_t branch, std::uint32_t* level, std::uint32_t* visited,
                              const vid_t* queue, std::uint64_t queue_size, vid_t* next_queue,
                              unsigned long long* counters, vid_t* large) {
  const unsigned lane = threadIdx.x & 31;
  const std::uint64_t total = kFromQueue ? queue_size : g.n;
  const std::uint64_t warp = (std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  const std::uint64_t warps = (std::uint64_t(gridDim.x) * blockDim.x) >> 5;
  unsigned found = 0;
  unsigned long long arcs = 0;
  for (std::uint64_t base = warp * 32; base < total; base += warps * 32) {
    const std::uint64_t i = base + lane;
    vid_t v = 0;
    bool active = false;
    if (i < total) {
      if (kFromQueue) {
        v = queue[i];
        active = true;
      } else {
        v = vid_t(i);
        active = level[v] == branch;
      }
    }
    eid_t b = 0, e = 0;
    if (active) {
      b = g.off[v];
      e = g.off[v + 1];
    }
    const eid_t deg = e - b;
    if (active && deg >= kBlockDegree) {
      large[atomicAdd(counters + kLarge, 1ull)] = v;
      active = false;
    }
    unsigned medium = __ballot_sync(kFull, active && deg >= 32);
    while (medium) {
      const int leader = __ffs(medium) - 1;
      medium &= medium - 1;
      const eid_t lb = __shfl_sync(kFull, b, leader), le = __shfl_sync(kFull, e, leader);
      for (eid_t k = lb + lane; k < le; k += 32)
        visit<kPush>(g, g.adj[k], branch + 1, level, visited, next_queue, counters, found, arcs);
    }
    if (active && deg < 32)
      for (eid_t k = b; k < e; ++k) visit<kPush>(g, g.adj[k], branch + 1, level, visited, next_queue, counters, found, arcs);
  }
  add_counts(found, arcs, counters);
}

// The high-degree vertices listed by expand_kernel: one block per vertex.
template <bool kPush>
__global__ void expand_large_kernel(DeviceGraph g, std::uint32_t branch, std::uint32_t* level, std::uint32_t* visited,
                                    const vid_t* large, vid_t* next_queue, unsigned long long* counters) {
  const unsigned long long count = counters[kLarge];
  unsigned found = 0;
  unsigned long long arcs = 0;
  for (unsigned long long k = blockIdx.x; k < count; k += gridDim.x) {
    const vid_t v = large[k];
    for (eid_t e = g.off[v] + threadIdx.x; e < g.off[v + 1]; e += blockDim.x)
      visit<kPush>(g, g.adj[e], branch + 1, level, visited, next_queue, counters, found, arcs);
  }
  add_counts(found, arcs, counters);
}

// One branch, bottom-up: every unvisited vertex looks for a neighbour in the frontier bitmap.
__global__ void bottom_up_kernel(DeviceGraph g, std::uint32_t branch, std::uint32_t* level, std::uint32_t* visited,
                                 const std::uint32_t* frontier, vid_t* next_queue, unsigned long long* counters) {
  unsigned found = 0;
  unsigned long long arcs = 0;
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t base = std::uint64_t(blockIdx.x) * blockDim.x; base < g.n; base += stride) {
    const std::uint64_t i = base + threadIdx.x;
    if (i < g.n && level[i] == kUnreachedLevel) {
      const vid_t v = vid_t(i);
      const eid_t b = g.off[v], e = g.off[v + 1];
      bool hit = false;
      for (eid_t k = b; k < e && !hit; ++k) {
        const vid_t x = g.adj[k];
        hit = (__ldg(frontier + (x >> 5)) >> (x & 31)) & 1;
      }
      if (hit) {
        level[v] = branch + 1;
        atomicOr(visited + (v >> 5), 1u << (v & 31));
        ++found;
        arcs += e - b;
        push(next_queue, counters + kPushed, v);
      }
    }
  }
  add_counts(found, arcs, counters);
}

__global__ void queue_to_bitmap_kernel(const vid_t* queue, std::uint64_t size, std::uint32_t* bits) {
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < size;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    atomicOr(bits + (queue[i] >> 5), 1u << (queue[i] & 31));
}

__global__ void seed_kernel(vid_t source, std::uint32_t* level, std::uint32_t* visited, vid_t* queue) {
  level[source] = 0;
  visited[source >> 5] = 1u << (source & 31);
  queue[0] = source;
}

// Fig. 2's GPU initialisation: the CPU's stacks (every vertex found so far, in
// branch order; branch k = [segments[k], segments[k+1])) become the branch array.
__global__ void rebuild_kernel(const vid_t* stack, std::uint64_t size, const std::uint64_t* segments, int branches,
                               std::uint32_t* level, std::uint32_t* visited) {
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < size;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    int lo = 0, hi = branches - 1;  // the last k with segments[k] <= i
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (segments[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    const vid_t v = stack[i];
    level[v] = std::uint32_t(lo);
    atomicOr(visited + (v >> 5), 1u << (v & 31));
  }
}

double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

}  // namespace

struct GpuTraversal::Impl {
  CsrView host;
  DeviceBuffer<eid_t> off;
  DeviceBuffer<vid_t> adj;
  DeviceBuffer<std::uint32_t> level, visited, frontier;
  DeviceBuffer<vid_t> queue_a, queue_b, large;
  DeviceBuffer<unsigned long long> counters;
  DeviceBuffer<std::uint64_t> segments;
  PinnedBuffer<unsigned long long> host_counters{kCounters};
  double upload_s = 0;
  std::uint32_t* pinned_level = nullptr;
  int grid = 0;

  DeviceGraph dg() const { return DeviceGraph{host.n, off.data(), adj.data()}; }
  int blocks_for(std::uint64_t items) const {
    return int(std::max<std::uint64_t>(1, std::min<std::uint64_t>((items + kThreads - 1) / kThreads, std::uint64_t(grid))));
  }

  void init_branch_array() {
    level.fill_bytes(0xFF);
    visited.fill_bytes(0);
  }
  // Launches one top-down branch and returns its counters (synchronises).
  template <bool kFromQueue, bool kPush>
  const unsigned long long* expand(std::uint32_t branch, const vid_t* queue, std::uint64_t queue_size, vid_t* next) {
    CUDA_CHECK(cudaMemsetAsync(counters.data(), 0, kCounters * sizeof(unsigned long long)));
    const std::uint64_t items = kFromQueue ? queue_size : host.n;
    expand_kernel<kFromQueue, kPush><<<blocks_for(items), kThreads>>>(dg(), branch, level.data(), visited.data(), queue,
                                                                      queue_size, next, counters.data(), large.data());
    CUDA_CHECK_LAUNCH();
    expand_large_kernel<kPush><<<grid, kThreads>>>(dg(), branch, level.data(), visited.data(), large.data(), next,
                                                       counters.data());
    CUDA_CHECK_LAUNCH();
    return read_counters();
  }
  const unsigned long long* read_counters() {
    CUDA_CHECK(cudaMemcpyAsync(host_counters.data(), counters.data(), kCounters * sizeof(unsigned long long),
                               cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaStreamSynchronize(0));
    return host_counters.data();
  }
  // Read-based branches from `branch` until one finds nothing.
  void read_branches(std::uint32_t branch) {
    while (expand<false, false>(branch, nullptr, 0, nullptr)[kFound] > 0) ++branch;
  }
  void copy_back(std::vector<std::uint32_t>& out) {
    out.resize(host.n);
    CUDA_CHECK(cudaMemcpyAsync(out.data(), level.data(), std::size_t(host.n) * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaStreamSynchronize(0));
  }
};

std::uint64_t GpuTraversal::device_bytes(std::uint64_t n, std::uint64_t arcs) {
  return (n + 1) * sizeof(eid_t) + arcs * sizeof(vid_t)  // graph
         + n * 4 * 4                                      // level, two queues, large list
         + 2 * ((n + 31) / 32) * 4                        // visited and frontier bitmaps
         + (std::uint64_t(64) << 20);                      // CUDA context, counters, slack
}

GpuTraversal::GpuTraversal(const CsrView& g) : impl_(new Impl) {
  Impl& m = *impl_;
  m.host = g;
  const GpuInfo info = gpu_info();
  m.grid = std::max(1, info.sm_count) * 2048 / kThreads;
  const double t0 = now_s();
  m.off.upload(g.offsets, std::size_t(g.n) + 1);
  m.adj.upload(g.adj, g.arcs);
  CUDA_CHECK(cudaDeviceSynchronize());
  m.upload_s = now_s() - t0;
  const std::size_t words = (std::size_t(g.n) + 31) / 32;
  m.level.resize(g.n ? g.n : 1);
  m.visited.resize(words ? words : 1);
  m.frontier.resize(words ? words : 1);
  m.queue_a.resize(g.n ? g.n : 1);
  m.queue_b.resize(g.n ? g.n : 1);
  m.large.resize(g.n ? g.n : 1);
  m.counters.resize(kCounters);
}

GpuTraversal::~GpuTraversal() {
  if (impl_ && impl_->pinned_level) cudaHostUnregister(impl_->pinned_level);
}

double GpuTraversal::upload_seconds() const { return impl_->upload_s; }

void GpuTraversal::pin_output(std::vector<std::uint32_t>& level) {
  Impl& m = *impl_;
  level.resize(m.host.n);
  if (m.pinned_level == level.data() || level.empty()) return;
  if (m.pinned_level) CUDA_CHECK(cudaHostUnregister(m.pinned_level));
  m.pinned_level = nullptr;
  CUDA_CHECK(cudaHostRegister(level.data(), level.size() * sizeof(std::uint32_t), cudaHostRegisterDefault));
  m.pinned_level = level.data();
}

GpuRunTimes GpuTraversal::read_based(vid_t source, std::vector<std::uint32_t>& level) {
  Impl& m = *impl_;
  GpuRunTimes t;
  const double t0 = now_s();
  m.init_branch_array();
  seed_kernel<<<1, 1>>>(source, m.level.data(), m.visited.data(), m.queue_a.data());
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaStreamSynchronize(0));
  const double t1 = now_s();
  m.read_branches(0);
  const double t2 = now_s();
  m.copy_back(level);
  const double t3 = now_s();
  t.init_s = t1 - t0;
  t.compute_s = t2 - t1;
  t.d2h_s = t3 - t2;
  t.seconds = t3 - t0;
  return t;
}

GpuRunTimes GpuTraversal::direction_optimising(vid_t source, std::vector<std::uint32_t>& level,
                                               const DirectionOptions& opt, DirectionTrace* trace) {
  Impl& m = *impl_;
  if (trace) trace->bottom_up.clear();
  GpuRunTimes t;
  const double t0 = now_s();
  m.init_branch_array();
  seed_kernel<<<1, 1>>>(source, m.level.data(), m.visited.data(), m.queue_a.data());
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaStreamSynchronize(0));
  const double t1 = now_s();
  vid_t* cur = m.queue_a.data();
  vid_t* next = m.queue_b.data();
  const std::uint64_t words = (std::uint64_t(m.host.n) + 31) / 32;
  std::uint64_t size = 1, prev_size = 0, frontier_arcs = m.host.degree(source);
  std::uint64_t unexplored = m.host.arcs - frontier_arcs;
  bool bottom_up = false;
  for (std::uint32_t branch = 0; size > 0; ++branch) {
    if (!bottom_up && double(frontier_arcs) > double(unexplored) / opt.alpha && size > prev_size)
      bottom_up = true;
    else if (bottom_up && double(size) < double(m.host.n) / opt.beta && size < prev_size)
      bottom_up = false;
    if (trace) trace->bottom_up.push_back(bottom_up);
    const unsigned long long* c;
    if (bottom_up) {
      CUDA_CHECK(cudaMemsetAsync(m.frontier.data(), 0, words * sizeof(std::uint32_t)));
      CUDA_CHECK(cudaMemsetAsync(m.counters.data(), 0, kCounters * sizeof(unsigned long long)));
      queue_to_bitmap_kernel<<<m.blocks_for(size), kThreads>>>(cur, size, m.frontier.data());
      CUDA_CHECK_LAUNCH();
      bottom_up_kernel<<<m.blocks_for(m.host.n), kThreads>>>(m.dg(), branch, m.level.data(), m.visited.data(),
                                                              m.frontier.data(), next, m.counters.data());
      CUDA_CHECK_LAUNCH();
      c = m.read_counters();
    } else {
      c = m.expand<true, true>(branch, cur, size, next);
    }
    std::swap(cur, next);
    prev_size = size;
    size = c[kFound];
    frontier_arcs = c[kFoundArcs];
    unexplored -= frontier_arcs;
  }
  const double t2 = now_s();
  m.copy_back(level);
  const double t3 = now_s();
  t.init_s = t1 - t0;
  t.compute_s = t2 - t1;
  t.d2h_s = t3 - t2;
  t.seconds = t3 - t0;
  return t;
}

GpuRunTimes GpuTraversal::cpu_gpu_hybrid(vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
                                         const HybridOptions& opt, std::uint64_t t4) {
  Impl& m = *impl_;
  GpuRunTimes t;
  const double t0 = now_s();
  const CpuPrefix p = cpu_prefix(m.host, source, ws, opt, t4);
  const double t1 = now_s();
  t.cpu_s = t1 - t0;
  if (p.finished) {
    levels_from_stack(p, ws.stack, m.host.n, level);
    t.moved_to_gpu = false;
    t.seconds = now_s() - t0;
    return t;
  }
  // Only the stacks travel (O(visited so far)), not an O(N) branch array.
  const std::size_t found = p.segment_begin.back();
  std::vector<std::uint64_t> seg(p.segment_begin.begin(), p.segment_begin.end());
  // Into the existing queue (DeviceBuffer::upload would shrink it to `found`).
  CUDA_CHECK(cudaMemcpyAsync(m.queue_a.data(), ws.stack.data(), found * sizeof(vid_t), cudaMemcpyHostToDevice));
  m.segments.upload(seg);
  CUDA_CHECK(cudaStreamSynchronize(0));
  const double t2 = now_s();
  m.init_branch_array();
  rebuild_kernel<<<m.blocks_for(found), kThreads>>>(m.queue_a.data(), found, m.segments.data(), int(p.branches()),
                                                    m.level.data(), m.visited.data());
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaStreamSynchronize(0));
  const double t3 = now_s();
  t.gpu_from_branch = p.branches() - 1;  // the last branch found on the CPU is expanded on the GPU
  m.read_branches(t.gpu_from_branch);
  const double t4s = now_s();
  m.copy_back(level);
  const double t5 = now_s();
  t.h2d_s = t2 - t1;
  t.init_s = t3 - t2;
  t.compute_s = t4s - t3;
  t.d2h_s = t5 - t4s;
  t.seconds = t5 - t0;
  return t;
}

}  // namespace gs::traversal
