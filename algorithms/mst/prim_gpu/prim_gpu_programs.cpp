#include "algorithms/mst/prim_gpu/prim_gpu_programs.hpp"

#include <memory>

#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"
#include "algorithms/mst/boruvka_gpu/boruvka_gpu_programs.hpp"
#include "baselines/bgl.hpp"
#include "common/errors.hpp"
#include "common/harness/built_with.hpp"
#include "common/timer.hpp"

namespace gs::mst {

using harness::Column;
using harness::Device;
using harness::Family;
using harness::Unit;

void bind_options(Cli& cli, PrimGpuOptions& o) {
  cli.option("max-blocks", "prim_minreduce_gpu: kernel1's grid limit (the paper's max_blocks)", o.max_blocks);
  cli.option("prim-max-work",
             "the GPU Prims' largest estimated work per trial, steps x vertices scanned per step (n^2, n = vertices "
             "with edges); above it they skip the graph, said on stderr and in skipped_programs",
             o.prim_max_work);
}

void check_options(const PrimGpuOptions& o) {
  if (o.max_blocks < 1 || o.max_blocks > 512) throw InputError("prim_gpu: --max-blocks must be in 1..512");
  if (o.prim_max_work < 0) throw InputError("prim_gpu: --prim-max-work must be >= 0");
}

const std::vector<Column>& prim_gpu_columns() {
  static const std::vector<Column> all = [] {
    std::vector<Column> c;
    for (const char* name : {"h2d_s", "compute_s", "d2h_s", "setup_s"}) c.push_back({name, Unit::seconds});
    for (const char* name : kBoruvkaGpuTimes) c.push_back({name, Unit::seconds});
    for (const char* name : kBoruvkaGpuCounts) c.push_back({name, Unit::count});
    return c;
  }();
  return all;
}

namespace {

using W = std::uint32_t;

// BGL's Prim on its own graph, built untimed (setup_s).
class BglPrim final : public CsrMsfProgram {
 public:
  harness::Prepared prepare(const Csr<W>& g, int) override {
    WallTimer t;
    graph_ = std::make_unique<bgl::Digraph<W>>(g);  // drops self loops (see baselines/bgl.hpp)
    return {.columns = {{"setup_s", t.seconds()}}};
  }
  harness::Outcome<Forest> run(const Csr<W>&, const harness::NoQuery&, int) override {
    harness::Outcome<Forest> out;
    WallTimer t;
    out.answer = bgl::prim(*graph_);
    out.seconds = t.seconds();
    return out;
  }
  void release() override { graph_.reset(); }

 private:
  std::unique_ptr<bgl::Digraph<W>> graph_;
};

}  // namespace

harness::ProgramEntries<CsrMsfProgram, PrimGpuOptions> prim_gpu_programs() {
  return {
      {{.name = "bgl_prim",
        .description = "BGL prim_minimum_spanning_tree, CPU serial (the paper's baseline)",
        .label = "BGL Prim (CPU)",
        .family = Family::baseline},
       [](const PrimGpuOptions&) { return std::make_unique<BglPrim>(); }},
      {{.name = "prim_naive_gpu",
        .description = "paper's non-primitive CUDA Prim (one plain min kernel per step)",
        .device = Device::gpu,
        .label = "non-primitive CUDA Prim",
        .family = Family::paper},
       GS_NEEDS_CUDA(&make_prim_naive_gpu)},
      {{.name = "prim_minreduce_gpu",
        .description = "paper's CUDA Prim with the two-kernel min-reduction primitive",
        .device = Device::gpu,
        .label = "min-reduction CUDA Prim",
        .family = Family::paper},
       GS_NEEDS_CUDA(&make_prim_minreduce_gpu)},
      {{.name = "prim_resident_gpu",
        .description = "beyond: Prim loop in one persistent single-block kernel",
        .device = Device::gpu,
        .label = "device-resident Prim",
        .family = Family::beyond},
       GS_NEEDS_CUDA(&make_prim_resident_gpu)},
      {{.name = "boruvka_gpu",
        .description = "beyond: GPU Boruvka minimum spanning forest (CUB)",
        .device = Device::gpu,
        .label = "GPU Boruvka",
        .family = Family::beyond},
       GS_NEEDS_CUDA([](const PrimGpuOptions&) { return make_boruvka_gpu(); })},
  };
}

}  // namespace gs::mst
