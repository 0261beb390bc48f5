// Near-far SSSP on the GPU. One thread per queued vertex relaxes its out-arcs
// with an atomic minimum on the float bits (non-negative floats order like
// their bits). An improved target goes to the near queue when its new distance
// is below the threshold, else to the far pile. Stamps (last round / last band
// that queued a vertex) keep each queue free of duplicates, which bounds the
// near queue by n and the far pile by 2n. Queue slots are taken with one
// atomicAdd per warp (coalesced groups), not one per push.
// The host reads three words back per round (near size, far size, smallest
// far distance), the counterpart of the two-kernel program's mask read-back;
// with the smallest far distance it jumps over empty bands.
#include "algorithms/sssp/near_far_gpu.hpp"

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/device_csr.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/memory.hpp"

namespace gs::sssp {

namespace {

namespace cg = cooperative_groups;
constexpr int kBlock = 256;
constexpr unsigned kNever = 0xffffffffu;
constexpr unsigned kInfinityBits = 0x7f800000u;  // +infinity as float bits

float bits_to_float(unsigned bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

struct Counters {
  unsigned near_size;
  unsigned far_size;
  unsigned far_min_bits;  // smallest distance kept in the far pile (float bits)
};

// A slot in a queue; the active threads of a warp share one atomicAdd.
__device__ unsigned claim_slot(unsigned* size) {
  cg::coalesced_group g = cg::coalesced_threads();
  unsigned base = 0;
  if (g.thread_rank() == 0) base = atomicAdd(size, g.size());
  return g.shfl(base, 0) + g.thread_rank();
}

__device__ void push_once(vid_t v, unsigned* stamp, unsigned mark, vid_t* queue, unsigned* size) {
  if (atomicExch(stamp + v, mark) != mark) queue[claim_slot(size)] = v;
}

__global__ void init_kernel(vid_t n, vid_t source, unsigned* dist, unsigned* near_stamp, unsigned* far_stamp) {
  const vid_t v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n) return;
  dist[v] = __float_as_uint(v == source ? 0.0f : INFINITY);
  near_stamp[v] = kNever;
  far_stamp[v] = kNever;
}

__global__ void expand_kernel(const eid_t* __restrict__ offsets, const vid_t* __restrict__ adj, const float* __restrict__ w,
                              unsigned* dist, const vid_t* __restrict__ near_in, unsigned near_in_size, float threshold,
                              vid_t* near_out, unsigned round, unsigned* near_stamp, vid_t* far, unsigned band,
                              unsigned* far_stamp, Counters* c) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= near_in_size) return;
  const vid_t u = near_in[i];
  const float du = __uint_as_float(dist[u]);
  for (eid_t e = offsets[u], end = offsets[u + 1]; e < end; ++e) {
    const vid_t v = adj[e];
    const float nd = du + w[e];
    const unsigned bits = __float_as_uint(nd);
    if (atomicMin(dist + v, bits) > bits) {
      if (nd < threshold) push_once(v, near_stamp, round, near_out, &c->near_size);
      else push_once(v, far_stamp, band, far, &c->far_size);
    }
  }
}

// Splits the far pile at the new band [low, high): settled entries (below
// low, already expanded in an earlier band) are dropped, those in the band go
// to the near queue, the rest stay in the far pile (deduplicated again).
__global__ void split_kernel(const unsigned* dist, const vid_t* __restrict__ far_in, unsigned far_in_size, float low,
                             float high, vid_t* near_out, unsigned round, unsigned* near_stamp, vid_t* far_out,
                             unsigned band, unsigned* far_stamp, Counters* c) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= far_in_size) return;
  const vid_t v = far_in[i];
  const unsigned bits = dist[v];
  const float d = __uint_as_float(bits);
  if (d < low) return;
  if (d < high) {
    push_once(v, near_stamp, round, near_out, &c->near_size);
  } else {
    push_once(v, far_stamp, band, far_out, &c->far_size);
    atomicMin(&c->far_min_bits, bits);
  }
}

unsigned blocks_for(std::uint64_t items) { return unsigned((items + kBlock - 1) / kBlock); }

}  // namespace

