// The multi-GPU traversal (see mgpu_traversal.hpp).
//
// Each GPU's step kernels are the one-GPU traversal's (traversal_steps.cuh),
// given views of the GPU's range indexed by global vertex id:
//   * top-down: the frontier bitmap (all n bits) scanned a word per warp,
//     each frontier vertex's arcs into this range (arcs_into) expanded, the
//     vertices claimed in this range's visited bits, the next frontier
//     written into this range's slice of the next bitmap;
//   * bottom-up: this range's unvisited vertices search their own arcs for a
//     parent in the frontier bitmap, a warp writing whole words of this
//     range's slice (no zeroing needed).
// A found vertex's degree (for the direction heuristic) is its whole degree,
// read from the range's own arcs. On one GPU both sets of arcs are the graph
// itself, uploaded once.
#include "algorithms/traversal/mgpu_traversal.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>

#include "algorithms/traversal/frontier_state.hpp"
#include "algorithms/traversal/gpu_threads.hpp"
#include "algorithms/traversal/level_copy_gpu.cuh"
#include "algorithms/traversal/mgpu_partition.hpp"
#include "algorithms/traversal/traversal_steps.cuh"
#include "common/timer.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/grid.cuh"
#include "common/cuda/nccl.cuh"
#include "common/cuda/warp.cuh"

namespace gs::traversal {
namespace {

using namespace steps;

// NCCL's buffers and CUDA's context per GPU, for admission.
constexpr std::uint64_t kRuntimeBytes = std::uint64_t(768) << 20;
// A top-down branch whose frontier holds fewer than n / this many vertices
// takes them from a queue (the bitmap's set bits, gathered first) instead of
// scanning all n bits a word per warp.
constexpr std::uint64_t kQueueDivisor = 64;

std::uint64_t words_of(std::uint64_t vertices) { return (vertices + 31) / 32; }

// Before a traversal, on one GPU: its range's codes unreached (the source's
// 0 where it is in the range), its visited words from `no_arcs` (plus the
// source), both counter slots zero, and the source's bit in the frontier
// bitmap (zeroed before).
__global__ void range_init_kernel(std::uint8_t* code, vid_t lo, vid_t hi, std::uint32_t* visited,
                                  const std::uint32_t* no_arcs, std::uint64_t first_word, std::uint64_t words,
                                  unsigned long long* counters, vid_t source, std::uint32_t* frontier) {
  for (const std::uint64_t i : grid_stride<std::uint64_t>(std::uint64_t(hi - lo)))
    code[i] = lo + i == source ? 0 : kUnreachedCode;
  const bool own_source = source >= lo && source < hi;
  for (const std::uint64_t w : grid_stride<std::uint64_t>(words))
    visited[w] = no_arcs[w] | (own_source && first_word + w == source / 32 ? 1u << (source & 31) : 0u);
  const std::uint64_t t = grid_thread<std::uint64_t>();
  if (t < 2 * kCounters) counters[t] = 0;
  if (t == 0) frontier[source / 32] = 1u << (source & 31);
}

// One GPU's share: its range, its arcs, its state and its stream.
struct Part {
  int device = 0;
  int grid = 0;  // blocks of kThreads that fill the device
  vid_t lo = 0, hi = 0;
  std::uint64_t first_word = 0, words = 0;  // its words of the bitmaps
  DeviceBuffer<eid_t> own_off;              // its vertices' arcs: hi - lo + 1 offsets (from 0) ...
  DeviceBuffer<vid_t> own_adj;              // ... and the arcs
  DeviceBuffer<eid_t> into_off;             // arcs_into: n + 1 offsets (several GPUs only) ...
  DeviceBuffer<vid_t> into_adj;             // ... and the arcs
  eid_t max_chunks = 1;                     // of one source's arcs into the range, in kChunkArcs
  DeviceBuffer<std::uint8_t> code;
  DeviceBuffer<std::uint32_t> deep, visited, no_arcs;
  DeviceBuffer<std::uint32_t> frontier[2];  // n bits each
  DeviceBuffer<std::uint64_t> chunks;
  DeviceBuffer<vid_t> queue;                  // a small frontier's vertices (kQueueDivisor)
  DeviceBuffer<unsigned long long> queued;    // their count
  DeviceBuffer<unsigned long long> counters;  // two slots of kCounters
  DeviceBuffer<unsigned long long> gathered;  // every GPU's [found, found arcs]
  PinnedBuffer<unsigned long long> host_gathered;
  cudaStream_t stream = nullptr;
  cudaEvent_t mark[3] = {};  // a level's start, its compute done, its exchange done
  std::optional<LevelCopyGpu> copy;
  std::vector<std::uint32_t> level;  // this range's levels on the host
  // One traversal's record.
  std::vector<float> compute_ms, comm_ms;
  std::vector<bool> bottom_up;
  double init_s = 0, d2h_s = 0, widen_s = 0;
  double done_at = 0;              // when its levels were on the host (before the untimed widening)
  std::uint64_t device_bytes = 0;  // what building it took of the GPU's free memory

