#include "experiments/prim_gpu/programs.hpp"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"
#include "baselines/bgl.hpp"
#include "common/errors.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#if GS_HAVE_CUDA
#include "algorithms/mst/prim_gpu/prim_gpu.hpp"
#include "algorithms/mst/prim_gpu/prim_input_checks.hpp"
#include "algorithms/mst/without_isolated.hpp"
#endif

namespace gs::prim_gpu_exp {

using harness::Column;
using harness::Unit;

const std::vector<Column>& columns() {
  static const std::vector<Column> all = [] {
    std::vector<Column> c;
    for (const char* name : {"h2d_s", "compute_s", "d2h_s", "setup_s"}) c.push_back({name, Unit::seconds});
    for (const char* name : mst_gpu::kBoruvkaGpuTimes) c.push_back({name, Unit::seconds});
    for (const char* name : mst_gpu::kBoruvkaGpuCounts) c.push_back({name, Unit::count});
    return c;
  }();
  return all;
}

namespace {

using harness::Device;
using harness::Outcome;
using harness::Prepared;

class BglPrim : public MstProgram {
 public:
  Prepared prepare(const Csr<W>& g, int) override {
    WallTimer t;
    graph_ = std::make_unique<bgl::Digraph<W>>(g);  // drops self loops (see baselines/bgl.hpp)
    return {.columns = {{"setup_s", t.seconds()}}};
  }
  Outcome<Forest> run(const Csr<W>&, const harness::NoQuery&, int) override {
    Outcome<Forest> out;
    WallTimer t;
    out.answer = bgl::prim(*graph_);
    out.seconds = t.seconds();
    return out;
  }
  void release() override { graph_.reset(); }

 private:
  std::unique_ptr<bgl::Digraph<W>> graph_;
};

// The CUDA programs, defined only in builds with CUDA; elsewhere the harness
// skips them (no GPU) and never calls their factories.
class PrimNaive;
class PrimMinReduce;
class PrimResident;
class BoruvkaGpu;

template <class P>
ProgramTable::Factory needs_cuda() {
  return [](const Config& config) -> std::unique_ptr<MstProgram> {
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
class GpuProgram : public MstProgram {
 public:
  Prepared prepare(const Csr<W>& g, int) override {
    graph_.emplace(g);
    return {.refusal = refusal(graph()), .device_bytes = prepared_device_bytes(graph())};
  }
  Outcome<Forest> run(const Csr<W>&, const harness::NoQuery&, int) override {
    mst_gpu::GpuMsfResult r = solve(graph());
    Outcome<Forest> out;
    out.answer = graph_->to_original(std::move(r.forest));
    out.seconds = r.compute_s;
    for (const auto& [name, value] : r.phases) out.phases[name] = value;  // boruvka_gpu's parts of compute_s
    out.phases["h2d_s"] = r.h2d_s;
    out.phases["compute_s"] = r.compute_s;
    out.phases["d2h_s"] = r.d2h_s;
    return out;
  }
  void release() override { graph_.reset(); }

 protected:
  const Csr<W>& graph() const { return graph_->graph(); }
  virtual mst_gpu::GpuMsfResult solve(const Csr<W>& g) = 0;
  // Why it does not run on the graph without isolated vertices ("": it runs).
  virtual std::string refusal(const Csr<W>&) const { return {}; }
  virtual std::uint64_t prepared_device_bytes(const Csr<W>& g) const { return mst_gpu::prim_gpu_device_bytes(g); }

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

 protected:
  std::string refusal(const Csr<W>& g) const override {
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
std::uint64_t launch_per_step_max_n(bool paper_scale) { return paper_scale ? 1u << 16 : 1u << 15; }

class PrimNaive : public QuadraticPrim {
 public:
  explicit PrimNaive(const Config& config) : QuadraticPrim(config) {}
  std::uint64_t max_generated_n(bool paper_scale) const override { return launch_per_step_max_n(paper_scale); }

 protected:
  mst_gpu::GpuMsfResult solve(const Csr<W>& g) override { return mst_gpu::prim_naive_gpu(g); }
};

class PrimMinReduce : public QuadraticPrim {
 public:
  explicit PrimMinReduce(const Config& config) : QuadraticPrim(config), max_blocks_(unsigned(config.max_blocks)) {}
  std::uint64_t max_generated_n(bool paper_scale) const override { return launch_per_step_max_n(paper_scale); }

 protected:
  mst_gpu::GpuMsfResult solve(const Csr<W>& g) override { return mst_gpu::prim_minreduce_gpu(g, max_blocks_); }

 private:
  unsigned max_blocks_;
};

class PrimResident : public QuadraticPrim {
 public:
  explicit PrimResident(const Config& config) : QuadraticPrim(config) {}
  // Its single block scans every key on every step.
  std::uint64_t max_generated_n(bool paper_scale) const override { return paper_scale ? 1u << 17 : 1u << 16; }

 protected:
  mst_gpu::GpuMsfResult solve(const Csr<W>& g) override { return mst_gpu::prim_resident_gpu(g); }
};

class BoruvkaGpu : public GpuProgram {
 public:
  explicit BoruvkaGpu(const Config&) {}

 protected:
  mst_gpu::GpuMsfResult solve(const Csr<W>& g) override { return mst_gpu::boruvka_gpu(g); }
  std::uint64_t prepared_device_bytes(const Csr<W>& g) const override { return mst_gpu::boruvka_gpu_device_bytes(g); }
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