struct NearFarGpu::State {
  vid_t n = 0;
  float delta = 1;
  DeviceCsr<float> graph;
  DeviceBuffer<vid_t> near_a, near_b, far_a, far_b;
  DeviceBuffer<unsigned> dist, near_stamp, far_stamp;
  DeviceBuffer<Counters> counters;
  PinnedBuffer<Counters> counters_host{1};
  cudaStream_t stream{};
  double upload_s = 0;
  State() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)); }
  ~State() { cudaStreamDestroy(stream); }

  // Sets the counters on the device to `start`, runs `launch`, reads them back.
  template <class F>
  Counters step(const Counters& start, F&& launch) {
    counters_host[0] = start;
    CUDA_CHECK(cudaMemcpyAsync(counters.data(), counters_host.data(), sizeof(Counters), cudaMemcpyHostToDevice, stream));
    launch();
    CUDA_CHECK(cudaMemcpyAsync(counters_host.data(), counters.data(), sizeof(Counters), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    return counters_host[0];
  }
};

NearFarGpu::NearFarGpu() : s_(std::make_unique<State>()) {}
NearFarGpu::~NearFarGpu() = default;
double NearFarGpu::upload_seconds() const { return s_->upload_s; }
float NearFarGpu::delta() const { return s_->delta; }

void NearFarGpu::load(const Csr<float>& g, float delta) {
  require_nonnegative_weights(g, "near_far_gpu");
  State& s = *s_;
  const std::uint64_t n = g.n;
  const std::uint64_t bytes = (n + 1) * sizeof(eid_t) + g.num_arcs() * (sizeof(vid_t) + sizeof(float)) +
                              n * (3 * sizeof(unsigned) + 2 * sizeof(vid_t) + 2 * 2 * sizeof(vid_t));
  require_device_memory(bytes, "near_far_gpu graph, distances and queues");
  s.n = g.n;
  s.delta = delta > 0 ? delta : default_delta(g, 4.0f);
  s.dist.resize(n);
  s.near_stamp.resize(n);
  s.far_stamp.resize(n);
  s.near_a.resize(std::max<std::uint64_t>(n, 1));
  s.near_b.resize(std::max<std::uint64_t>(n, 1));
  s.far_a.resize(std::max<std::uint64_t>(2 * n, 1));
  s.far_b.resize(std::max<std::uint64_t>(2 * n, 1));
  s.counters.resize(1);
  s.upload_s = s.graph.upload(g, s.stream);
}

std::vector<SsspRun> NearFarGpu::run(const std::vector<vid_t>& sources) {
  State& s = *s_;
  std::vector<SsspRun> out;
  out.reserve(sources.size());
  CudaEventTimer compute, copy;
  for (const vid_t source : sources) {
    if (source >= s.n) throw InputError("near_far_gpu: source " + std::to_string(source) + " is not a vertex (n = " + std::to_string(s.n) + ")");
    SsspRun r;
    compute.start(s.stream);
    init_kernel<<<blocks_for(s.n), kBlock, 0, s.stream>>>(s.n, source, s.dist.data(), s.near_stamp.data(), s.far_stamp.data());
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpyAsync(s.near_a.data(), &source, sizeof(vid_t), cudaMemcpyHostToDevice, s.stream));
    vid_t *near_in = s.near_a.data(), *near_out = s.near_b.data(), *far_in = s.far_a.data(), *far_out = s.far_b.data();
    // Every expand or split marks its near-queue pushes with a fresh `round`, every
    // band its far-pile pushes with `band`, so a stamp never collides with an older queue.
    unsigned near_size = 1, far_size = 0, round = 0, band = 0;
    float low = 0, high = s.delta;
    while (near_size > 0 || far_size > 0) {
      if (near_size > 0) {
        // Expand the near queue; the far pile grows in place (its size carries over).
        const unsigned in_size = near_size;
        const unsigned mark = round++;
        const Counters c = s.step(Counters{0, far_size, kInfinityBits}, [&] {
          expand_kernel<<<blocks_for(in_size), kBlock, 0, s.stream>>>(
              s.graph.offsets.data(), s.graph.adj.data(), s.graph.w.data(), s.dist.data(), near_in, in_size, high, near_out, mark,
              s.near_stamp.data(), far_in, band, s.far_stamp.data(), s.counters.data());
          CUDA_CHECK_LAUNCH();
        });
        ++r.iterations;
        std::swap(near_in, near_out);
        near_size = c.near_size;
        far_size = c.far_size;
        continue;
      }
      // Near queue empty: advance the band and split the far pile.
      low = high;
      high = low + s.delta;
      ++band;
      const unsigned in_size = far_size;
      const unsigned mark = round++;
      const Counters c = s.step(Counters{0, 0, kInfinityBits}, [&] {
        split_kernel<<<blocks_for(in_size), kBlock, 0, s.stream>>>(s.dist.data(), far_in, in_size, low, high, near_in,
                                                                    mark, s.near_stamp.data(), far_out, band,
                                                                    s.far_stamp.data(), s.counters.data());
        CUDA_CHECK_LAUNCH();
      });
      std::swap(far_in, far_out);
      near_size = c.near_size;
      far_size = c.far_size;
      // An empty band: the next one starts at the smallest far distance.
      if (near_size == 0 && far_size > 0) high = std::max(high, bits_to_float(c.far_min_bits));
    }
    compute.stop(s.stream);
    r.kernel_s = compute.seconds();
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
