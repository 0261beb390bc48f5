#include "experiments/hybrid_dfs/traversal_runner.hpp"

#include <cstdio>

#include "baselines/bgl.hpp"
#include "common/errors.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/traversal/gpu_traversal.hpp"
#else
namespace gs::traversal {
class GpuTraversal {};  // never constructed in a CPU-only build; complete so unique_ptr can delete it
}  // namespace gs::traversal
#endif

namespace gs::hybrid_dfs {
namespace {

// "1.234 0.567 ...": per-branch milliseconds for the branch_ms column.
std::string milliseconds_list(const std::vector<double>& seconds) {
  std::string out;
  for (double b : seconds) {
    char ms[24];
    std::snprintf(ms, sizeof ms, "%s%.3f", out.empty() ? "" : " ", b * 1e3);
    out += ms;
  }
  return out;
}

}  // namespace


const std::vector<AlgorithmInfo>& programs() {
  static const std::vector<AlgorithmInfo> all = {
      {"bgl_bfs", "BGL breadth_first_search (serial baseline)", false, false},
      {"stack_omp", "Alg. 1 stack-based: visited bitmap (test-and-test-and-set), local stacks bulk-pushed", false, false},
      {"read_omp", "Alg. 2 read-based: the O(N) branch array scanned every branch, no stack", false, false},
      {"hybrid_omp", "Fig. 1 read+stack hybrid state machine (T1, T2, T3, alpha, beta)", false, false},
      {"dobfs_omp", "direction-optimising top-down/bottom-up on the CPU (beyond the paper)", false, false},
      {"read_gpu", "read-based on the GPU", true, false},
      {"hybrid_cpu_gpu", "Fig. 2: CPU states until the branch exceeds T4 and grows, then the GPU", true, false},
      {"dobfs_gpu", "direction-optimising top-down/bottom-up on the GPU (beyond the paper)", true, false},
  };
  return all;
}

std::string device_of(const std::string& algorithm) {
  if (algorithm == "read_gpu" || algorithm == "dobfs_gpu") return "gpu";
  if (algorithm == "hybrid_cpu_gpu") return "cpu+gpu";
  return "cpu";
}

TraversalRunner::TraversalRunner(const Csr<std::uint32_t>& g, const ProgramOptions& opt)
    : g_(g), opt_(opt), ws_(g.n) {
  level_.resize(g.n);
}

TraversalRunner::~TraversalRunner() = default;

double TraversalRunner::upload_seconds() const {
#ifdef GS_HAVE_CUDA
  if (gpu_) return gpu_->upload_seconds();
#endif
  return 0;
}

void TraversalRunner::prepare(const std::string& algorithm) {
  if (algorithm == "bgl_bfs" && !bgl_) {
    WallTimer t;
    bgl_ = std::make_unique<bgl::Digraph<std::uint32_t>>(g_);
    bgl_setup_s_ = t.seconds();
  }
  if (device_of(algorithm) != "cpu" && !gpu_) {
#ifdef GS_HAVE_CUDA
    traversal::GpuOptions gopt;
    gopt.early_copy = opt_.gpu_early_copy;
    gopt.bottom_up_words = opt_.gpu_bottom_up_words;
    gopt.bottom_up_arcs = opt_.gpu_bottom_up_arcs;
    gpu_ = std::make_unique<traversal::GpuTraversal>(traversal::view_of(g_), gopt);
    gpu_->pin_output(level_);
#else
    throw ResourceError(algorithm + ": built without CUDA");
#endif
  }
}

RunOutcome TraversalRunner::run(const std::string& algorithm, vid_t source) {
  using namespace traversal;
  prepare(algorithm);
  const CsrView view = view_of(g_);
  RunOutcome out;
  parent_valid_ = false;
  WallTimer t;
  if (algorithm == "bgl_bfs") {
    bgl::bfs(*bgl_, source, level_, parent_);
    out.seconds = t.seconds();
    parent_valid_ = true;
  } else if (algorithm == "stack_omp") {
    stack_omp(view, source, level_, ws_, opt_.hybrid.local_threshold);
    out.seconds = t.seconds();
  } else if (algorithm == "read_omp") {
    read_omp(view, source, level_, ws_);
    out.seconds = t.seconds();
  } else if (algorithm == "hybrid_omp") {
    HybridTrace trace;
    hybrid_omp(view, source, level_, ws_, opt_.hybrid, &trace);
    out.seconds = t.seconds();
    out.phases["states"] = trace.summary();
    out.phases["branch_ms"] = milliseconds_list(trace.branch_seconds);
  } else if (algorithm == "dobfs_omp") {
    DirectionTrace trace;
    dobfs_omp(view, source, level_, ws_, opt_.direction, &trace);
    out.seconds = t.seconds();
    std::string dirs;
    for (bool b : trace.bottom_up) dirs += b ? 'B' : 'T';
    out.phases["states"] = dirs;
    out.phases["branch_ms"] = milliseconds_list(trace.branch_seconds);
  } else {
#ifdef GS_HAVE_CUDA
    GpuRunTimes r;
    std::string states;
    if (algorithm == "read_gpu") {
      r = gpu_->read_based(source, level_);
    } else if (algorithm == "dobfs_gpu") {
      DirectionTrace trace;
      r = gpu_->direction_optimising(source, level_, opt_.direction, &trace);
      for (bool b : trace.bottom_up) states += b ? 'B' : 'T';
    } else if (algorithm == "hybrid_cpu_gpu") {
      r = gpu_->cpu_gpu_hybrid(source, level_, ws_, opt_.hybrid, opt_.t4);
      states = r.moved_to_gpu ? "cpu<" + std::to_string(r.gpu_from_branch) + ",gpu" : "cpu-only";
      out.phases["cpu_s"] = fmt_seconds(r.cpu_s);
      out.phases["h2d_s"] = fmt_seconds(r.h2d_s);
    } else {
      throw InputError("hybrid_dfs: unknown program " + algorithm);
    }
    out.seconds = r.seconds;
    out.phases["init_s"] = fmt_seconds(r.init_s);
    out.phases["compute_s"] = fmt_seconds(r.compute_s);
    out.phases["d2h_s"] = fmt_seconds(r.d2h_s);
    out.phases["widen_s"] = fmt_seconds(r.widen_s);
    if (r.early_copy) out.phases["late"] = std::to_string(r.late_vertices);
    out.phases["branch_ms"] = milliseconds_list(r.branch_s);  // each GPU branch, to see where the time goes
    if (!states.empty()) out.phases["states"] = states;
#else
    throw ResourceError(algorithm + ": built without CUDA");
#endif
  }
  return out;
}

}  // namespace gs::hybrid_dfs
