#include "experiments/dijkstra_deg5/programs.hpp"

#include <optional>
#include <stdexcept>

#include "algorithms/sssp/delta_stepping_omp.hpp"
#include "algorithms/sssp/sssp_input.hpp"
#include "baselines/bgl.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/sssp/async_buckets_gpu.hpp"
#include "algorithms/sssp/near_far_gpu.hpp"
#include "algorithms/sssp/two_kernel_cuda.hpp"
#endif

namespace gs::dijkstra_deg5 {

const std::vector<harness::Column>& columns() {
  using harness::Unit;
  static const std::vector<harness::Column> all = {{"source", Unit::text},
                                                   {"h2d_s"},
                                                   {"kernel_s"},
                                                   {"d2h_s"},
                                                   {"build_s"},
                                                   {"iterations", Unit::count},
                                                   {"delta", Unit::number},
                                                   {"opencl_device", Unit::text},
                                                   {"relax_per_arc", Unit::number},
                                                   {"buckets", Unit::count},
                                                   {"wait_s"}};
  return all;
}

namespace {

using harness::Prepared;
using Outcome = harness::Outcome<std::vector<float>>;

class BglDijkstra final : public SsspProgram {
 public:
  Prepared prepare(const Csr<float>& g, int) override {
    sssp::require_nonnegative_weights(g, kBglDijkstra);
    graph_.emplace(g);
    return {};
  }
  Outcome run(const Csr<float>&, const vid_t& source, int) override {
    WallTimer t;
    std::vector<float> dist = bgl::dijkstra(*graph_, source);
    return {.seconds = t.seconds(), .answer = std::move(dist)};
  }
  void release() override { graph_.reset(); }

 private:
  std::optional<bgl::Digraph<float>> graph_;
};

class DeltaSteppingOmp final : public SsspProgram {
 public:
  explicit DeltaSteppingOmp(const ProgramOptions& o) : factor_(o.cpu_delta_factor) {}
  Prepared prepare(const Csr<float>& g, int) override {
    sssp::require_nonnegative_weights(g, kDeltaSteppingOmp);
    delta_ = sssp::default_delta(g, factor_);
    return {.columns = {{"delta", double(delta_)}}};
  }
  Outcome run(const Csr<float>& g, const vid_t& source, int threads) override {
    WallTimer t;
    // Weights were checked in prepare().
    std::vector<float> dist = sssp::delta_stepping_omp_prevalidated(g, source, delta_, threads);
    return {.seconds = t.seconds(), .answer = std::move(dist)};
  }

 private:
  float factor_;
  float delta_ = 1;
};

// The GPU programs share the run shape: one source per call, phases from SsspRun.
template <class Impl>
Outcome from_gpu_run(Impl& impl, vid_t source) {
  sssp::SsspRun run = std::move(impl.run({source}).front());
  return {.seconds = run.kernel_s,
          .answer = std::move(run.dist),
          .phases = {{"kernel_s", run.kernel_s}, {"d2h_s", run.d2h_s}, {"iterations", double(run.iterations)}}};
}

#ifdef GS_HAVE_OPENCL
class TwoKernelOpenClProgram final : public SsspProgram {
 public:
  explicit TwoKernelOpenClProgram(const ProgramOptions& o) : impl_(o.opencl_device) {}
  // Its rows name the device the runtime chose; on a CPU device it runs one thread per compute unit.
  Prepared prepare(const Csr<float>& g, int) override {
    impl_.load(g);
    const std::string name = impl_.device_name();
    return {.columns = {{"h2d_s", impl_.upload_seconds()}, {"build_s", impl_.build_seconds()}, {"opencl_device", name}},
            .device = impl_.device_is_gpu() ? "gpu" : "cpu",
            .threads = impl_.device_is_gpu() ? 1 : int(impl_.compute_units()),
            .note = name.empty()
                        ? ""
                        : "runs on " + name + " (program built in " + fmt_seconds(impl_.build_seconds()) + " s)"};
  }
  Outcome run(const Csr<float>&, const vid_t& source, int) override { return from_gpu_run(impl_, source); }

 private:
  sssp::TwoKernelOpenCl impl_;
};
#endif

#ifdef GS_HAVE_CUDA
class TwoKernelCudaProgram final : public SsspProgram {
 public:
  Prepared prepare(const Csr<float>& g, int) override {
    impl_.load(g);
    return {.columns = {{"h2d_s", impl_.upload_seconds()}}};
  }
  Outcome run(const Csr<float>&, const vid_t& source, int) override { return from_gpu_run(impl_, source); }

 private:
  sssp::TwoKernelCuda impl_;
};

// Arcs relaxed per arc of the graph (0 for a graph without arcs).
double per_arc(std::uint64_t relaxations, eid_t arcs) { return arcs ? double(relaxations) / double(arcs) : 0.0; }

class NearFarProgram final : public SsspProgram {
 public:
  explicit NearFarProgram(const ProgramOptions& o) : factor_(o.gpu_delta_factor) { impl_.set_tuning(o.near_far); }
  Prepared prepare(const Csr<float>& g, int) override {
    impl_.load(g, sssp::default_delta(g, factor_));
    return {.columns = {{"h2d_s", impl_.upload_seconds()}, {"delta", double(impl_.delta())}}};
  }
  Outcome run(const Csr<float>& g, const vid_t& source, int) override {
    Outcome r = from_gpu_run(impl_, source);
    const sssp::NearFarStats& st = impl_.last_stats().front();
    r.phases["relax_per_arc"] = per_arc(st.arc_relaxations, g.num_arcs());
    r.phases["buckets"] = double(st.splits) + 1;  // the first band, and one per split
    return r;
  }

 private:
  float factor_;
  sssp::NearFarGpu impl_;
};

class AsyncBucketsProgram final : public SsspProgram {
 public:
  explicit AsyncBucketsProgram(const ProgramOptions& o) : factor_(o.async_width_factor) {
    impl_.set_tuning(o.async_buckets);
  }
  // delta: the first bucket width (it adapts).
  Prepared prepare(const Csr<float>& g, int) override {
    impl_.load(g, sssp::default_delta(g, factor_));
    return {.columns = {{"h2d_s", impl_.upload_seconds()}, {"delta", double(impl_.width())}}};
  }
  Outcome run(const Csr<float>& g, const vid_t& source, int) override {
    Outcome r = from_gpu_run(impl_, source);
    const sssp::AsyncBucketsStats& st = impl_.last_stats().front();
    r.phases["relax_per_arc"] = per_arc(st.arc_relaxations, g.num_arcs());
    r.phases["buckets"] = double(st.buckets);
    r.phases["wait_s"] = st.wait_s;
    return r;
  }

 private:
  float factor_;
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
