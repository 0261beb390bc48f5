// The traversal family's GPU programs (traversal_programs.hpp): read_gpu,
// hybrid_cpu_gpu and dobfs_gpu on the graph's one upload, and table1's device
// read benchmarks. Compiled into gs_traversal_gpu (with CUDA).
#include <memory>

#include "algorithms/traversal/array_read_program.hpp"
#include "algorithms/traversal/gpu_traversal.hpp"
#include "algorithms/traversal/ordered_copy.hpp"
#include "algorithms/traversal/trace_columns.hpp"
#include "algorithms/traversal/traversal_programs.hpp"

namespace gs::traversal {
namespace {

using harness::Outcome;
using harness::Prepared;

// The GPU programs share the graph's upload (one for all of them, made by the
// first that prepares); each returns its phases.
class GpuProgram : public TraversalProgram {
 public:
  explicit GpuProgram(const TraversalOptions& o) : o_(o) {}
  std::uint64_t device_bytes(const harness::GraphSize& size) const override {
    return GpuTraversal::device_bytes(size.n, 2 * size.m);
  }
  Prepared prepare(const TraversalGraph& g, int) override {
    SharedState& s = *g.shared;
    if (!s.gpu) {
      s.gpu = std::make_shared<GpuTraversal>(view_of(g.csr), o_.gpu);
      s.gpu->pin_output(s.level);
    }
    return {.columns = {{"upload_s", s.gpu->upload_seconds()}}};
  }
  Outcome<TraversalAnswer> run(const TraversalGraph& g, const vid_t& source, int) override {
    Outcome<TraversalAnswer> out;
    SharedState& s = *g.shared;
    const GpuRunTimes r = traverse(s, source, out);
    out.seconds = r.seconds;
    out.answer.level = &s.level;
    out.phases["init_s"] = r.init_s;
    out.phases["compute_s"] = r.compute_s;
    out.phases["d2h_s"] = r.d2h_s;
    out.phases["widen_s"] = r.widen_s;
    if (r.early_copy) out.phases["late"] = double(r.late_vertices);
    out.phases["branch_ms"] = milliseconds_list(r.branch_s);  // each GPU branch, to see where the time goes
    out.phases["gpus"] = 1.0;
    return out;
  }

 protected:
  // The traversal; adds the program's own phases (states, cpu_s, h2d_s) and,
  // where the program counts its bytes, each branch's kind.
  virtual GpuRunTimes traverse(SharedState& s, vid_t source, Outcome<TraversalAnswer>& out) = 0;
  const TraversalOptions& o_;  // the driver's, which outlives the programs
};

class ReadGpu final : public GpuProgram {
 public:
  using GpuProgram::GpuProgram;

 protected:
  GpuRunTimes traverse(SharedState& s, vid_t source, Outcome<TraversalAnswer>& out) override {
    const GpuRunTimes r = s.gpu->read_based(source, s.level);
    out.answer.branch_kinds = uniform_branches(s.level, BranchKind::read_based);
    return r;
  }
};

// With GpuOptions::degree_order (the default) it traverses its own upload of
// the graph's degree-ordered copy (ordered_copy.hpp).
class DobfsGpu final : public GpuProgram {
 public:
  using GpuProgram::GpuProgram;
  std::uint64_t host_bytes(const harness::GraphSize& size) const override {
    return o_.gpu.degree_order ? OrderedCopy::host_bytes(size) : 0;
  }
  Prepared prepare(const TraversalGraph& g, int threads) override {
    if (!o_.gpu.degree_order) return GpuProgram::prepare(g, threads);
    // Its own upload instead of the shared one, which a later program makes again.
    g.shared->gpu.reset();
    copy_ = &ordered_copy(g);
    gpu_ = std::make_unique<GpuTraversal>(copy_->view(), o_.gpu);
    gpu_->pin_output(copy_->level());
    return {.columns = {{"upload_s", gpu_->upload_seconds()}, {"relabel_s", copy_->build_seconds()}}};
  }
  void release() override {
    gpu_.reset();  // unpins the copy's levels
    copy_ = nullptr;
  }

 protected:
  GpuRunTimes traverse(SharedState& s, vid_t source, Outcome<TraversalAnswer>& out) override {
    DirectionTrace trace;
    GpuRunTimes r;
    if (copy_) {
      r = gpu_->direction_optimising(copy_->source(source), copy_->level(), o_.direction, &trace);
      r.widen_s += copy_->map_back(s.level, out.answer);
    } else {
      r = s.gpu->direction_optimising(source, s.level, o_.direction, &trace);
    }
    out.phases["states"] = direction_states(trace.bottom_up);
    out.answer.branch_kinds = direction_branches(trace.bottom_up);
    return r;
  }

 private:
  OrderedCopy* copy_ = nullptr;        // the graph's (SharedState::ordered), while prepared
  std::unique_ptr<GpuTraversal> gpu_;  // the copy's upload
};

class HybridCpuGpu final : public GpuProgram {
 public:
  using GpuProgram::GpuProgram;

 protected:
  GpuRunTimes traverse(SharedState& s, vid_t source, Outcome<TraversalAnswer>& out) override {
    const GpuRunTimes r = s.gpu->cpu_gpu_hybrid(source, s.level, s.ws, o_.hybrid, o_.t4);
    out.phases["states"] = r.moved_to_gpu ? "cpu<" + std::to_string(r.gpu_from_branch) + ",gpu" : "cpu-only";
    out.phases["cpu_s"] = r.cpu_s;
    out.phases["h2d_s"] = r.h2d_s;
    return r;
  }
};

}  // namespace

std::unique_ptr<TraversalProgram> make_read_gpu(const TraversalOptions& o) { return std::make_unique<ReadGpu>(o); }
std::unique_ptr<TraversalProgram> make_hybrid_cpu_gpu(const TraversalOptions& o) {
  return std::make_unique<HybridCpuGpu>(o);
}
std::unique_ptr<TraversalProgram> make_dobfs_gpu(const TraversalOptions& o) { return std::make_unique<DobfsGpu>(o); }
std::unique_ptr<ReadProgram> make_gpu_read(bool random) {
  return std::make_unique<ArrayRead<bench::GpuReadBench, &ReadArrays::gpu, true>>(random);
}

}  // namespace gs::traversal
