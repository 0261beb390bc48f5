#include "experiments/kruskal_100m/programs.hpp"

#include <stdexcept>

#include "algorithms/mst/kruskal/filter_kruskal.hpp"
#include "algorithms/mst/kruskal/kruskal_cpu.hpp"
#include "baselines/bgl.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/mst/kruskal/kruskal_gpu.hpp"
#endif

namespace gs::kruskal_100m {
namespace {

using harness::Device;

// A program that is one function of (n, edge array).
template <class F>
class HostSort : public Program {
 public:
  explicit HostSort(F f) : f_(f) {}
  ProgramRun run(Workload& w, std::vector<KEdge>& work) override {
    ProgramRun r;
    WallTimer t;
    r.result = f_(w.el.n, work);
    r.seconds = t.seconds();
    return r;
  }

 private:
  F f_;
};
template <class F>
ProgramTable::Factory host_sort(F f) {
  return [f](const Config&) { return std::make_unique<HostSort<F>>(f); };
}

class BglKruskal : public Program {
 public:
  void prepare(Workload& w) override {
    WallTimer t;
    graph_ = std::make_unique<bgl::Digraph<std::uint32_t>>(w.el);
    build_s_ = t.seconds();
  }
  ProgramRun run(Workload&, std::vector<KEdge>&) override {
    ProgramRun r;
    WallTimer t;
    r.result.forest = bgl::kruskal(*graph_);
    r.seconds = t.seconds();
    return r;
  }
  void release() override { graph_.reset(); }
  std::map<std::string, std::string> graph_columns() const override { return {{"build_s", fmt_seconds(build_s_)}}; }

 private:
  std::unique_ptr<bgl::Digraph<std::uint32_t>> graph_;
  double build_s_ = 0;
};

// The CUDA programs, defined only in builds with CUDA; elsewhere the harness
// skips them (no GPU) and never calls their factories.
template <bool Cdp>
class DeviceSort;
class CubKruskal;

template <class P>
ProgramTable::Factory needs_cuda() {
  return [](const Config&) -> std::unique_ptr<Program> {
#ifdef GS_HAVE_CUDA
    return std::make_unique<P>();
#else
    throw std::logic_error("kruskal_100m: a CUDA program in a build without CUDA");
#endif
  };
}

#ifdef GS_HAVE_CUDA
// The paper's GPU sorts: Thrust (Cdp = false) or the CDP2 quicksort kernel.
template <bool Cdp>
class DeviceSort : public Program {
 public:
  // Thrust: 3 input + 3 sorted vectors of u32 and the radix sort's buffers; CDP: data + scratch.
  std::uint64_t device_bytes(std::uint64_t, std::uint64_t m) const override { return m * (Cdp ? 24 : 36); }
  ProgramRun run(Workload& w, std::vector<KEdge>& work) override {
    ProgramRun r;
    WallTimer t;
    r.result = Cdp ? mst::kruskal_cdp(w.el.n, work.data(), work.size())
                   : mst::kruskal_thrust(w.el.n, work.data(), work.size());
    r.seconds = t.seconds();
    return r;
  }
};

class CubKruskal : public Program {
 public:
  std::uint64_t device_bytes(std::uint64_t n, std::uint64_t m) const override {
    return mst::CubKruskalPipeline::device_bytes(vid_t(n), m);
  }
  void prepare(Workload& w) override {
    pipeline_ = std::make_unique<mst::CubKruskalPipeline>(w.edges.size());
    // Trials read the program's own copy: the copy each trial gets is not pinned.
    pinned_ = w.edges;
    pin_s_ = pipeline_->pin(pinned_.data(), pinned_.size());
  }
  ProgramRun run(Workload& w, std::vector<KEdge>&) override {
    ProgramRun r;
    WallTimer t;
    r.result = pipeline_->run(w.el.n, pinned_.data(), pinned_.size());
    r.seconds = t.seconds();
    r.result.phases["cub_sortpairs_s"] = pipeline_->cub_sort_pairs_seconds(pinned_.size());
    return r;
  }
  void release() override {
    pipeline_.reset();
    pinned_ = {};
  }
  std::map<std::string, std::string> graph_columns() const override { return {{"pin_s", fmt_seconds(pin_s_)}}; }

 private:
  std::unique_ptr<mst::CubKruskalPipeline> pipeline_;
  std::vector<KEdge> pinned_;
  double pin_s_ = 0;
};
#endif

}  // namespace

const ProgramTable& programs() {
  static const ProgramTable table = {
      {{"kruskal_seq", "paper program 1: sample-median quicksort of the edge array + union-find", Device::cpu, false,
        0.2},
       host_sort([](vid_t n, std::vector<KEdge>& e) { return mst::kruskal_seq(n, e); })},
      {{"kruskal_omp",
        "paper program 2: the same quicksort with OpenMP tasks (cutoff 1024); ranges of 2^20+ partitioned by all "
        "threads",
        Device::cpu, true, 0.025},
       host_sort([](vid_t n, std::vector<KEdge>& e) { return mst::kruskal_omp(n, e); })},
      {{"kruskal_omp_listing5", "paper program 2 exactly as listing 5: every partition by one thread", Device::cpu,
        true, 0.025},
       host_sort([](vid_t n, std::vector<KEdge>& e) { return mst::kruskal_omp(n, e, 1024, 0); })},
      {{"kruskal_thrust", "paper program 3: thrust::sort_by_key on the weights, OpenMP unpack/repack", Device::cpu_gpu,
        true, 0.011},
       needs_cuda<DeviceSort<false>>()},
      {{"kruskal_cdp", "paper program 4: CDP2 recursive quicksort kernel", Device::cpu_gpu, false, 0.005},
       needs_cuda<DeviceSort<true>>()},
      {{kBglKruskal, "library baseline: boost::kruskal_minimum_spanning_tree", Device::cpu, false, 1.9},
       [](const Config&) { return std::make_unique<BglKruskal>(); }},
      {{"filter_kruskal_omp", "beyond: parallel filter-Kruskal (OpenMP)", Device::cpu, true, 0.001},
       host_sort([](vid_t n, std::vector<KEdge>& e) { return mst::filter_kruskal_omp(n, e); })},
      {{"kruskal_cub_gpu",
        "beyond: CUB pipeline, light-prefix radix sort + device Boruvka, heavy edges filtered on the device",
        Device::cpu_gpu, false, 0.001},
       needs_cuda<CubKruskal>()},
      // Made and run on the ranks of an MPI job by scale_out.cpp.
      {{kPbglBoruvka, "beyond: Parallel BGL dense Boruvka on the ranks of an MPI job", Device::mpi, false, 4.0},
       nullptr},
  };
  return table;
}

}  // namespace gs::kruskal_100m
