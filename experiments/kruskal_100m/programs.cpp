#include "experiments/kruskal_100m/programs.hpp"

#include <map>

#include "algorithms/mst/kruskal/filter_kruskal.hpp"
#include "algorithms/mst/kruskal/kruskal_cpu.hpp"
#include "baselines/bgl.hpp"
#include "common/errors.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/mst/kruskal/kruskal_gpu.hpp"
#endif

namespace gs::kruskal_100m {

std::vector<AlgorithmInfo> all_programs() {
  return {
      {"kruskal_seq", "paper program 1: sample-median quicksort of the edge array + union-find", false},
      {"kruskal_omp", "paper program 2: the same quicksort with OpenMP tasks (cutoff 1024); ranges of 2^20+ partitioned by all threads", false},
      {"kruskal_omp_listing5", "paper program 2 exactly as listing 5: every partition by one thread", false},
      {"kruskal_thrust", "paper program 3: thrust::sort_by_key on the weights, OpenMP unpack/repack", true},
      {"kruskal_cdp", "paper program 4: CDP2 recursive quicksort kernel", true},
      {"bgl_kruskal", "library baseline: boost::kruskal_minimum_spanning_tree", false},
      {"filter_kruskal_omp", "beyond: parallel filter-Kruskal (OpenMP)", false},
      {"kruskal_cub_gpu", "beyond: CUB pipeline, light-prefix radix sort + device Boruvka, heavy edges filtered on the device", true},
  };
}

namespace {

// A program that is one function of (n, edge array).
template <class F>
class Simple : public Program {
 public:
  Simple(F f, bool parallel) : f_(f), parallel_(parallel) {}
  ProgramRun run(Workload& w, std::vector<KEdge>& work) override {
    ProgramRun r;
    WallTimer t;
    r.result = f_(w.el.n, work);
    r.seconds = t.seconds();
    return r;
  }
  bool parallel_host() const override { return parallel_; }

 private:
  F f_;
  bool parallel_;
};
template <class F>
std::unique_ptr<Program> simple(F f, bool parallel) {
  return std::make_unique<Simple<F>>(f, parallel);
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

#ifdef GS_HAVE_CUDA
class CubKruskal : public Program {
 public:
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
  std::string device() const override { return "cpu+gpu"; }

 private:
  std::unique_ptr<mst::CubKruskalPipeline> pipeline_;
  std::vector<KEdge> pinned_;
  double pin_s_ = 0;
};

class GpuSimple : public Program {
 public:
  explicit GpuSimple(bool cdp) : cdp_(cdp) {}
  ProgramRun run(Workload& w, std::vector<KEdge>& work) override {
    ProgramRun r;
    WallTimer t;
    r.result = cdp_ ? mst::kruskal_cdp(w.el.n, work.data(), work.size()) : mst::kruskal_thrust(w.el.n, work.data(), work.size());
    r.seconds = t.seconds();
    return r;
  }
  std::string device() const override { return "cpu+gpu"; }
  bool parallel_host() const override { return !cdp_; }

 private:
  bool cdp_;
};
#endif

}  // namespace

std::unique_ptr<Program> make_program(const std::string& name) {
  if (name == "kruskal_seq") return simple([](vid_t n, std::vector<KEdge>& e) { return mst::kruskal_seq(n, e); }, false);
  if (name == "kruskal_omp") return simple([](vid_t n, std::vector<KEdge>& e) { return mst::kruskal_omp(n, e); }, true);
  if (name == "kruskal_omp_listing5")
    return simple([](vid_t n, std::vector<KEdge>& e) { return mst::kruskal_omp(n, e, 1024, 0); }, true);
  if (name == "filter_kruskal_omp")
    return simple([](vid_t n, std::vector<KEdge>& e) { return mst::filter_kruskal_omp(n, e); }, true);
  if (name == "bgl_kruskal") return std::make_unique<BglKruskal>();
#ifdef GS_HAVE_CUDA
  if (name == "kruskal_thrust") return std::make_unique<GpuSimple>(false);
  if (name == "kruskal_cdp") return std::make_unique<GpuSimple>(true);
  if (name == "kruskal_cub_gpu") return std::make_unique<CubKruskal>();
#endif
  throw ResourceError("kruskal_100m: program " + name + " is not available in this build (built without CUDA)");
}

std::uint64_t gpu_bytes(const std::string& name, std::uint64_t m) {
  if (name == "kruskal_thrust") return m * 36;  // 3 input + 3 sorted vectors of u32, radix-sort buffers
  if (name == "kruskal_cdp") return m * 24;     // data + scratch
#ifdef GS_HAVE_CUDA
  if (name == "kruskal_cub_gpu") return mst::CubKruskalPipeline::device_bytes(m);
#endif
  return 0;
}

}  // namespace gs::kruskal_100m
