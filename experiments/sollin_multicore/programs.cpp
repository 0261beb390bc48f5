#include "experiments/sollin_multicore/programs.hpp"

#include <memory>
#include <optional>

#include "algorithms/mst/sollin/kruskal_complete.hpp"
#include "algorithms/mst/sollin/sollin.hpp"
#include "baselines/bgl.hpp"
#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/timer.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/mst/boruvka_dense_gpu/boruvka_dense_gpu.hpp"
#endif

namespace gs::sollin_multicore {

using harness::Column;
using harness::Unit;

const std::vector<Column>& columns() {
  static const std::vector<Column> all = [] {
    std::vector<Column> c = {{"storage", Unit::text}, {"matrix_bytes", Unit::count}};
    for (const char* name : {"setup_s", "h2d_s", "compute_s", "d2h_s", "select_s", "contract_s", "first_merge_s",
                             "later_merges_s", "traceback_s"})
      c.push_back({name, Unit::seconds});
    return c;
  }();
  return all;
}

namespace {

using harness::Outcome;
using harness::Prepared;

enum class Storage { full, triangular };

// What every row of a program says about its input: the storage it reads, its
// bytes, and the untimed setup's seconds where it has one.
Prepared reads(Storage storage, const CompleteGraph& g, std::optional<double> setup_s = std::nullopt) {
  const bool tri = storage == Storage::triangular;
  Prepared p;
  p.columns["storage"] = std::string(tri ? "triangular" : "full");
  p.columns["matrix_bytes"] = double(tri ? g.tri.a.size() * 2 : g.full.a.size() * 2);
  if (setup_s) p.columns["setup_s"] = *setup_s;
  return p;
}

class Kruskal final : public MstProgram {
 public:
  Prepared prepare(const CompleteGraph& g, int) override { return reads(Storage::full, g); }
  Outcome<Forest> run(const CompleteGraph& g, const harness::NoQuery&, int) override {
    Outcome<Forest> r;
    r.seconds = time_seconds([&] { r.answer = mst::kruskal_complete(g.full); });
    return r;
  }
};

class BglKruskal final : public MstProgram {
 public:
  // Its edge list and graph.
  std::uint64_t host_bytes(const harness::GraphSize& size) const override { return 16 * size.n * size.n; }
  Prepared prepare(const CompleteGraph& g, int) override {
    WallTimer setup;
    graph_ = std::make_unique<bgl::Digraph<W>>(matrix_to_edge_list(g.full));
    return reads(Storage::full, g, setup.seconds());
  }
  Outcome<Forest> run(const CompleteGraph&, const harness::NoQuery&, int) override {
    Outcome<Forest> r;
    r.seconds = time_seconds([&] { r.answer = bgl::kruskal(*graph_); });
    return r;
  }
  void release() override { graph_.reset(); }

 private:
  std::unique_ptr<bgl::Digraph<W>> graph_;
};

// The four Sollin programs: serial or conflict-free, over either storage.
class Sollin final : public MstProgram {
 public:
  Sollin(mst::SollinStrategy strategy, Storage storage) : strategy_(strategy), storage_(storage) {}
  // The contracted-matrix workspace for this thread count.
  Prepared prepare(const CompleteGraph& g, int threads) override {
    WallTimer setup;
    solver_ = std::make_unique<mst::SollinSolver>(g.full.n, strategy_, threads);
    return reads(storage_, g, setup.seconds());
  }
  Outcome<Forest> run(const CompleteGraph& g, const harness::NoQuery&, int) override {
    Outcome<Forest> r;
    r.seconds = time_seconds(
        [&] { r.answer = storage_ == Storage::triangular ? solver_->solve(g.tri) : solver_->solve(g.full); });
    const mst::SollinPhases& p = solver_->last_phases();
    r.phases = {{"select_s", p.select_s},
                {"contract_s", p.contract_s},
                {"first_merge_s", p.first_merge_s},
                {"later_merges_s", p.later_merges_s},
                {"traceback_s", p.traceback_s}};
    return r;
  }
  void release() override { solver_.reset(); }

 private:
  mst::SollinStrategy strategy_;
  Storage storage_;
  std::unique_ptr<mst::SollinSolver> solver_;
};

#ifdef GS_HAVE_CUDA
class BoruvkaDenseGpu final : public MstProgram {
 public:
  std::uint64_t device_bytes(const harness::GraphSize& size) const override {
    return mst::DenseBoruvkaGpu::device_bytes(vid_t(size.n));
  }
  Prepared prepare(const CompleteGraph& g, int) override {
    WallTimer setup;
    gpu_ = std::make_unique<mst::DenseBoruvkaGpu>(g.full.n);
    return reads(Storage::full, g, setup.seconds());
  }
  Outcome<Forest> run(const CompleteGraph& g, const harness::NoQuery&, int) override {
    Outcome<Forest> r;
    const double h2d = gpu_->upload(g.full);
    mst::GpuSolveTimes times;
    r.answer = gpu_->solve(&times);
    r.seconds = times.compute_s;
    r.phases = {{"h2d_s", h2d}, {"compute_s", times.compute_s}, {"d2h_s", times.d2h_s}};
    return r;
  }
  void release() override { gpu_.reset(); }

 private:
  std::unique_ptr<mst::DenseBoruvkaGpu> gpu_;
};
#endif

}  // namespace

const harness::ProgramTable<MstProgram, Config>& program_table() {
  using harness::Device;
  using mst::SollinStrategy;
  auto sollin = [](SollinStrategy strategy, Storage storage) {
    return [=](const Config&) -> std::unique_ptr<MstProgram> { return std::make_unique<Sollin>(strategy, storage); };
  };
  static const harness::ProgramTable<MstProgram, Config> table = {
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
       [](const Config&) -> std::unique_ptr<MstProgram> {
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
