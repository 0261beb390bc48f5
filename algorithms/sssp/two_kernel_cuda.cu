// Two-kernel SSSP in CUDA. Per source: an initialisation kernel, then rounds of
//   phase 1: every masked vertex clears its mask and relaxes its out-arcs into
//            updating_cost with an atomic minimum (the original's plain store
//            is a write-after-write race that can lose the smaller value);
//   phase 2: every vertex whose updating_cost dropped below its cost takes it
//            and sets its mask; updating_cost = cost;
// until no mask is set. Instead of reading the whole mask array back each
// round, phase 2 raises one device flag when it sets any mask: the same test
// ("is the mask empty?") for 4 bytes of PCIe traffic instead of n.
// Distances are float; for non-negative floats the bit patterns order like the
// values, so the atomic minimum is an unsigned atomicMin on the bits.
#include "algorithms/sssp/two_kernel_cuda.hpp"

#include <cuda_runtime.h>

#include <cmath>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/device_csr.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/cuda/grid.cuh"
#include "common/cuda/warp.cuh"
#include "common/memory.hpp"

namespace gs::sssp {

namespace {

constexpr int kBlock = 256;

__global__ void init_kernel(vid_t n, vid_t source, float* cost, unsigned* updating_cost, unsigned char* mask) {
  const vid_t v = grid_thread<vid_t>();
  if (v >= n) return;
  const bool is_source = v == source;
  cost[v] = is_source ? 0.0f : INFINITY;
  updating_cost[v] = __float_as_uint(is_source ? 0.0f : INFINITY);
  mask[v] = is_source;
}

__global__ void relax_kernel(vid_t n, const eid_t* __restrict__ offsets, const vid_t* __restrict__ adj,
                             const float* __restrict__ w, const float* __restrict__ cost, unsigned* updating_cost,
                             unsigned char* mask) {
  const vid_t u = grid_thread<vid_t>();
  if (u >= n || !mask[u]) return;
  mask[u] = 0;
  const float du = cost[u];
  for (eid_t e = offsets[u], end = offsets[u + 1]; e < end; ++e)
    atomicMin(updating_cost + adj[e], __float_as_uint(du + w[e]));
}

__global__ void update_kernel(vid_t n, float* cost, unsigned* updating_cost, unsigned char* mask, int* any_mask) {
  const vid_t v = grid_thread<vid_t>();
  bool set = false;
  if (v < n) {
    const float uc = __uint_as_float(updating_cost[v]);
    if (uc < cost[v]) {
      cost[v] = uc;
      mask[v] = 1;
      set = true;
    }
    updating_cost[v] = __float_as_uint(cost[v]);
  }
  // One store per warp that set a mask, not one per vertex.
  if (__any_sync(kFullWarp, set) && (threadIdx.x % 32) == 0) *any_mask = 1;
}

}  // namespace

struct TwoKernelCuda::State {
  vid_t n = 0;
  DeviceCsr<float> graph;
  DeviceBuffer<float> cost;
  DeviceBuffer<unsigned> updating_cost;
  DeviceBuffer<unsigned char> mask;
  DeviceBuffer<int> any_mask;
  PinnedBuffer<int> any_mask_host{1};
  cudaStream_t stream{};
  double upload_s = 0;
  State() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)); }
  ~State() { cudaStreamDestroy(stream); }
};

TwoKernelCuda::TwoKernelCuda() : s_(std::make_unique<State>()) {}
TwoKernelCuda::~TwoKernelCuda() = default;

double TwoKernelCuda::upload_seconds() const { return s_->upload_s; }

void TwoKernelCuda::load(const Csr<float>& g) {
  require_nonnegative_weights(g, "two_kernel_cuda");
  const std::uint64_t bytes = (std::uint64_t(g.n) + 1) * sizeof(eid_t) +
                              g.num_arcs() * (sizeof(vid_t) + sizeof(float)) +
                              std::uint64_t(g.n) * (2 * sizeof(float) + 1);
  require_device_memory(bytes, "two_kernel_cuda graph and arrays");
  State& s = *s_;
  s.n = g.n;
  s.cost.resize(g.n);
  s.updating_cost.resize(g.n);
  s.mask.resize(g.n);
  s.any_mask.resize(1);
  s.upload_s = s.graph.upload(g, s.stream);
}

std::vector<SsspRun> TwoKernelCuda::run(const std::vector<vid_t>& sources) {
  State& s = *s_;
  std::vector<SsspRun> out;
  out.reserve(sources.size());
  const unsigned blocks = unsigned((std::uint64_t(s.n) + kBlock - 1) / kBlock);
  CudaEventTimer compute, copy;
  for (const vid_t source : sources) {
    if (source >= s.n)
      throw InputError("two_kernel_cuda: source " + std::to_string(source) +
                       " is not a vertex (n = " + std::to_string(s.n) + ")");
    SsspRun r;
    compute.start(s.stream);
    init_kernel<<<blocks, kBlock, 0, s.stream>>>(s.n, source, s.cost.data(), s.updating_cost.data(), s.mask.data());
    CUDA_CHECK_LAUNCH();
    while (true) {
      CUDA_CHECK(cudaMemsetAsync(s.any_mask.data(), 0, sizeof(int), s.stream));
      relax_kernel<<<blocks, kBlock, 0, s.stream>>>(s.n, s.graph.offsets.data(), s.graph.adj.data(), s.graph.w.data(),
                                                    s.cost.data(), s.updating_cost.data(), s.mask.data());
      CUDA_CHECK_LAUNCH();
      update_kernel<<<blocks, kBlock, 0, s.stream>>>(s.n, s.cost.data(), s.updating_cost.data(), s.mask.data(),
                                                     s.any_mask.data());
      CUDA_CHECK_LAUNCH();
      ++r.iterations;
      // The mask read-back of the paper's loop: the host decides whether to go on.
      CUDA_CHECK(
          cudaMemcpyAsync(s.any_mask_host.data(), s.any_mask.data(), sizeof(int), cudaMemcpyDeviceToHost, s.stream));
      CUDA_CHECK(cudaStreamSynchronize(s.stream));
      if (s.any_mask_host[0] == 0) break;
    }
    compute.stop(s.stream);
    r.kernel_s = compute.seconds();
    r.dist.resize(s.n);
    copy.start(s.stream);
    s.cost.download(r.dist.data(), s.n, s.stream);
    copy.stop(s.stream);
    r.d2h_s = copy.seconds();
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace gs::sssp
