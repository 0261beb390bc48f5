#include "experiments/kruskal_100m/programs.hpp"

#include <stdexcept>

#include "algorithms/mst/kruskal/filter_kruskal.hpp"
#include "algorithms/mst/kruskal/kruskal_cpu.hpp"
#include "baselines/bgl.hpp"
#include "common/timer.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/mst/kruskal/kruskal_gpu.hpp"
#endif

namespace gs::kruskal_100m {
namespace {

using harness::Device;
using Outcome = harness::Outcome<std::vector<KEdge>>;

// The forest, its timed seconds and the phases the program measured.
Outcome outcome(mst::KruskalResult r, double seconds) {
  Outcome o{.seconds = seconds, .answer = std::move(r.forest)};
  for (const auto& [name, value] : r.phases) o.phases[name] = value;
  return o;
}

// A program that is one function of (n, edge array).
template <class F>
class HostSort : public KruskalProgram {
 public:
  explicit HostSort(F f) : f_(f) {}
  Outcome run(const TrialInput& in, const harness::NoQuery&, int) override {
    WallTimer t;
    mst::KruskalResult r = f_(in.graph.el.n, in.edges);
    const double seconds = t.seconds();
    return outcome(std::move(r), seconds);
  }

 private:
  F f_;
};
template <class F>
ProgramTable::Factory host_sort(F f) {
  return [f](const Config&) { return std::make_unique<HostSort<F>>(f); };
}

class BglKruskal : public KruskalProgram {
 public:
  harness::Prepared prepare(const TrialInput& in, int) override {
    WallTimer t;
    graph_ = std::make_unique<bgl::Digraph<std::uint32_t>>(in.graph.el);
    return {.columns = {{"build_s", t.seconds()}}};
  }
  Outcome run(const TrialInput&, const harness::NoQuery&, int) override {
    WallTimer t;
    std::vector<KEdge> forest = bgl::kruskal(*graph_);
    return {.seconds = t.seconds(), .answer = std::move(forest)};
  }
  void release() override { graph_.reset(); }

 private:
  std::unique_ptr<bgl::Digraph<std::uint32_t>> graph_;
};

// The CUDA programs, defined only in builds with CUDA; elsewhere the harness
// skips them (no GPU) and never calls their factories.
template <bool Cdp>
class DeviceSort;
class CubKruskal;

template <class P>
ProgramTable::Factory needs_cuda() {
  return [](const Config&) -> std::unique_ptr<KruskalProgram> {
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
class DeviceSort : public KruskalProgram {
 public:
  // Thrust: 3 input + 3 sorted vectors of u32 and the radix sort's buffers; CDP: data + scratch.
  std::uint64_t device_bytes(const harness::GraphSize& size) const override { return size.m * (Cdp ? 24 : 36); }
  Outcome run(const TrialInput& in, const harness::NoQuery&, int) override {
    std::vector<KEdge>& e = in.edges;
    WallTimer t;
    mst::KruskalResult r = Cdp ? mst::kruskal_cdp(in.graph.el.n, e.data(), e.size())
                               : mst::kruskal_thrust(in.graph.el.n, e.data(), e.size());
    const double seconds = t.seconds();
    return outcome(std::move(r), seconds);
  }
};

class CubKruskal : public KruskalProgram {
 public:
  std::uint64_t device_bytes(const harness::GraphSize& size) const override {
    return mst::CubKruskalPipeline::device_bytes(vid_t(size.n), size.m);
  }
  harness::Prepared prepare(const TrialInput& in, int) override {
    pipeline_ = std::make_unique<mst::CubKruskalPipeline>(in.graph.edges.size());
    // Trials read the program's own copy: the copy each trial gets is not pinned.
    pinned_ = in.graph.edges;
    return {.columns = {{"pin_s", pipeline_->pin(pinned_.data(), pinned_.size())}}};
  }
  Outcome run(const TrialInput& in, const harness::NoQuery&, int) override {
    WallTimer t;
    mst::KruskalResult r = pipeline_->run(in.graph.el.n, pinned_.data(), pinned_.size());
    const double seconds = t.seconds();
    Outcome o = outcome(std::move(r), seconds);
    o.phases["cub_sortpairs_s"] = pipeline_->cub_sort_pairs_seconds(pinned_.size());
    return o;
  }
  void release() override {
    pipeline_.reset();
    pinned_ = {};
  }

 private:
  std::unique_ptr<mst::CubKruskalPipeline> pipeline_;
  std::vector<KEdge> pinned_;
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
