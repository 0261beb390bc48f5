#include "experiments/sollin_multicore/programs.hpp"

#include "algorithms/mst/sollin/kruskal_complete.hpp"
#include "algorithms/mst/sollin/sollin.hpp"
#include "baselines/bgl.hpp"
#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/mst/boruvka_dense_gpu/boruvka_dense_gpu.hpp"
#endif

namespace gs::sollin_multicore {

const char* storage_name(Storage s) { return s == Storage::triangular ? "triangular" : "full"; }

namespace {

class Kruskal final : public Program {
 public:
  bool slow_baseline() const override { return true; }
  ProgramRun run(const CompleteGraph& g) override {
    ProgramRun r;
    r.seconds = time_seconds([&] { r.forest = mst::kruskal_complete(g.full); });
    return r;
  }
};

class BglKruskal final : public Program {
 public:
  bool slow_baseline() const override { return true; }
  // Its edge list and graph.
  std::uint64_t own_host_bytes(vid_t n) const override { return 16 * std::uint64_t(n) * n; }
  std::optional<double> prepare(const CompleteGraph& g, int) override {
    WallTimer setup;
    graph_ = std::make_unique<bgl::Digraph<W>>(matrix_to_edge_list(g.full));
    return setup.seconds();
  }
  ProgramRun run(const CompleteGraph&) override {
    ProgramRun r;
    r.seconds = time_seconds([&] { r.forest = bgl::kruskal(*graph_); });
    return r;
  }

 private:
  std::unique_ptr<bgl::Digraph<W>> graph_;
};

// The four Sollin programs: serial or conflict-free, over either storage.
class Sollin final : public Program {
 public:
  Sollin(mst::SollinStrategy strategy, Storage storage) : strategy_(strategy), storage_(storage) {}
  Storage storage() const override { return storage_; }
  std::optional<double> prepare(const CompleteGraph& g, int threads) override {
    WallTimer setup;
    solver_ = std::make_unique<mst::SollinSolver>(g.full.n, strategy_, threads);
    return setup.seconds();
  }
  ProgramRun run(const CompleteGraph& g) override {
    ProgramRun r;
    r.seconds = time_seconds(
        [&] { r.forest = storage_ == Storage::triangular ? solver_->solve(g.tri) : solver_->solve(g.full); });
    const mst::SollinPhases& p = solver_->last_phases();
    r.phases = {{"select_s", fmt_seconds(p.select_s)},
                {"contract_s", fmt_seconds(p.contract_s)},
                {"first_merge_s", fmt_seconds(p.first_merge_s)},
                {"later_merges_s", fmt_seconds(p.later_merges_s)},
                {"traceback_s", fmt_seconds(p.traceback_s)}};
    return r;
  }

 private:
  mst::SollinStrategy strategy_;
  Storage storage_;
  std::unique_ptr<mst::SollinSolver> solver_;
};

#ifdef GS_HAVE_CUDA
class BoruvkaDenseGpu final : public Program {
 public:
  std::uint64_t device_bytes(vid_t n) const override { return mst::DenseBoruvkaGpu::device_bytes(n); }
  std::optional<double> prepare(const CompleteGraph& g, int) override {
    WallTimer setup;
    gpu_ = std::make_unique<mst::DenseBoruvkaGpu>(g.full.n);
    return setup.seconds();
  }
  ProgramRun run(const CompleteGraph& g) override {
    ProgramRun r;
    const double h2d = gpu_->upload(g.full);
    mst::GpuSolveTimes times;
    r.forest = gpu_->solve(&times);
    r.seconds = times.compute_s;
    r.phases = {
        {"h2d_s", fmt_seconds(h2d)}, {"compute_s", fmt_seconds(times.compute_s)}, {"d2h_s", fmt_seconds(times.d2h_s)}};
    return r;
  }

 private:
  std::unique_ptr<mst::DenseBoruvkaGpu> gpu_;
};
#endif

}  // namespace

const harness::ProgramTable<Program, Config>& program_table() {
  using harness::Device;
  using mst::SollinStrategy;
  auto sollin = [](SollinStrategy strategy, Storage storage) {
    return [=](const Config&) -> std::unique_ptr<Program> { return std::make_unique<Sollin>(strategy, storage); };
  };
  static const harness::ProgramTable<Program, Config> table = {
      {{kKruskal, "the paper's Kruskal: the complete graph's edges sorted, then union-find (serial)"},
       [](const Config&) { return std::make_unique<Kruskal>(); }},
      {{kBglKruskal, "BGL kruskal_minimum_spanning_tree over matrix_to_edge_list (graph built outside the timing)"},
       [](const Config&) { return std::make_unique<BglKruskal>(); }},
      {{kSollinSerial, "the paper's serial Sollin (program 2): merge by old edges, full matrix"},
       sollin(SollinStrategy::serial, Storage::full)},
      {{kSollinSerialTri, "serial Sollin over the lower-triangular matrix (half the memory)"},
       sollin(SollinStrategy::serial, Storage::triangular)},
      {{kSollinConflictFree,
        "the paper's conflict-free Sollin (program 3 at threads=1, program 4 with OpenMP), full matrix", Device::cpu,
        /*threaded=*/true},
       sollin(SollinStrategy::conflict_free, Storage::full)},
      {{kSollinConflictFreeTri, "conflict-free Sollin over the lower-triangular matrix", Device::cpu,
        /*threaded=*/true},
       sollin(SollinStrategy::conflict_free, Storage::triangular)},
      {{kBoruvkaDenseGpu, "beyond the paper: dense Boruvka on the device-resident matrix (h2d_s = the matrix copy)",
        Device::gpu},
       [](const Config&) -> std::unique_ptr<Program> {
#ifdef GS_HAVE_CUDA
         return std::make_unique<BoruvkaDenseGpu>();
#else
         // The harness skips GPU programs first where there is no GPU.
         throw ResourceError(std::string(kBoruvkaDenseGpu) + ": built without CUDA");
#endif
       }},
  };
  return table;
}

}  // namespace gs::sollin_multicore