  ~Part() {
    for (cudaEvent_t e : mark)
      if (e) cudaEventDestroy(e);
    if (stream) cudaStreamDestroy(stream);
  }
  // Views by global vertex id (traversal_steps.cuh): arrays shifted back by the range's start.
  const eid_t* own_off_view() const { return own_off.data() - lo; }
  DeviceGraph own_graph() const { return DeviceGraph{hi, own_off_view(), own_adj.data(), own_off_view()}; }
  DeviceGraph into_graph(vid_t n) const {
    if (into_off.size() == 0) return own_graph();  // one GPU: the graph itself
    return DeviceGraph{n, into_off.data(), into_adj.data(), own_off_view()};
  }
  DeviceLevels levels() { return DeviceLevels{code.data() - lo, deep.data() - lo}; }
  std::uint32_t* visited_view() { return visited.data() - first_word; }
  unsigned long long* slot(std::uint32_t branch) { return counters.data() + (branch & 1) * kCounters; }
  int blocks_for(std::uint64_t items) const {
    return int(std::max<std::uint64_t>(1, std::min<std::uint64_t>((items + kThreads - 1) / kThreads, grid)));
  }
};

}  // namespace

struct MultiGpuTraversal::Impl {
  CsrView host;
  GpuOptions opt;
  std::vector<vid_t> bounds;
  std::vector<std::unique_ptr<Part>> parts;
  std::shared_ptr<NcclComms> comms;  // shared_nccl_comms
  double upload_s = 0;
  std::uint64_t all_words = 0;  // of a bitmap of n bits

