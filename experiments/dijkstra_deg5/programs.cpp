#include "experiments/dijkstra_deg5/programs.hpp"

#include <optional>
#include <stdexcept>

#include "algorithms/sssp/delta_stepping_omp.hpp"
#include "algorithms/sssp/sssp_input.hpp"
#include "baselines/bgl.hpp"
#include "common/timer.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/sssp/async_buckets_gpu.hpp"
#include "algorithms/sssp/near_far_gpu.hpp"
#include "algorithms/sssp/two_kernel_cuda.hpp"
#endif

namespace gs::dijkstra_deg5 {

namespace {

class BglDijkstra final : public SsspProgram {
 public:
  void load(const Csr<float>& g) override {
    sssp::require_nonnegative_weights(g, kBglDijkstra);
    graph_.reset();
    graph_.emplace(g);
  }
  ProgramRun run(vid_t source, int threads) override {
    ProgramRun r;
    WallTimer t;
    r.dist = bgl::dijkstra(*graph_, source);
    r.seconds = t.seconds();
    return r;
  }

 private:
  std::optional<bgl::Digraph<float>> graph_;
};

class DeltaSteppingOmp final : public SsspProgram {
 public:
  explicit DeltaSteppingOmp(const ProgramOptions& o) : opt_(o) {}
  void load(const Csr<float>& g) override {
    sssp::require_nonnegative_weights(g, kDeltaSteppingOmp);
    g_ = &g;
    delta_ = sssp::default_delta(g, opt_.cpu_delta_factor);
  }
  ProgramRun run(vid_t source, int threads) override {
    ProgramRun r;
    WallTimer t;
    // Weights were checked in load().
    r.dist = sssp::delta_stepping_omp_prevalidated(*g_, source, delta_, threads);
    r.seconds = t.seconds();
    return r;
  }
  double delta() const override { return delta_; }

 private:
  ProgramOptions opt_;
  const Csr<float>* g_ = nullptr;
  float delta_ = 1;
};

// The GPU programs share the run shape: one source per call, phases from SsspRun.
template <class Impl>
ProgramRun from_gpu_run(Impl& impl, vid_t source) {
  sssp::SsspRun run = std::move(impl.run({source}).front());
  ProgramRun r;
  r.dist = std::move(run.dist);
  r.seconds = run.kernel_s;
  r.kernel_s = run.kernel_s;
  r.d2h_s = run.d2h_s;
  r.iterations = run.iterations;
  return r;
}

#ifdef GS_HAVE_OPENCL
class TwoKernelOpenClProgram final : public SsspProgram {
 public:
  explicit TwoKernelOpenClProgram(const ProgramOptions& o) : impl_(o.opencl_device) {}
  void load(const Csr<float>& g) override { impl_.load(g); }
  ProgramRun run(vid_t source, int threads) override { return from_gpu_run(impl_, source); }
  std::string device() const override { return impl_.device_is_gpu() ? "gpu" : "cpu"; }
  // On a CPU device the runtime runs one thread per compute unit.
  int threads() const override { return impl_.device_is_gpu() ? 1 : int(impl_.compute_units()); }
  double h2d_s() const override { return impl_.upload_seconds(); }
  double build_s() const override { return impl_.build_seconds(); }
  std::string device_name() const override { return impl_.device_name(); }

 private:
  sssp::TwoKernelOpenCl impl_;
};
#endif

#ifdef GS_HAVE_CUDA
class TwoKernelCudaProgram final : public SsspProgram {
 public:
  void load(const Csr<float>& g) override { impl_.load(g); }
  ProgramRun run(vid_t source, int threads) override { return from_gpu_run(impl_, source); }
  double h2d_s() const override { return impl_.upload_seconds(); }

 private:
  sssp::TwoKernelCuda impl_;
};

// Arcs relaxed per arc of the graph (0 for a graph without arcs).
double per_arc(std::uint64_t relaxations, eid_t arcs) { return arcs ? double(relaxations) / double(arcs) : 0.0; }

class NearFarProgram final : public SsspProgram {
 public:
  explicit NearFarProgram(const ProgramOptions& o) : factor_(o.gpu_delta_factor) { impl_.set_tuning(o.near_far); }
  void load(const Csr<float>& g) override {
    impl_.load(g, sssp::default_delta(g, factor_));
    arcs_ = g.num_arcs();
  }
  ProgramRun run(vid_t source, int threads) override {
    ProgramRun r = from_gpu_run(impl_, source);
    const sssp::NearFarStats& st = impl_.last_stats().front();
    r.relax_per_arc = per_arc(st.arc_relaxations, arcs_);
    r.buckets = long(st.splits) + 1;  // the first band, and one per split
    return r;
  }
  double h2d_s() const override { return impl_.upload_seconds(); }
  double delta() const override { return impl_.delta(); }

