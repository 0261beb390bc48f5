#include "algorithms/mst/sollin/sollin_programs.hpp"

#include <memory>
#include <utility>

#include "algorithms/mst/boruvka_dense_gpu/boruvka_dense_gpu_programs.hpp"
#include "algorithms/mst/sollin/kruskal_complete.hpp"
#include "algorithms/mst/sollin/sollin.hpp"
#include "baselines/bgl.hpp"
#include "common/convert.hpp"
#include "common/harness/built_with.hpp"
#include "common/timer.hpp"

namespace gs::mst {

using harness::Column;
using harness::Unit;

const std::vector<Column>& sollin_columns() {
  static const std::vector<Column> all = [] {
    std::vector<Column> c = {{"storage", Unit::text}, {"matrix_bytes", Unit::count}};
    for (const char* name : {"setup_s", "h2d_s", "compute_s", "d2h_s"}) c.push_back({name, Unit::seconds});
    for (const char* name : kSollinTimes) c.push_back({name, Unit::seconds});
    return c;
  }();
  return all;
}

namespace {

using W = std::uint32_t;
using harness::Outcome;
using harness::Prepared;

class Kruskal final : public CompleteMsfProgram {
 public:
  Prepared prepare(const CompleteGraph& g, int) override { return matrix_reads(MatrixStorage::full, g); }
  Outcome<Forest> run(const CompleteGraph& g, const harness::NoQuery&, int) override {
    Outcome<Forest> r;
    r.seconds = time_seconds([&] { r.answer = kruskal_complete(g.full); });
    return r;
  }
};

class BglKruskal final : public CompleteMsfProgram {
 public:
  // Its edge list and graph.
  std::uint64_t host_bytes(const harness::GraphSize& size) const override { return 16 * size.n * size.n; }
  Prepared prepare(const CompleteGraph& g, int) override {
    WallTimer setup;
    graph_ = std::make_unique<bgl::Digraph<W>>(matrix_to_edge_list(g.full));
    return matrix_reads(MatrixStorage::full, g, setup.seconds());
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
class Sollin final : public CompleteMsfProgram {
 public:
  Sollin(SollinStrategy strategy, MatrixStorage storage) : strategy_(strategy), storage_(storage) {}
  // The contracted-matrix workspace for this thread count.
  Prepared prepare(const CompleteGraph& g, int threads) override {
    WallTimer setup;
    solver_ = std::make_unique<SollinSolver>(g.full.n, strategy_, threads);
    return matrix_reads(storage_, g, setup.seconds());
  }
  Outcome<Forest> run(const CompleteGraph& g, const harness::NoQuery&, int) override {
    Outcome<Forest> r;
    r.seconds = time_seconds(
        [&] { r.answer = storage_ == MatrixStorage::triangular ? solver_->forest(g.tri) : solver_->forest(g.full); });
    for (const auto& [name, seconds] : solver_->phase_times()) r.phases[name] = seconds;
    return r;
  }
  void release() override { solver_.reset(); }

 private:
  SollinStrategy strategy_;
  MatrixStorage storage_;
  std::unique_ptr<SollinSolver> solver_;
};

harness::ProgramEntry<CompleteMsfProgram>::Factory sollin(SollinStrategy strategy, MatrixStorage storage) {
  return [=](const harness::NoOptions&) { return std::make_unique<Sollin>(strategy, storage); };
}

}  // namespace

harness::ProgramEntries<CompleteMsfProgram> sollin_programs() {
  using harness::Device;
  using harness::Family;
  return {
      {{.name = kKruskal,
        .description = "the paper's Kruskal: the complete graph's edges sorted, then union-find (serial)",
        .label = "(1) Kruskal",
        .family = Family::paper},
       [](const harness::NoOptions&) { return std::make_unique<Kruskal>(); }},
      {{.name = kBglKruskal,
        .description = "BGL kruskal_minimum_spanning_tree over matrix_to_edge_list (graph built outside the timing)",
        .label = "BGL Kruskal",
        .family = Family::baseline},
       [](const harness::NoOptions&) { return std::make_unique<BglKruskal>(); }},
      {{.name = kSollinSerial,
        .description = "the paper's serial Sollin (program 2): merge by old edges, full matrix",
        .label = "(2) serial Sollin",
        .family = Family::paper},
       sollin(SollinStrategy::serial, MatrixStorage::full)},
      {{.name = kSollinSerialTri,
        .description = "serial Sollin over the lower-triangular matrix (half the memory)",
        .label = "serial Sollin, triangular",
        .family = Family::beyond},
       sollin(SollinStrategy::serial, MatrixStorage::triangular)},
      {{.name = kSollinConflictFree,
        .description = "the paper's conflict-free Sollin (program 3 at threads=1, program 4 with OpenMP), full matrix",
        .threaded = true,
        .label = "(3)/(4) conflict-free Sollin",
        .family = Family::paper},
       sollin(SollinStrategy::conflict_free, MatrixStorage::full)},
      {{.name = kSollinConflictFreeTri,
        .description = "conflict-free Sollin over the lower-triangular matrix",
        .threaded = true,
        .label = "conflict-free, triangular",
        .family = Family::beyond},
       sollin(SollinStrategy::conflict_free, MatrixStorage::triangular)},
      {{.name = kBoruvkaDenseGpu,
        .description = "beyond the paper: dense Boruvka on the device-resident matrix (h2d_s = the matrix copy)",
        .device = Device::gpu,
        .label = "GPU dense Boruvka",
        .family = Family::beyond},
       GS_NEEDS_CUDA(&make_boruvka_dense_gpu)},
  };
}

}  // namespace gs::mst