  // Builds GPU `k`'s share (the device set by the caller).
  void build_part(int k) {
    Part& p = *parts[k];
    p.device = k;
    p.lo = bounds[k];
    p.hi = bounds[k + 1];
    p.first_word = p.lo / 32;
    p.words = words_of(p.hi) - p.first_word;
    if (p.hi == p.lo) p.words = 0;
    int sms = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, k));
    p.grid = std::max(1, sms) * 2048 / kThreads;
    CUDA_CHECK(cudaStreamCreate(&p.stream));  // a blocking stream: ordered with LevelCopyGpu's default-stream work
    for (cudaEvent_t& e : p.mark) CUDA_CHECK(cudaEventCreate(&e));
    const vid_t range = p.hi - p.lo;
    // Its own arcs: the CSR's slice, with offsets from 0.
    std::vector<eid_t> off(std::size_t(range) + 1);
    for (vid_t x = 0; x <= range; ++x) off[x] = host.offsets[p.lo + x] - host.offsets[p.lo];
    p.own_off.upload(off);
    p.own_adj.upload(host.adj + host.offsets[p.lo], std::size_t(off.back()));
    eid_t into_arcs = off.back(), max_into_degree = 0;
    off = {};
    if (parts.size() > 1) {
      const ArcsInto into = arcs_into(host, p.lo, p.hi);
      p.into_off.upload(into.offsets);
      p.into_adj.upload(into.adj);
      into_arcs = into.adj.size();
      for (vid_t x = 0; x < host.n; ++x)
        max_into_degree = std::max(max_into_degree, into.offsets[x + 1] - into.offsets[x]);
    } else {
      for (vid_t x = 0; x < host.n; ++x) max_into_degree = std::max(max_into_degree, host.degree(x));
    }
    p.max_chunks = std::max<eid_t>(1, (max_into_degree + kChunkArcs - 1) / kChunkArcs);
    p.chunks.resize(into_arcs / kChunkArcs + into_arcs / kLargeDegree + 1);
    p.code.resize(std::max<vid_t>(1, range));
    p.deep.resize(std::max<vid_t>(1, range));
    p.deep.fill_bytes(0);  // copied back whole when a traversal goes deep; never read uninitialised
    p.visited.resize(std::max<std::uint64_t>(1, p.words));
    p.no_arcs.resize(std::max<std::uint64_t>(1, p.words));
    // The buffers NCCL writes (the other owners' slices, the gathered counters)
    // are zeroed once: a sanitizer run leaves NCCL's kernels out, and nothing
    // in them may then read as never written.
    for (auto& f : p.frontier) {
      f.resize(std::max<std::uint64_t>(1, all_words));
      f.fill_bytes(0);
    }
    p.queue.resize(host.n / kQueueDivisor + 1);
    p.queued.resize(1);
    p.counters.resize(2 * kCounters);
    p.gathered.resize(2 * parts.size());
    p.gathered.fill_bytes(0);
    p.host_gathered.resize(2 * parts.size());
    if (p.words) {
      no_arcs_kernel<<<p.blocks_for(p.words * 32), kThreads>>>(p.own_off_view(), p.hi, p.first_word, p.words,
                                                               p.no_arcs.data());
      CUDA_CHECK_LAUNCH();
    }
    p.copy.emplace(range, p.grid, opt.early_copy);
    CUDA_CHECK(cudaDeviceSynchronize());
  }

  // One traversal on GPU `k`: the levels in its thread, meeting the others in NCCL.
  void traverse(int k, vid_t source, double alpha, double beta, std::vector<std::uint32_t>& level) {
    Part& p = *parts[k];
    CUDA_CHECK(cudaSetDevice(p.device));
    p.compute_ms.clear();
    p.comm_ms.clear();
    p.bottom_up.clear();
    const double t0 = steady_seconds();
    CUDA_CHECK(cudaMemsetAsync(p.frontier[0].data(), 0, all_words * sizeof(std::uint32_t), p.stream));
    range_init_kernel<<<p.blocks_for(std::max<std::uint64_t>(p.hi - p.lo, p.words)), kThreads, 0, p.stream>>>(
        p.code.data(), p.lo, p.hi, p.visited.data(), p.no_arcs.data(), p.first_word, p.words, p.counters.data(), source,
        p.frontier[0].data());
    CUDA_CHECK_LAUNCH();
    p.copy->reset();
    CUDA_CHECK(cudaStreamSynchronize(p.stream));
    p.init_s = steady_seconds() - t0;
    const int gpus = int(parts.size());
    const vid_t n = host.n;
    FrontierState f{1, 0, host.degree(source), host.arcs - host.degree(source)};
    bool bottom_up = false;
    int cur = 0;
    std::uint32_t branch = 0;
    for (; f.size > 0; ++branch) {
      if (!bottom_up && turn_bottom_up(f, alpha)) bottom_up = true;
      else if (bottom_up && turn_top_down(f, n, beta)) bottom_up = false;
      p.bottom_up.push_back(bottom_up);
      const std::uint32_t* front = p.frontier[cur].data();
      std::uint32_t* next = p.frontier[cur ^ 1].data();
      CUDA_CHECK(cudaEventRecord(p.mark[0], p.stream));
      if (bottom_up) {
        with_bottom_up_kernel(opt.bottom_up_words, opt.bottom_up_arcs, [&](auto kernel) {
          kernel<<<p.blocks_for(p.words * 32), kThreads, 0, p.stream>>>(
              p.own_graph(), p.levels(), branch, p.visited_view(), front, next, p.slot(branch), p.slot(branch + 1),
              p.first_word, p.first_word + p.words);
        });
        CUDA_CHECK_LAUNCH();
      } else {
        if (p.words) CUDA_CHECK(cudaMemsetAsync(next + p.first_word, 0, p.words * sizeof(std::uint32_t), p.stream));
        const NextFrontier out{nullptr, next};
        const DeviceGraph into = p.into_graph(n);
        if (f.size < p.queue.size()) {
          CUDA_CHECK(cudaMemsetAsync(p.queued.data(), 0, sizeof(unsigned long long), p.stream));
          bitmap_to_queue_kernel<<<p.blocks_for(all_words), kThreads, 0, p.stream>>>(front, all_words, p.queue.data(),
                                                                                     p.queued.data());
          CUDA_CHECK_LAUNCH();
          // As on one GPU: the queue's vertices spread over every warp of the grid.
          const unsigned per_warp = queue_items_per_warp(f.size, std::uint64_t(p.grid) * kWarpsPerBlock);
          expand_kernel<Source::kQueue, Output::kBitmap>
              <<<p.blocks_for((f.size + per_warp - 1) / per_warp * 32), kThreads, 0, p.stream>>>(
                  into, p.levels(), branch, p.visited_view(), p.queue.data(), f.size, nullptr, out, p.slot(branch),
                  p.slot(branch + 1), p.chunks.data(), per_warp);
        } else {
          expand_kernel<Source::kBitmap, Output::kBitmap><<<p.blocks_for(n), kThreads, 0, p.stream>>>(
              into, p.levels(), branch, p.visited_view(), nullptr, 0, front, out, p.slot(branch), p.slot(branch + 1),
              p.chunks.data(), 32);
        }
        CUDA_CHECK_LAUNCH();
        // One warp per chunk, up to the full grid.
        const std::uint64_t max_items = std::min<std::uint64_t>(f.size * p.max_chunks, p.chunks.size());
        const int large_blocks = int(std::max<std::uint64_t>(
            1, std::min<std::uint64_t>((max_items + kWarpsPerBlock - 1) / kWarpsPerBlock, p.grid)));
        expand_large_kernel<Output::kBitmap><<<large_blocks, kThreads, 0, p.stream>>>(
            into, p.levels(), branch, p.visited_view(), p.chunks.data(), out, p.slot(branch));
        CUDA_CHECK_LAUNCH();
      }
      CUDA_CHECK(cudaEventRecord(p.mark[1], p.stream));
      // Every owner's slice of the next frontier to every GPU, and every GPU's counters.
      NCCL_CHECK(ncclGroupStart());
      for (int r = 0; r < gpus; ++r) {
        const Part& owner = *parts[r];
        if (owner.words)
          NCCL_CHECK(ncclBroadcast(next + owner.first_word, next + owner.first_word, owner.words, ncclUint32, r,
                                   (*comms)[k], p.stream));
      }
      NCCL_CHECK(ncclAllGather(p.slot(branch), p.gathered.data(), 2, ncclUint64, (*comms)[k], p.stream));
      NCCL_CHECK(ncclGroupEnd());
      CUDA_CHECK(cudaEventRecord(p.mark[2], p.stream));
      CUDA_CHECK(cudaMemcpyAsync(p.host_gathered.data(), p.gathered.data(), 2 * gpus * sizeof(unsigned long long),
                                 cudaMemcpyDeviceToHost, p.stream));
      CUDA_CHECK(cudaStreamSynchronize(p.stream));
      float compute = 0, comm = 0;
      CUDA_CHECK(cudaEventElapsedTime(&compute, p.mark[0], p.mark[1]));
      CUDA_CHECK(cudaEventElapsedTime(&comm, p.mark[1], p.mark[2]));
      p.compute_ms.push_back(compute);
      p.comm_ms.push_back(comm);
      std::uint64_t found = 0, arcs = 0;
      for (int r = 0; r < gpus; ++r) found += p.host_gathered[2 * r], arcs += p.host_gathered[2 * r + 1];
      if (const std::uint64_t mine = p.host_gathered[2 * k]) p.copy->maybe_copy_early(p.code.data(), branch, mine);
      f.prev_size = f.size;
      f.size = found;
      f.arcs = arcs;
      f.unexplored -= arcs;
      cur ^= 1;
    }
    // The last branch found nothing: the deepest level is branch - 1.
    const double t1 = steady_seconds();
    GpuRunTimes copy_times;
    p.copy->finish(p.code.data(), p.deep.data(), branch - 1, p.level, copy_times);
    p.done_at = steady_seconds();
    p.d2h_s = p.done_at - t1;
    p.copy->widen(p.level, copy_times);
    std::copy(p.level.begin(), p.level.end(), level.begin() + p.lo);
    p.widen_s = steady_seconds() - p.done_at;
  }
};

