#include "algorithms/mst/kruskal/kruskal_programs.hpp"

#include <utility>

#include "algorithms/mst/kruskal/filter_kruskal.hpp"
#include "algorithms/mst/kruskal/kruskal_cpu.hpp"
#include "baselines/bgl.hpp"
#include "common/harness/built_with.hpp"
#include "common/timer.hpp"

namespace gs::mst {

using harness::Column;
using harness::Device;
using harness::Family;
using harness::Unit;

const std::vector<Column>& kruskal_columns() {
  static const std::vector<Column> all = [] {
    std::vector<Column> c;
    for (const char* name :
         {"pin_s", "h2d_s", "sort_s", "d2h_s", "unionfind_s", "resident_s", "cub_sortpairs_s", "build_s"})
      c.push_back({name, Unit::seconds});
    for (const char* name : {"cdp_fallbacks", "light_edges", "heavy_edges", "boruvka_rounds"})
      c.push_back({name, Unit::count});
    return c;
  }();
  return all;
}

namespace {

using Outcome = harness::Outcome<Forest>;

// A program that is one function of (n, edge array), timed whole.
template <class F>
class HostSort final : public KruskalProgram {
 public:
  explicit HostSort(F f) : f_(f) {}
  Outcome run(const KruskalInput& in, const harness::NoQuery&, int) override {
    WallTimer t;
    MsfResult r = f_(in.el.n, in.work);
    const double seconds = t.seconds();
    return {.seconds = seconds, .answer = std::move(r.forest), .phases = phase_columns(r)};
  }

 private:
  F f_;
};
template <class F>
harness::ProgramEntry<KruskalProgram>::Factory host_sort(F f) {
  return [f](const harness::NoOptions&) { return std::make_unique<HostSort<F>>(f); };
}

class BglKruskal final : public KruskalProgram {
 public:
  harness::Prepared prepare(const KruskalInput& in, int) override {
    WallTimer t;
    graph_ = std::make_unique<bgl::Digraph<std::uint32_t>>(in.el);
    return {.columns = {{"build_s", t.seconds()}}};
  }
  Outcome run(const KruskalInput&, const harness::NoQuery&, int) override {
    WallTimer t;
    Forest forest = bgl::kruskal(*graph_);
    return {.seconds = t.seconds(), .answer = std::move(forest)};
  }
  void release() override { graph_.reset(); }

 private:
  std::unique_ptr<bgl::Digraph<std::uint32_t>> graph_;
};

}  // namespace

harness::ProgramEntries<KruskalProgram> kruskal_programs() {
  return {
      {{.name = "kruskal_seq",
        .description = "paper program 1: sample-median quicksort of the edge array + union-find",
        .cost = 0.2,
        .label = "(1) sequential",
        .family = Family::paper},
       host_sort([](vid_t n, std::vector<KEdge>& e) { return kruskal_seq(n, e); })},
      {{.name = "kruskal_omp",
        .description = "paper program 2: the same quicksort with OpenMP tasks (cutoff 1024); ranges of 2^20+ "
                       "partitioned by all threads",
        .threaded = true,
        .cost = 0.025,
        .label = "(2) OpenMP tasks, parallel partition",
        .family = Family::paper},
       host_sort([](vid_t n, std::vector<KEdge>& e) { return kruskal_omp(n, e); })},
      {{.name = "kruskal_omp_listing5",
        .description = "paper program 2 exactly as listing 5: every partition by one thread",
        .threaded = true,
        .cost = 0.025,
        .label = "(2) OpenMP tasks, as listing 5",
        .family = Family::paper},
       host_sort([](vid_t n, std::vector<KEdge>& e) { return kruskal_omp(n, e, 1024, 0); })},
      {{.name = "kruskal_thrust",
        .description = "paper program 3: thrust::sort_by_key on the weights, OpenMP unpack/repack",
        .device = Device::cpu_gpu,
        .threaded = true,
        .cost = 0.011,
        .label = "(3) CUDA Thrust sort",
        .family = Family::paper},
       GS_NEEDS_CUDA(&make_kruskal_thrust)},
      {{.name = "kruskal_cdp",
        .description = "paper program 4: CDP2 recursive quicksort kernel",
        .device = Device::cpu_gpu,
        .cost = 0.005,
        .label = "(4) CUDA dyn. parallelism",
        .family = Family::paper},
       GS_NEEDS_CUDA(&make_kruskal_cdp)},
      {{.name = kBglKruskal,
        .description = "library baseline: boost::kruskal_minimum_spanning_tree",
        .cost = 1.9,
        .label = "BGL Kruskal",
        .family = Family::baseline},
       [](const harness::NoOptions&) { return std::make_unique<BglKruskal>(); }},
      {{.name = "filter_kruskal_omp",
        .description = "beyond: parallel filter-Kruskal (OpenMP)",
        .threaded = true,
        .cost = 0.001,
        .label = "filter-Kruskal (OpenMP)",
        .family = Family::beyond},
       host_sort([](vid_t n, std::vector<KEdge>& e) { return filter_kruskal_omp(n, e); })},
      {{.name = "kruskal_cub_gpu",
        .description =
            "beyond: CUB pipeline, light-prefix radix sort + device Boruvka, heavy edges filtered on the device",
        .device = Device::cpu_gpu,
        .cost = 0.001,
        .label = "CUB pipeline (radix sort + device Boruvka)",
        .family = Family::beyond},
       GS_NEEDS_CUDA(&make_kruskal_cub_gpu)},
      // Made and run on the ranks of an MPI job by the experiment.
      {{.name = kPbglBoruvka,
        .description = "beyond: Parallel BGL dense Boruvka on the ranks of an MPI job",
        .device = Device::mpi,
        .cost = 4.0,
        .label = "Parallel BGL Boruvka (MPI)",
        .family = Family::beyond},
       nullptr},
  };
}

}  // namespace gs::mst
