// The CUDA shortest-path programs as harness programs (compiled into
// gs_sssp_cuda; their entries are in sssp_programs.cpp).
#include <cstdint>
#include <memory>

#include "algorithms/sssp/async_buckets_gpu.hpp"
#include "algorithms/sssp/gpu_program_outcome.hpp"
#include "algorithms/sssp/near_far_gpu.hpp"
#include "algorithms/sssp/sssp_input.hpp"
#include "algorithms/sssp/sssp_programs.hpp"
#include "algorithms/sssp/two_kernel_cuda.hpp"

namespace gs::sssp {
namespace {

using harness::Prepared;
using Outcome = harness::Outcome<std::vector<float>>;

class TwoKernelCudaProgram final : public SsspProgram {
 public:
  Prepared prepare(const Csr<float>& g, int) override {
    impl_.load(g);
    return {.columns = {{"h2d_s", impl_.upload_seconds()}}};
  }
  Outcome run(const Csr<float>&, const vid_t& source, int) override { return gpu_outcome(impl_, source); }

 private:
  TwoKernelCuda impl_;
};

// Arcs relaxed per arc of the graph (0 for a graph without arcs).
double per_arc(std::uint64_t relaxations, eid_t arcs) { return arcs ? double(relaxations) / double(arcs) : 0.0; }

class NearFarProgram final : public SsspProgram {
 public:
  explicit NearFarProgram(const SsspOptions& o) : factor_(o.gpu_delta_factor) { impl_.set_tuning(o.near_far); }
  Prepared prepare(const Csr<float>& g, int) override {
    impl_.load(g, default_delta(g, factor_));
    return {.columns = {{"h2d_s", impl_.upload_seconds()}, {"delta", double(impl_.delta())}}};
  }
  Outcome run(const Csr<float>& g, const vid_t& source, int) override {
    Outcome r = gpu_outcome(impl_, source);
    const NearFarStats& st = impl_.last_stats().front();
    r.phases["relax_per_arc"] = per_arc(st.arc_relaxations, g.num_arcs());
    r.phases["buckets"] = double(st.splits) + 1;  // the first band, and one per split
    return r;
  }

 private:
  float factor_;
  NearFarGpu impl_;
};

class AsyncBucketsProgram final : public SsspProgram {
 public:
  explicit AsyncBucketsProgram(const SsspOptions& o) : factor_(o.async_width_factor) {
    impl_.set_tuning(o.async_buckets);
  }
  // delta: the first bucket width (it adapts).
  Prepared prepare(const Csr<float>& g, int) override {
    impl_.load(g, default_delta(g, factor_));
    return {.columns = {{"h2d_s", impl_.upload_seconds()}, {"delta", double(impl_.width())}}};
  }
  Outcome run(const Csr<float>& g, const vid_t& source, int) override {
    Outcome r = gpu_outcome(impl_, source);
    const AsyncBucketsStats& st = impl_.last_stats().front();
    r.phases["relax_per_arc"] = per_arc(st.arc_relaxations, g.num_arcs());
    r.phases["buckets"] = double(st.buckets);
    r.phases["wait_s"] = st.wait_s;
    return r;
  }

 private:
  float factor_;
  AsyncBucketsGpu impl_;
};

}  // namespace

std::unique_ptr<SsspProgram> make_two_kernel_cuda(const SsspOptions&) {
  return std::make_unique<TwoKernelCudaProgram>();
}
std::unique_ptr<SsspProgram> make_near_far_gpu(const SsspOptions& o) { return std::make_unique<NearFarProgram>(o); }
std::unique_ptr<SsspProgram> make_async_buckets_gpu(const SsspOptions& o) {
  return std::make_unique<AsyncBucketsProgram>(o);
}

}  // namespace gs::sssp