int MultiGpuTraversal::gpus_present() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

std::uint64_t MultiGpuTraversal::device_bytes_per_gpu(std::uint64_t n, std::uint64_t arcs, int gpus,
                                                      double range_arc_weight) {
  const std::uint64_t g = std::uint64_t(std::max(1, gpus));
  const std::uint64_t range_arcs = largest_range_arcs(n, arcs, gpus, range_arc_weight);
  const std::uint64_t range = largest_range_vertices(n, arcs, gpus, range_arc_weight);
  const std::uint64_t into = g > 1 ? 8 * (n + 1) + 4 * range_arcs : 0;
  return 8 * (range + 1) + 4 * range_arcs + into                          // the two sets of arcs
         + (range_arcs / kChunkArcs + range_arcs / kLargeDegree + 1) * 8  // large vertices' chunks
         + range * (1 + 4) + 2 * range / 8                                // codes, deep levels, visited, no_arcs
         + 4 * (n / kQueueDivisor + 1)                                    // a small frontier's queue
         + 2 * words_of(n) * 4                                            // the two frontier bitmaps
         + range * (4 + 1) + (range + 1) / 2                              // the copy back (level_copy_gpu.cuh)
         + kRuntimeBytes;
}

std::uint64_t MultiGpuTraversal::host_bytes(std::uint64_t n, std::uint64_t arcs, int gpus, double range_arc_weight) {
  const std::uint64_t g = std::uint64_t(std::max(1, gpus));
  const std::uint64_t range_arcs = largest_range_arcs(n, arcs, gpus, range_arc_weight);
  return (g > 1 ? 8 * (n + 1) + 4 * range_arcs : 0)                           // one range's arcs_into at a time
         + 8 * (largest_range_vertices(n, arcs, gpus, range_arc_weight) + 1)  // its own offsets
         + n * (4 + 1 + 1) + n / 2;                                           // levels and the copy back's host arrays
}