 private:
  float factor_;
  eid_t arcs_ = 0;
  sssp::NearFarGpu impl_;
};

class AsyncBucketsProgram final : public SsspProgram {
 public:
  explicit AsyncBucketsProgram(const ProgramOptions& o) : factor_(o.async_width_factor) {
    impl_.set_tuning(o.async_buckets);
  }
  void load(const Csr<float>& g) override {
    impl_.load(g, sssp::default_delta(g, factor_));
    arcs_ = g.num_arcs();
  }
  ProgramRun run(vid_t source, int threads) override {
    ProgramRun r = from_gpu_run(impl_, source);
    const sssp::AsyncBucketsStats& st = impl_.last_stats().front();
    r.relax_per_arc = per_arc(st.arc_relaxations, arcs_);
    r.buckets = long(st.buckets);
    r.wait_s = st.wait_s;
    return r;
  }
  double h2d_s() const override { return impl_.upload_seconds(); }
  double delta() const override { return impl_.width(); }  // the first bucket width (it adapts)

 private:
  float factor_;
  eid_t arcs_ = 0;
  sssp::AsyncBucketsGpu impl_;
};
#endif

}  // namespace

// A program this build lacks is never made: the harness skips it first (no GPU, no OpenCL).
[[noreturn]] std::unique_ptr<SsspProgram> not_built(const std::string& name) {
  throw ResourceError("dijkstra_deg5: " + name + " is not built in this configuration");
}

const harness::ProgramTable<SsspProgram, ProgramOptions>& program_table() {
  using harness::Device;
  using P = ProgramOptions;
  static const harness::ProgramTable<SsspProgram, ProgramOptions> table = {
      {{kBglDijkstra, "BGL dijkstra_shortest_paths, binary heap (CPU baseline, the paper's CPU program)"},
       [](const P&) { return std::make_unique<BglDijkstra>(); }},
      {{kTwoKernelOpenCl, "the paper's two-kernel SSSP in OpenCL (device: --opencl-device)", Device::opencl},
       [](const P& o) -> std::unique_ptr<SsspProgram> {
#ifdef GS_HAVE_OPENCL
         return std::make_unique<TwoKernelOpenClProgram>(o);
#else
         return not_built(kTwoKernelOpenCl);
#endif
       }},
      {{kTwoKernelCuda, "the same two-kernel SSSP in CUDA", Device::gpu},
       [](const P&) -> std::unique_ptr<SsspProgram> {
#ifdef GS_HAVE_CUDA
         return std::make_unique<TwoKernelCudaProgram>();
#else
         return not_built(kTwoKernelCuda);
#endif
       }},
      {{kDeltaSteppingOmp, "beyond: parallel delta-stepping, OpenMP (CPU)", Device::cpu, /*threaded=*/true},
       [](const P& o) { return std::make_unique<DeltaSteppingOmp>(o); }},
      {{kNearFarGpu, "beyond: work-efficient near-far SSSP with frontier queues (CUDA)", Device::gpu},
       [](const P& o) -> std::unique_ptr<SsspProgram> {
#ifdef GS_HAVE_CUDA
         return std::make_unique<NearFarProgram>(o);
#else
         return not_built(kNearFarGpu);
#endif
       }},
      {{kAsyncBucketsGpu,
        "beyond: asynchronous bucketed SSSP, persistent workers, adaptive bucket width (CUDA, ADDS-like)", Device::gpu},
       [](const P& o) -> std::unique_ptr<SsspProgram> {
#ifdef GS_HAVE_CUDA
         return std::make_unique<AsyncBucketsProgram>(o);
#else
         return not_built(kAsyncBucketsGpu);
#endif
       }},
      {{kPbglDeltaStepping, "beyond: Parallel BGL delta-stepping on the ranks of an MPI job", Device::mpi}, nullptr},
  };
  return table;
}

}  // namespace gs::dijkstra_deg5
