#include "experiments/prim_gpu/programs.hpp"

#include <optional>
#include <stdexcept>
#include <string>

#include "baselines/bgl.hpp"
#include "common/errors.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#if GS_HAVE_CUDA
#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"
#include "algorithms/mst/prim_gpu/prim_gpu.hpp"
#include "algorithms/mst/prim_gpu/prim_input_checks.hpp"
#include "algorithms/mst/without_isolated.hpp"
#endif

namespace gs::prim_gpu_exp {
namespace {

using harness::Device;

class BglPrim : public Program {
 public:
  void prepare(const Csr<W>& g) override {
    WallTimer t;
    graph_ = std::make_unique<bgl::Digraph<W>>(g);  // drops self loops (see baselines/bgl.hpp)
    setup_s_ = t.seconds();
  }
  ProgramRun run(const Csr<W>&) override {
    ProgramRun out;
    WallTimer t;
    out.forest = bgl::prim(*graph_);
    out.seconds = t.seconds();
    return out;
  }
  void release() override { graph_.reset(); }
  std::map<std::string, double> graph_columns() const override { return {{"setup_s", setup_s_}}; }

 private:
  std::unique_ptr<bgl::Digraph<W>> graph_;
  double setup_s_ = 0;
};

// The CUDA programs, defined only in builds with CUDA; elsewhere the harness
// skips them (no GPU) and never calls their factories.
class PrimNaive;
class PrimMinReduce;
class PrimResident;
class BoruvkaGpu;

template <class P>
ProgramTable::Factory needs_cuda() {
  return [](const Config& config) -> std::unique_ptr<Program> {
#if GS_HAVE_CUDA
    return std::make_unique<P>(config);
#else
    (void)config;
    throw std::logic_error("prim_gpu: a CUDA program in a build without CUDA");
#endif
  };
}

#if GS_HAVE_CUDA
// One call on the graph without its isolated vertices (prepared untimed; the
// forest maps back to the original ids); `seconds` is its device compute time,
// the phases are columns.
class GpuProgram : public Program {
 public:
  void prepare(const Csr<W>& g) override { graph_.emplace(g); }
  ProgramRun run(const Csr<W>&) override {
    mst_gpu::GpuMsfResult r = solve(graph_->graph());
    ProgramRun out;
    out.forest = graph_->to_original(std::move(r.forest));
    out.seconds = r.compute_s;
    out.phases = r.phases;  // a program's own breakdown of compute_s (boruvka_gpu), if any
    out.phases["h2d_s"] = r.h2d_s;
    out.phases["compute_s"] = r.compute_s;
    out.phases["d2h_s"] = r.d2h_s;
    return out;
  }
  void release() override { graph_.reset(); }
  std::uint64_t device_bytes() const override { return mst_gpu::prim_gpu_device_bytes(graph()); }

 protected:
  const Csr<W>& graph() const { return graph_->graph(); }
  virtual mst_gpu::GpuMsfResult solve(const Csr<W>& g) = 0;

 private:
  std::optional<mst::WithoutIsolated<W>> graph_;
};

// The paper's Prims and the resident one: every step scans every remaining
// vertex, n steps on n vertices with edges, so n^2 "steps x vertices scanned
// per step" by design; above --prim-max-work they skip the graph. Weight
// UINT32_MAX is their "no edge" (the paper's max_weight).
class QuadraticPrim : public GpuProgram {
 public:
  explicit QuadraticPrim(const Config& config) : max_work_(config.prim_max_work) {}
  std::string refusal() const override {
    const Csr<W>& g = graph();
    try {  // the programs' own preconditions (a reserved weight), as a skip rather than an error
      mst_gpu::check_prim_input(g, "this Prim");
    } catch (const InputError& e) {
      return e.what();
    }
    const double work = double(g.n) * double(g.n);
    if (work > double(max_work_))
      return "estimated work " + fmt_number(work) + " (" + std::to_string(g.n) +
             " steps x vertices scanned per step, vertices with edges) is above --prim-max-work " +
             std::to_string(max_work_);
    return {};
  }

 private:
  std::int64_t max_work_;
};

// The launch-per-step Prims take |V| dependent steps of 3-4 launches each plus
// O(|V|) work per step (NOTES.md).
vid_t launch_per_step_max_n(bool paper_scale) { return paper_scale ? vid_t(1) << 16 : vid_t(1) << 15; }

class PrimNaive : public QuadraticPrim {
 public:
  explicit PrimNaive(const Config& config) : QuadraticPrim(config) {}
  vid_t max_n(bool paper_scale) const override { return launch_per_step_max_n(paper_scale); }

 protected:
  mst_gpu::GpuMsfResult solve(const Csr<W>& g) override { return mst_gpu::prim_naive_gpu(g); }
};

class PrimMinReduce : public QuadraticPrim {
 public:
  explicit PrimMinReduce(const Config& config) : QuadraticPrim(config), max_blocks_(unsigned(config.max_blocks)) {}
  vid_t max_n(bool paper_scale) const override { return launch_per_step_max_n(paper_scale); }

 protected:
  mst_gpu::GpuMsfResult solve(const Csr<W>& g) override { return mst_gpu::prim_minreduce_gpu(g, max_blocks_); }

 private:
  unsigned max_blocks_;
};

class PrimResident : public QuadraticPrim {
 public:
  explicit PrimResident(const Config& config) : QuadraticPrim(config) {}
  // Its single block scans every key on every step.
  vid_t max_n(bool paper_scale) const override { return paper_scale ? vid_t(1) << 17 : vid_t(1) << 16; }

 protected:
  mst_gpu::GpuMsfResult solve(const Csr<W>& g) override { return mst_gpu::prim_resident_gpu(g); }
};

class BoruvkaGpu : public GpuProgram {
 public:
  explicit BoruvkaGpu(const Config&) {}
  std::uint64_t device_bytes() const override { return mst_gpu::boruvka_gpu_device_bytes(graph()); }

 protected:
  mst_gpu::GpuMsfResult solve(const Csr<W>& g) override { return mst_gpu::boruvka_gpu(g); }
};
#endif

}  // namespace

const ProgramTable& programs() {
  static const ProgramTable table = {
      {{"bgl_prim", "BGL prim_minimum_spanning_tree, CPU serial (the paper's baseline)", Device::cpu, false},
       [](const Config&) { return std::make_unique<BglPrim>(); }},
      {{"prim_naive_gpu", "paper's non-primitive CUDA Prim (one plain min kernel per step)", Device::gpu, false},
       needs_cuda<PrimNaive>()},
      {{"prim_minreduce_gpu", "paper's CUDA Prim with the two-kernel min-reduction primitive", Device::gpu, false},
       needs_cuda<PrimMinReduce>()},
      {{"prim_resident_gpu", "beyond: Prim loop in one persistent single-block kernel", Device::gpu, false},
       needs_cuda<PrimResident>()},
      {{"boruvka_gpu", "beyond: GPU Boruvka minimum spanning forest (CUB)", Device::gpu, false},
       needs_cuda<BoruvkaGpu>()},
  };
  return table;
}

}  // namespace gs::prim_gpu_exp