MultiGpuTraversal::MultiGpuTraversal(const CsrView& g, int gpus, const GpuOptions& opt, double range_arc_weight)
    : MultiGpuTraversal(g, range_bounds(g, gpus, range_arc_weight), opt) {}  // range_bounds refuses gpus < 1

MultiGpuTraversal::MultiGpuTraversal(const CsrView& g, const std::vector<vid_t>& bounds, const GpuOptions& opt)
    : impl_(new Impl) {
  check_bottom_up_shape(opt.bottom_up_words, opt.bottom_up_arcs);
  const int gpus = int(bounds.size()) - 1, present = gpus_present();
  if (gpus < 1 || gpus > present)
    throw std::invalid_argument("MultiGpuTraversal: " + std::to_string(gpus) + " GPUs asked for, " +
                                std::to_string(present) + " present");
  bool whole_words = bounds.front() == 0 && bounds.back() == g.n;
  for (int k = 0; k < gpus; ++k)
    whole_words = whole_words && bounds[k] <= bounds[k + 1] && (k == 0 || bounds[k] % 32 == 0);
  if (!whole_words) throw std::invalid_argument("MultiGpuTraversal: the ranges' bounds are not 0, whole words, n");
  Impl& m = *impl_;
  m.host = g;
  m.opt = opt;
  m.all_words = words_of(g.n);
  m.bounds = bounds;
  int previous = 0;
  CUDA_CHECK(cudaGetDevice(&previous));
  const double t0 = steady_seconds();
  for (int k = 0; k < gpus; ++k) m.parts.push_back(std::make_unique<Part>());
  for (int k = 0; k < gpus; ++k) {
    CUDA_CHECK(cudaSetDevice(k));
    std::size_t free_before = 0, free_after = 0, total = 0;
    CUDA_CHECK(cudaMemGetInfo(&free_before, &total));
    m.build_part(k);
    CUDA_CHECK(cudaMemGetInfo(&free_after, &total));
    m.parts[k]->device_bytes = free_before > free_after ? free_before - free_after : 0;
  }
  m.comms = shared_nccl_comms(gpus);
  m.upload_s = steady_seconds() - t0;
  CUDA_CHECK(cudaSetDevice(previous));
}

