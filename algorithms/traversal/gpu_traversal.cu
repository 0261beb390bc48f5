// GPU traversals (see gpu_traversal.hpp).
//
// Levels live on the GPU as one byte per vertex (level_codes.hpp), so the
// read-based scan of the branch array and the copy back move n bytes, not 4n.
//
// Top-down branch: vertices are taken 32 at a time by a warp (from a scan of
// the branch array, or from a queue). RMAT's skewed degrees are balanced in
// two ways: the warp expands the arcs of all its vertices with fewer than
// kLargeDegree arcs together, 32 arcs per step (a warp prefix sum over the
// degrees says which vertex each lane's arc belongs to: consecutive lanes
// read consecutive arcs), and vertices with more arcs are cut into chunks of
// kChunkArcs arcs that a second kernel hands to warps across the whole grid.
// (A block per large vertex left one block to expand a hub's ~27K arcs
// alone, a chain of dependent claims; experiments/hybrid_dfs/NOTES.md.) A
// vertex is claimed in the visited bitmap with test-and-test-and-set.
//
// Bottom-up branch (direction-optimising): a warp owns a few words of the
// visited bitmap (32 consecutive vertices each); each unvisited lane looks
// for a neighbour in the frontier bitmap, and the warp's ballot is both the
// next frontier's word and the bits to add to the visited word (plain stores:
// no atomics, no queue, no memset). A top-down branch after bottom-up ones
// reads that frontier bitmap directly. Lanes keep their vertices: a warp costs
// its longest search, and a per-warp list that hands vertices out dynamically
// costs more than it saves on the first bottom-up branch (experiments/hybrid_dfs/NOTES.md).
//
// Vertices without arcs are marked visited when the branch array is
// initialised (from a bitmap built with the graph's upload): no traversal can
// reach them (the graph is symmetric) unless one is the source, and bottom-up
// warps then skip them without reading their offsets.
//
// Copying the result back: the level codes travel as 4 bits per vertex,
// copied early while the last branches run (level_copy_gpu.cuh).
//
// Each branch's counters (found vertices, their arcs, ...) live in one of two
// device slots; the branch's main kernel zeroes the other slot for the next
// branch, and a one-thread kernel writes them into mapped host memory, so a
// branch costs its kernels, that kernel and one sync. (Not a copy: during an
// early copy of the levels the device-to-host copy engine is busy, and a
// counter copy queued behind it stalled the branch until the whole copy ended.)
#include "algorithms/traversal/gpu_traversal.hpp"

#include <cooperative_groups.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <utility>

#include "algorithms/traversal/frontier_state.hpp"
#include "algorithms/traversal/level_codes.hpp"
#include "algorithms/traversal/level_copy_gpu.cuh"
#include "algorithms/traversal/traversal_steps.cuh"
#include "common/timer.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/cooperative.cuh"
#include "common/cuda/device_clock.cuh"
#include "common/cuda/grid.cuh"
#include "common/cuda/warp.cuh"
#include "common/system_info.hpp"