MultiGpuTraversal::~MultiGpuTraversal() {
  if (!impl_) return;
  int previous = 0;
  cudaGetDevice(&previous);
  impl_->comms.reset();
  for (std::size_t k = 0; k < impl_->parts.size(); ++k) {  // each GPU's memory freed with that GPU current
    cudaSetDevice(int(k));
    impl_->parts[k].reset();
  }
  cudaSetDevice(previous);
}

int MultiGpuTraversal::gpus() const { return int(impl_->parts.size()); }
std::uint64_t MultiGpuTraversal::device_bytes_used() const {
  std::uint64_t most = 0;
  for (const auto& p : impl_->parts) most = std::max(most, p->device_bytes);
  return most;
}
double MultiGpuTraversal::upload_seconds() const { return impl_->upload_s; }
const std::vector<vid_t>& MultiGpuTraversal::bounds() const { return impl_->bounds; }

MultiGpuRunTimes MultiGpuTraversal::direction_optimising(vid_t source, std::vector<std::uint32_t>& level, double alpha,
                                                         double beta) {
  Impl& m = *impl_;
  if (m.comms->aborted()) throw std::runtime_error("MultiGpuTraversal: an earlier traversal failed; NCCL was aborted");
  if (source >= m.host.n) throw std::invalid_argument("MultiGpuTraversal: source out of range");
  level.resize(m.host.n);
  const int gpus = int(m.parts.size());
  std::vector<std::exception_ptr> errors(gpus);
  std::atomic<bool> failed{false};
  const double t0 = steady_seconds();
  run_concurrently(gpus, [&](int k) {
    try {
      m.traverse(k, source, alpha, beta, level);
    } catch (...) {
      errors[k] = std::current_exception();
      if (!failed.exchange(true)) m.comms->abort();  // the other GPUs would wait in NCCL for ever
    }
  });
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  MultiGpuRunTimes t;
  const Part& first = *m.parts[0];
  t.bottom_up = first.bottom_up;
  double max_sum = 0, mean_sum = 0;
  for (std::size_t l = 0; l < first.compute_ms.size(); ++l) {
    int slowest = 0;
    double sum = 0;
    for (int k = 0; k < gpus; ++k) {
      sum += m.parts[k]->compute_ms[l];
      if (m.parts[k]->compute_ms[l] > m.parts[slowest]->compute_ms[l]) slowest = k;
    }
    const double compute = m.parts[slowest]->compute_ms[l] * 1e-3, comm = m.parts[slowest]->comm_ms[l] * 1e-3;
    t.level_compute_s.push_back(compute);
    t.level_comm_s.push_back(comm);
    t.compute_s += compute;
    t.comm_s += comm;
    max_sum += compute;
    mean_sum += sum / gpus * 1e-3;
  }
  t.imbalance = mean_sum > 0 ? max_sum / mean_sum : 1;
  double done = t0;
  for (const auto& p : m.parts) {
    done = std::max(done, p->done_at);
    t.init_s = std::max(t.init_s, p->init_s);
    t.d2h_s = std::max(t.d2h_s, p->d2h_s);
    t.widen_s = std::max(t.widen_s, p->widen_s);
  }
  t.seconds = done - t0;  // each thread widens its range after that, untimed
  return t;
}

}  // namespace gs::traversal