namespace gs::traversal {
namespace {

namespace cg = cooperative_groups;
using namespace steps;

// Direction-optimising top-down branches whose frontier has at least n / this
// many arcs write the next frontier as a bitmap, not a queue.
constexpr std::uint64_t kBitmapOutputDivisor = 8;
// small_levels_kernel: the frontier arcs per thread below which a branch is small.
constexpr std::uint64_t kSmallLevelArcsPerThread = 4;

// What small_levels_kernel hands back, in mapped host memory: where the
// frontier stands, the branches run, then each branch's nanoseconds (the
// last entry sums the branches beyond the capacity). The nanoseconds are
// kept in device memory while it runs and copied out at its end: a store
// to host memory per branch would hold up the grid barrier's fence.
enum SmallOut { kOutSize = 0, kOutPrevSize, kOutArcs, kOutUnexplored, kOutBranches, kOutBranchNs };
constexpr std::uint32_t kBranchNsCapacity = 1u << 16;

struct SmallLevelsParams {
  DeviceGraph g;
  DeviceLevels L;
  std::uint32_t* visited;
  vid_t* queue[2];
  std::uint64_t* chunks;
  unsigned long long* slots;  // three slots of kCounters, used in turn, zero at the launch
  std::uint32_t first_branch;
  FrontierState start;
  std::uint64_t arc_limit;
  double alpha;
  unsigned long long* out;        // SmallOut
  unsigned long long* branch_ns;  // kBranchNsCapacity, device memory
};

// Consecutive small top-down branches in one persistent cooperative launch
// (road-like graphs: thousands of levels of a few thousand vertices, where a
// launch and a host round trip per branch would be the whole run; and the
// first and last branches of an RMAT traversal). The frontier is a queue,
// alternating between queue[0] (the first) and queue[1]; a grid barrier
// separates branches. It returns when a branch finds nothing, when the
// frontier reaches `arc_limit` arcs (the per-branch kernels take over), or
// when the direction heuristic would go bottom-up, so the host goes on
// exactly where its own loop would.
__global__ void __launch_bounds__(kThreads) small_levels_kernel(SmallLevelsParams p) {
  cg::grid_group grid = cg::this_grid();
  const bool leader = grid.thread_rank() == 0;
  unsigned long long last_ns = leader ? global_ns() : 0;
  FrontierState f = p.start;
  bool may_have_large = true;  // the host's frontier: not known
  std::uint32_t k = 0;         // branches run
  const std::uint64_t warps = grid_threads<std::uint64_t>() / 32;
  for (;;) {
    unsigned long long* slot = p.slots + (k % 3) * kCounters;
    if (leader) {  // the slot of branch k - 2, read by all before the last barrier
      unsigned long long* after = p.slots + ((k + 1) % 3) * kCounters;
      for (int i = 0; i < kCounters; ++i) after[i] = 0;
    }
    const std::uint32_t branch = p.first_branch + k;
    const NextFrontier next{p.queue[(k + 1) & 1], nullptr};
    unsigned found = 0;
    unsigned long long arcs = 0;
    expand_items<Source::kQueue, Output::kQueue, true>(p.g, p.L, branch, p.visited, p.queue[k & 1], f.size, nullptr,
                                                       next, slot, p.chunks, found, arcs,
                                                       queue_items_per_warp(f.size, warps));
    if (may_have_large) {  // a second barrier, only where the frontier holds large vertices
      grid.sync();
      const unsigned long long large = __ldcg(slot + kLarge);
      if (large)
        expand_chunks<Output::kQueue, true>(p.g, p.L, branch, p.visited, p.chunks, large, next, slot, found, arcs);
    }
    add_counts(found, arcs, slot);
    grid.sync();
    __shared__ unsigned long long counts[3];  // one read per block, not per thread
    if (threadIdx.x == 0) {
      counts[0] = __ldcg(slot + kFound);
      counts[1] = __ldcg(slot + kFoundArcs);
      counts[2] = __ldcg(slot + kFoundLarge);
    }
    __syncthreads();
    ++k;
    f.prev_size = f.size;
    f.size = counts[0];
    f.arcs = counts[1];
    f.unexplored -= f.arcs;
    may_have_large = counts[2] != 0;
    if (leader) {
      const unsigned long long now = global_ns();
      unsigned long long* entry = p.branch_ns + (k < kBranchNsCapacity ? k : kBranchNsCapacity) - 1;
      *entry = (k <= kBranchNsCapacity ? 0 : *entry) + (now - last_ns);
      last_ns = now;
    }
    if (!small_branches_go_on(f, p.arc_limit, p.alpha)) break;
  }
  if (blockIdx.x == 0) {  // the leader's block: its branch times to the host
    __syncthreads();
    const std::uint32_t times = k < kBranchNsCapacity ? k : kBranchNsCapacity;
    for (std::uint32_t i = threadIdx.x; i < times; i += blockDim.x) p.out[kOutBranchNs + i] = p.branch_ns[i];
  }
  if (leader) {
    p.out[kOutSize] = f.size;
    p.out[kOutPrevSize] = f.prev_size;
    p.out[kOutArcs] = f.arcs;
    p.out[kOutUnexplored] = f.unexplored;
    p.out[kOutBranches] = k;
  }
}

__global__ void queue_to_bitmap_kernel(const vid_t* queue, std::uint64_t size, std::uint32_t* bits) {
  for (const std::uint64_t i : grid_stride<std::uint64_t>(size))
    atomicOr(bits + (queue[i] >> 5), 1u << (queue[i] & 31));
}

// The branch array before a traversal, in one launch: every code unreached
// (16 per thread), the visited bitmap from its starting value, both counter
// slots zero; and when source < n, the source at level 0, visited, queued.
__global__ void init_kernel(DeviceLevels L, vid_t n, std::uint32_t* visited, const std::uint32_t* no_arcs,
                            std::uint64_t words, unsigned long long* counters, vid_t source, vid_t* queue) {
  const bool seeded = source < n;
  for (const std::uint64_t i : grid_stride<std::uint64_t>((std::uint64_t(n) + 15) / 16)) {
    if (16 * i + 16 <= n) {
      reinterpret_cast<uint4*>(L.code)[i] = make_uint4(~0u, ~0u, ~0u, ~0u);
    } else {
      for (std::uint64_t k = 16 * i; k < n; ++k) L.code[k] = kUnreachedCode;
    }
    if (seeded && source / 16 == i) L.code[source] = 0;  // after this thread's fill of that group
  }
  for (const std::uint64_t w : grid_stride<std::uint64_t>(words))
    visited[w] = no_arcs[w] | (seeded && w == source / 32 ? 1u << (source & 31) : 0u);
  const std::uint64_t first = grid_thread<std::uint64_t>();
  if (first < 2 * kCounters) counters[first] = 0;
  if (seeded && first == 0) queue[0] = source;
}

// Fig. 2's GPU initialisation: the CPU's stacks (every vertex found so far, in
// branch order; branch k = [segments[k], segments[k+1])) become the branch array.
__global__ void rebuild_kernel(const vid_t* stack, std::uint64_t size, const std::uint64_t* segments, int branches,
                               DeviceLevels L, std::uint32_t* visited) {
  for (const std::uint64_t i : grid_stride<std::uint64_t>(size)) {
    int lo = 0, hi = branches - 1;  // the last k with segments[k] <= i
    while (lo < hi) {
      const int mid = (lo + hi + 1) / 2;
      if (segments[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    const vid_t v = stack[i];
    set_level(L, v, std::uint32_t(lo));
    atomicOr(visited + (v >> 5), 1u << (v & 31));
  }
}

// The counters of one branch into mapped (page-locked, GPU-writable) host memory.
__global__ void publish_counters_kernel(const unsigned long long* slot, unsigned long long* host) {
  if (threadIdx.x < kCounters) host[threadIdx.x] = slot[threadIdx.x];
}

// Chunks listed in one branch: each vertex of degree d >= kLargeDegree gives
// ceil(d / kChunkArcs) <= d / kChunkArcs + d / kLargeDegree.
std::uint64_t chunk_capacity(std::uint64_t arcs) { return arcs / kChunkArcs + arcs / kLargeDegree + 1; }

}  // namespace

struct GpuTraversal::Impl {
  CsrView host;
  GpuOptions opt;
  DeviceBuffer<eid_t> off;
  DeviceBuffer<vid_t> adj;
  DeviceBuffer<std::uint8_t> code;
  DeviceBuffer<std::uint32_t> deep, visited, frontier_a, frontier_b;
  DeviceBuffer<std::uint32_t> no_arcs;  // the visited bitmap's starting value (no_arcs_kernel)
  DeviceBuffer<vid_t> queue_a, queue_b;
  DeviceBuffer<std::uint64_t> chunks;         // large vertices' work items (list_chunks)
  std::uint64_t max_chunks = 1;               // of one vertex: ceil(max degree / kChunkArcs)
  DeviceBuffer<unsigned long long> counters;  // two slots of kCounters
  DeviceBuffer<std::uint64_t> segments;
  MappedBuffer<unsigned long long> published{kCounters};
  // small_levels_kernel: its grid (0: per-branch kernels only), the frontier
  // arcs below which it runs, its counter slots and what it hands back.
  int small_blocks = 0;
  std::uint64_t small_arc_limit = 0;
  DeviceBuffer<unsigned long long> small_slots, small_branch_ns;
  MappedBuffer<unsigned long long> small_out{kOutBranchNs + kBranchNsCapacity};
  unsigned long long host_counters[kCounters] = {};
  std::optional<LevelCopyGpu> copy;  // the levels back to the host
  double upload_s = 0;
  std::uint32_t* pinned_level = nullptr;
  int grid = 0;
  std::vector<double>* branch_s = nullptr;  // where to record each branch's time, if anywhere

  DeviceGraph dg() const { return DeviceGraph{host.n, off.data(), adj.data(), off.data()}; }
  DeviceLevels dl() { return DeviceLevels{code.data(), deep.data()}; }
  std::uint64_t words() const { return (std::uint64_t(host.n) + 31) / 32; }
  unsigned long long* slot(std::uint32_t branch) { return counters.data() + (branch & 1) * kCounters; }
  int blocks_for(std::uint64_t items) const {
    return int(
        std::max<std::uint64_t>(1, std::min<std::uint64_t>((items + kThreads - 1) / kThreads, std::uint64_t(grid))));
  }

  // source >= n: no source (the CPU+GPU hybrid rebuilds the branch array from its stacks).
  void init_branch_array(vid_t source) {
    init_kernel<<<blocks_for(std::max<std::uint64_t>(words(), (std::uint64_t(host.n) + 15) / 16)), kThreads>>>(
        dl(), host.n, visited.data(), no_arcs.data(), words(), counters.data(), source, queue_a.data());
    CUDA_CHECK_LAUNCH();
    copy->reset();
  }
  void init_from_source(vid_t source) {
    init_branch_array(source);
    CUDA_CHECK(cudaStreamSynchronize(0));
  }
  void maybe_copy_early(std::uint32_t branch, std::uint64_t found) {
    copy->maybe_copy_early(code.data(), branch, found);
  }
  // One top-down branch (the queue or the frontier bitmap as kSource needs,
  // into `next` as kOut says, its bitmap zeroed here); returns its counters
  // (one host sync).
  template <Source kSource, Output kOut>
  const unsigned long long* expand(std::uint32_t branch, const vid_t* queue, std::uint64_t queue_size,
                                   const std::uint32_t* frontier, NextFrontier next) {
    if (kOut == Output::kBitmap) CUDA_CHECK(cudaMemsetAsync(next.bits, 0, words() * sizeof(std::uint32_t)));
    const std::uint64_t items = kSource == Source::kQueue ? queue_size : host.n;
    // From a queue, as many warps as the grid holds share the frontier.
    const unsigned per_warp =
        kSource == Source::kQueue ? queue_items_per_warp(items, std::uint64_t(grid) * kWarpsPerBlock) : 32;
    const int blocks = blocks_for((items + per_warp - 1) / per_warp * 32);
    expand_kernel<kSource, kOut><<<blocks, kThreads>>>(dg(), dl(), branch, visited.data(), queue, queue_size, frontier,
                                                       next, slot(branch), slot(branch + 1), chunks.data(), per_warp);
    CUDA_CHECK_LAUNCH();
    // One warp per chunk (at most items * max_chunks of them), up to the full grid.
    const std::uint64_t max_items = items * max_chunks;
    const int large_blocks = int(std::max<std::uint64_t>(
        1, std::min<std::uint64_t>((max_items + kWarpsPerBlock - 1) / kWarpsPerBlock, std::uint64_t(grid))));
    expand_large_kernel<kOut>
        <<<large_blocks, kThreads>>>(dg(), dl(), branch, visited.data(), chunks.data(), next, slot(branch));
    CUDA_CHECK_LAUNCH();
    return read_counters(branch);
  }
  // One bottom-up branch, kWords and kArcs as GpuOptions::bottom_up_words and _arcs say.
  void bottom_up(std::uint32_t branch, const std::uint32_t* front, std::uint32_t* next_front) {
    const int blocks = blocks_for(words() * 32);
    auto launch = [&](auto kernel) {
      kernel<<<blocks, kThreads>>>(dg(), dl(), branch, visited.data(), front, next_front, slot(branch),
                                   slot(branch + 1), 0, words());
    };
    with_bottom_up_kernel(opt.bottom_up_words, opt.bottom_up_arcs, launch);
    CUDA_CHECK_LAUNCH();
  }
  // Small top-down branches from `branch` on in one launch (small_levels_kernel),
  // the frontier in the queue `cur` (`f` says its size); `f`, `cur` and `next`
  // as they stand after them. Returns the branches run.
  std::uint32_t small_levels(std::uint32_t branch, vid_t*& cur, vid_t*& next, FrontierState& f, double alpha) {
    CUDA_CHECK(cudaMemsetAsync(small_slots.data(), 0, small_slots.size() * sizeof(unsigned long long)));
    SmallLevelsParams p{dg(),   dl(), visited.data(),  {cur, next}, chunks.data(),      small_slots.data(),
                        branch, f,    small_arc_limit, alpha,       small_out.device(), small_branch_ns.data()};
    launch_cooperative(small_levels_kernel, small_blocks, kThreads, 0, 0, p);
    CUDA_CHECK(cudaStreamSynchronize(0));
    const volatile unsigned long long* out = small_out.host();
    f = FrontierState{out[kOutSize], out[kOutPrevSize], out[kOutArcs], out[kOutUnexplored]};
    const std::uint32_t k = std::uint32_t(out[kOutBranches]);
    if (k & 1) std::swap(cur, next);
    if (branch_s)
      for (std::uint32_t i = 0; i < std::min(k, kBranchNsCapacity); ++i)
        branch_s->push_back(double(out[kOutBranchNs + i]) * 1e-9);
    return k;
  }
  // The frontier bitmap `bits` (f.size vertices) as the queue `queue`.
  void bitmap_to_queue(const std::uint32_t* bits, vid_t* queue) {
    unsigned long long* size = small_slots.data();  // zeroed again by small_levels
    CUDA_CHECK(cudaMemsetAsync(size, 0, sizeof(unsigned long long)));
    bitmap_to_queue_kernel<<<blocks_for(words() * 32), kThreads>>>(bits, words(), queue, size);
    CUDA_CHECK_LAUNCH();
  }
  const unsigned long long* read_counters(std::uint32_t branch) {
    publish_counters_kernel<<<1, 32>>>(slot(branch), published.device());
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaStreamSynchronize(0));
    for (int i = 0; i < kCounters; ++i) host_counters[i] = published.host()[i];
    return host_counters;
  }
  void record_branch(double& since) {
    const double t = steady_seconds();
    if (branch_s) branch_s->push_back(t - since);
    since = t;
  }
  // Read-based branches from `branch` until one finds nothing; returns the deepest level.
  std::uint32_t read_branches(std::uint32_t branch) {
    double since = steady_seconds();
    for (;; ++branch) {
      const std::uint64_t found =
          expand<Source::kCodes, Output::kNone>(branch, nullptr, 0, nullptr, NextFrontier{})[kFound];
      record_branch(since);
      if (!found) return branch;
      maybe_copy_early(branch, found);
    }
  }
  // The phases of one traversal from its timestamps: start, branch array
  // ready, last branch done; the copy back, then the untimed widening.
  void finish(std::uint32_t deepest, double start, double init_done, double compute_done,
              std::vector<std::uint32_t>& level, GpuRunTimes& t) {
    copy->finish(code.data(), deep.data(), deepest, level, t);
    const double end = steady_seconds();
    t.init_s = init_done - start;
    t.compute_s = compute_done - init_done;
    t.d2h_s = end - compute_done;
    t.seconds = end - start;
    copy->widen(level, t);
    t.widen_s = steady_seconds() - end;
    branch_s = nullptr;
  }
};

std::uint64_t GpuTraversal::device_bytes(std::uint64_t n, std::uint64_t arcs) {
  return (n + 1) * sizeof(eid_t) + arcs * sizeof(vid_t)  // graph
         + n * (1 + 4)                                   // level codes, deep levels
         + n * 4 * 2                                     // two queues
         + chunk_capacity(arcs) * 8                      // large vertices' chunks
         + n * (4 + 1) + (n + 1) / 2                     // late vertices and their codes; packed codes
         + 4 * ((n + 31) / 32) * 4                       // visited, its start and two frontier bitmaps
         + (std::uint64_t(64) << 20);                    // CUDA context, counters, slack
}

GpuTraversal::GpuTraversal(const CsrView& g, const GpuOptions& opt) : impl_(new Impl) {
  check_bottom_up_shape(opt.bottom_up_words, opt.bottom_up_arcs);
  Impl& m = *impl_;
  m.host = g;
  m.opt = opt;
  const GpuInfo info = gpu_info();
  m.grid = std::max(1, info.sm_count) * 2048 / kThreads;
  const double t0 = steady_seconds();
  m.off.upload(g.offsets, std::size_t(g.n) + 1);
  m.adj.upload(g.adj, g.arcs);
  CUDA_CHECK(cudaDeviceSynchronize());
  m.upload_s = steady_seconds() - t0;
  const std::size_t n = g.n ? g.n : 1, words = (n + 31) / 32;
  m.code.resize(n);
  m.deep.resize(n);
  m.deep.fill_bytes(0);  // copied back whole when a traversal goes deep; never read uninitialised
  m.visited.resize(words);
  m.frontier_a.resize(words);
  m.frontier_b.resize(words);
  m.queue_a.resize(n);
  m.queue_b.resize(n);
  m.chunks.resize(chunk_capacity(g.arcs));
  eid_t max_degree = 0;
  for (vid_t x = 0; x < g.n; ++x) max_degree = std::max(max_degree, g.degree(x));
  m.max_chunks = std::max<std::uint64_t>(1, (max_degree + kChunkArcs - 1) / kChunkArcs);
  m.no_arcs.resize(words);
  if (g.n) {
    no_arcs_kernel<<<m.blocks_for(words * 32), kThreads>>>(m.off.data(), g.n, 0, words, m.no_arcs.data());
    CUDA_CHECK_LAUNCH();
  } else {
    m.no_arcs.fill_bytes(0xff);
  }
  m.counters.resize(2 * kCounters);
  m.copy.emplace(g.n, m.grid, opt.early_copy);
  if (opt.small_level_blocks_per_sm > 0) {
    // 0 where the device has no cooperative launch: every branch by the per-branch kernels.
    m.small_blocks = resident_blocks(small_levels_kernel, kThreads, opt.small_level_blocks_per_sm);
    m.small_arc_limit = !m.small_blocks        ? 0
                        : opt.small_level_arcs ? opt.small_level_arcs
                                               : std::uint64_t(m.small_blocks) * kThreads * kSmallLevelArcsPerThread;
    m.small_slots.resize(3 * kCounters);
    m.small_branch_ns.resize(kBranchNsCapacity);
  }
  CUDA_CHECK(cudaDeviceSynchronize());
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
  m.branch_s = &t.branch_s;
  const double t0 = steady_seconds();
  m.init_from_source(source);
  const double t1 = steady_seconds();
  const std::uint32_t deepest = m.read_branches(0);
  m.finish(deepest, t0, t1, steady_seconds(), level, t);
  return t;
}

GpuRunTimes GpuTraversal::direction_optimising_gpu(vid_t source, std::vector<std::uint32_t>& level, double alpha,
                                                   double beta, std::vector<bool>* trace) {
  Impl& m = *impl_;
  if (trace) trace->clear();
  GpuRunTimes t;
  m.branch_s = &t.branch_s;
  const double t0 = steady_seconds();
  m.init_from_source(source);
  const double t1 = steady_seconds();
  vid_t* cur = m.queue_a.data();
  vid_t* next = m.queue_b.data();
  std::uint32_t* front = m.frontier_a.data();
  std::uint32_t* next_front = m.frontier_b.data();
  bool queue_holds_frontier = true;  // else the frontier is the bitmap `front` (after bottom-up branches)
  std::uint64_t size = 1, prev_size = 0, frontier_arcs = m.host.degree(source);
  std::uint64_t unexplored = m.host.arcs - frontier_arcs;
  bool bottom_up = false;
  std::uint32_t branch = 0;
  double since = t1;
  for (; size > 0; ++branch) {
    const FrontierState now{size, prev_size, frontier_arcs, unexplored};
    if (!bottom_up && turn_bottom_up(now, alpha)) bottom_up = true;
    else if (bottom_up && turn_top_down(now, m.host.n, beta)) bottom_up = false;
    if (trace) trace->push_back(bottom_up);
    if (!bottom_up && frontier_arcs < m.small_arc_limit) {
      // Small top-down branches, as many as follow, in one launch.
      if (!queue_holds_frontier) m.bitmap_to_queue(front, cur);
      queue_holds_frontier = true;
      FrontierState f{size, prev_size, frontier_arcs, unexplored};
      const std::uint32_t k = m.small_levels(branch, cur, next, f, alpha);
      if (trace) trace->insert(trace->end(), k - 1, false);
      branch += k - 1;  // the last of them; the loop's ++branch moves past it
      if (f.size) m.maybe_copy_early(branch, f.size);
      size = f.size;
      prev_size = f.prev_size;
      frontier_arcs = f.arcs;
      unexplored = f.unexplored;
      since = steady_seconds();
      continue;
    }
    const unsigned long long* c;
    if (bottom_up) {
      if (queue_holds_frontier) {
        CUDA_CHECK(cudaMemsetAsync(front, 0, m.words() * sizeof(std::uint32_t)));
        queue_to_bitmap_kernel<<<m.blocks_for(size), kThreads>>>(cur, size, front);
        CUDA_CHECK_LAUNCH();
        queue_holds_frontier = false;
      }
      m.bottom_up(branch, front, next_front);
      c = m.read_counters(branch);
      std::swap(front, next_front);
    } else {
      // The frontier as it is (a queue, or the bitmap bottom-up branches
      // left); the next one as a bitmap when this branch is large.
      const NextFrontier out{next, next_front};
      const bool to_bitmap = frontier_arcs >= m.host.n / kBitmapOutputDivisor;
      if (queue_holds_frontier)
        c = to_bitmap ? m.expand<Source::kQueue, Output::kBitmap>(branch, cur, size, nullptr, out)
                      : m.expand<Source::kQueue, Output::kQueue>(branch, cur, size, nullptr, out);
      else
        c = to_bitmap ? m.expand<Source::kBitmap, Output::kBitmap>(branch, nullptr, 0, front, out)
                      : m.expand<Source::kBitmap, Output::kQueue>(branch, nullptr, 0, front, out);
      if (to_bitmap) std::swap(front, next_front);
      else std::swap(cur, next);
      queue_holds_frontier = !to_bitmap;
    }
    m.record_branch(since);
    if (c[kFound]) m.maybe_copy_early(branch, c[kFound]);
    prev_size = size;
    size = c[kFound];
    frontier_arcs = c[kFoundArcs];
    unexplored -= frontier_arcs;
  }
  // The last branch found nothing: the deepest level is branch - 1.
  m.finish(branch - 1, t0, t1, steady_seconds(), level, t);
  return t;
}

GpuRunTimes GpuTraversal::read_based_from_stack(const vid_t* stack, const std::vector<std::size_t>& segment_begin,
                                                std::vector<std::uint32_t>& level) {
  Impl& m = *impl_;
  GpuRunTimes t;
  m.branch_s = &t.branch_s;
  const double t1 = steady_seconds();
  // Only the stacks travel (O(visited so far)), not an O(N) branch array.
  const std::size_t found = segment_begin.back();
  const int branches = int(segment_begin.size()) - 1;
  std::vector<std::uint64_t> seg(segment_begin.begin(), segment_begin.end());
  // Into the existing queue (DeviceBuffer::upload would shrink it to `found`).
  CUDA_CHECK(cudaMemcpyAsync(m.queue_a.data(), stack, found * sizeof(vid_t), cudaMemcpyHostToDevice));
  m.segments.upload(seg);
  CUDA_CHECK(cudaStreamSynchronize(0));
  const double t2 = steady_seconds();
  m.init_branch_array(m.host.n);
  rebuild_kernel<<<m.blocks_for(found), kThreads>>>(m.queue_a.data(), found, m.segments.data(), branches, m.dl(),
                                                    m.visited.data());
  CUDA_CHECK_LAUNCH();
  CUDA_CHECK(cudaStreamSynchronize(0));
  const double t3 = steady_seconds();
  t.gpu_from_branch = std::uint32_t(branches - 1);  // the last branch found on the CPU is expanded on the GPU
  const std::uint32_t deepest = m.read_branches(t.gpu_from_branch);
  m.finish(deepest, t2, t3, steady_seconds(), level, t);
  t.h2d_s = t2 - t1;
  t.seconds += t.h2d_s;
  return t;
}

const CsrView& GpuTraversal::graph() const { return impl_->host; }

}  // namespace gs::traversal
