#include "experiments/hybrid_dfs/programs.hpp"

#include <algorithm>
#include <cstdio>

#include "baselines/bgl.hpp"
#include "common/errors.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#include "common/verify/traversal.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/traversal/gpu_traversal.hpp"
#ifdef GS_HAVE_NCCL
#include "algorithms/traversal/mgpu_traversal.hpp"
#endif
#else
namespace gs::traversal {
class GpuTraversal {};  // never constructed in a CPU-only build; complete so unique_ptr can delete it
}  // namespace gs::traversal
#endif

namespace gs::hybrid_dfs {

using harness::Device;

GraphState::GraphState(const Csr<std::uint32_t>& g) : graph(g), ws(g.n), level(g.n) {}
GraphState::~GraphState() = default;

bgl::Digraph<std::uint32_t>& GraphState::bgl() {
  if (!bgl_) {
    WallTimer t;
    bgl_ = std::make_unique<bgl::Digraph<std::uint32_t>>(graph);
    bgl_setup_s_ = t.seconds();
  }
  return *bgl_;
}

traversal::GpuTraversal& GraphState::gpu([[maybe_unused]] const traversal::GpuOptions& opt) {
#ifdef GS_HAVE_CUDA
  if (!gpu_) {
    gpu_ = std::make_unique<traversal::GpuTraversal>(traversal::view_of(graph), opt);
    gpu_->pin_output(level);
  }
  return *gpu_;
#else
  throw ResourceError("built without CUDA");
#endif
}

void GraphState::release_gpu() { gpu_.reset(); }

double GraphState::upload_seconds() const {
#ifdef GS_HAVE_CUDA
  if (gpu_) return gpu_->upload_seconds();
#endif
  return 0;
}

namespace {

// "1.234 0.567 ...": per-branch milliseconds for the branch_ms column; a
// traversal of more than kListedBranches branches (a road-like graph) gets
// "<count> branches: min .. median .. max ms, total ms" instead.
constexpr std::size_t kListedBranches = 256;
std::string milliseconds_list(const std::vector<double>& seconds) {
  if (seconds.size() > kListedBranches) {
    std::vector<double> sorted = seconds;
    std::sort(sorted.begin(), sorted.end());
    double total = 0;
    for (double b : seconds) total += b;
    char line[160];
    std::snprintf(line, sizeof line, "%zu branches: min %.3f median %.3f max %.3f ms, total %.3f ms", sorted.size(),
                  sorted.front() * 1e3, sorted[sorted.size() / 2] * 1e3, sorted.back() * 1e3, total * 1e3);
    return line;
  }
  std::string out;
  for (double b : seconds) {
    char ms[24];
    std::snprintf(ms, sizeof ms, "%s%.3f", out.empty() ? "" : " ", b * 1e3);
    out += ms;
  }
  return out;
}

// Branches 0 .. the deepest level, all of one kind (the last finds nothing).
std::vector<traversal::BranchKind> uniform_branches(const std::vector<std::uint32_t>& level,
                                                    traversal::BranchKind kind) {
  std::uint32_t deepest = 0;
  for (std::uint32_t l : level)
    if (l != verify::kUnreached) deepest = std::max(deepest, l);
  return std::vector<traversal::BranchKind>(deepest + 1, kind);
}

std::vector<traversal::BranchKind> branch_kinds(const traversal::DirectionTrace& trace) {
  std::vector<traversal::BranchKind> kinds;
  for (bool b : trace.bottom_up)
    kinds.push_back(b ? traversal::BranchKind::bottom_up : traversal::BranchKind::top_down);
  return kinds;
}

// The hybrid's branches are not counted for bytes_read.
std::vector<traversal::BranchKind> branch_kinds(const traversal::HybridTrace&) { return {}; }

// The states column: each branch's state of Fig. 1 ...
std::string states(const traversal::HybridTrace& trace) { return trace.summary(); }

// ... or 'T' / 'B' per branch: top-down or bottom-up; beyond kListedBranches
// branches, runs instead ("4093T" or "2T3B4093T").
std::string states(const traversal::DirectionTrace& trace) {
  std::string dirs;
  const std::vector<bool>& b = trace.bottom_up;
  if (b.size() <= kListedBranches) {
    for (bool x : b) dirs += x ? 'B' : 'T';
    return dirs;
  }
  for (std::size_t i = 0; i < b.size();) {
    std::size_t j = i;
    while (j < b.size() && b[j] == b[i]) ++j;
    dirs += std::to_string(j - i) + (b[i] ? 'B' : 'T');
    i = j;
  }
  return dirs;
}

class BglBfs final : public Traversal {
 public:
  explicit BglBfs(const Config&) {}
  // While BGL's graph is built: the arc list and weights it is built from (12 B per arc), its
  // targets and weights (8 B per arc), the kept-arc offsets and its own (16 B per vertex).
  std::uint64_t host_bytes(std::uint64_t n, std::uint64_t arcs) const override { return 20 * arcs + 16 * (n + 1); }
  void prepare(GraphState& state) override { state.bgl(); }
  RunOutcome run(GraphState& state, vid_t source) override {
    RunOutcome out;
    WallTimer t;
    bgl::bfs(state.bgl(), source, state.level, parent_);
    out.seconds = t.seconds();
    out.parent = &parent_;
    out.phases["setup_s"] = fmt_seconds(state.bgl_setup_seconds());
    return out;
  }

 private:
  std::vector<vid_t> parent_;
};

class ReadOmp final : public Traversal {
 public:
  explicit ReadOmp(const Config&) {}
  RunOutcome run(GraphState& state, vid_t source) override {
    const traversal::CsrView view = traversal::view_of(state.graph);
    RunOutcome out;
    WallTimer t;
    traversal::read_omp(view, source, state.level, state.ws);
    out.seconds = t.seconds();
    return out;
  }
};

class StackOmp final : public Traversal {
 public:
  explicit StackOmp(const Config& c) : local_threshold_(c.hybrid.local_threshold) {}
  RunOutcome run(GraphState& state, vid_t source) override {
    const traversal::CsrView view = traversal::view_of(state.graph);
    RunOutcome out;
    WallTimer t;
    traversal::stack_omp(view, source, state.level, state.ws, local_threshold_);
    out.seconds = t.seconds();
    out.branch_kinds = uniform_branches(state.level, traversal::BranchKind::top_down);
    return out;
  }

 private:
  std::size_t local_threshold_;
};

// A CPU traversal with options and a per-branch trace: hybrid_omp, dobfs_omp.
template <class Options, class Trace, Options Config::*kOptions,
          void (*kTraverse)(const traversal::CsrView&, vid_t, std::vector<std::uint32_t>&, traversal::CpuWorkspace&,
                            const Options&, Trace*)>
class TracedOmp final : public Traversal {
 public:
  explicit TracedOmp(const Config& c) : opt_(c.*kOptions) {}
  RunOutcome run(GraphState& state, vid_t source) override {
    const traversal::CsrView view = traversal::view_of(state.graph);
    Trace trace;
    RunOutcome out;
    WallTimer t;
    kTraverse(view, source, state.level, state.ws, opt_, &trace);
    out.seconds = t.seconds();
    out.phases["states"] = states(trace);
    out.phases["branch_ms"] = milliseconds_list(trace.branch_seconds);
    out.branch_kinds = branch_kinds(trace);
    return out;
  }

 private:
  Options opt_;
};
using HybridOmp = TracedOmp<traversal::HybridOptions, traversal::HybridTrace, &Config::hybrid, traversal::hybrid_omp>;
using DobfsOmp =
    TracedOmp<traversal::DirectionOptions, traversal::DirectionTrace, &Config::direction, traversal::dobfs_omp>;

#ifdef GS_HAVE_CUDA
// The GPU programs share the graph's upload; each returns its phases.
class GpuProgram : public Traversal {
 public:
  explicit GpuProgram(const Config& c) : c_(c) {}
  std::uint64_t device_bytes(std::uint64_t n, std::uint64_t arcs) const override {
    return traversal::GpuTraversal::device_bytes(n, arcs);
  }
  void prepare(GraphState& state) override { state.gpu(c_.gpu); }
  RunOutcome run(GraphState& state, vid_t source) override {
    RunOutcome out;
    const traversal::GpuRunTimes r = traverse(state, source, out.phases, out.branch_kinds);
    out.seconds = r.seconds;
    out.phases["init_s"] = fmt_seconds(r.init_s);
    out.phases["compute_s"] = fmt_seconds(r.compute_s);
    out.phases["d2h_s"] = fmt_seconds(r.d2h_s);
    out.phases["widen_s"] = fmt_seconds(r.widen_s);
    if (r.early_copy) out.phases["late"] = std::to_string(r.late_vertices);
    out.phases["branch_ms"] = milliseconds_list(r.branch_s);  // each GPU branch, to see where the time goes
    out.phases["upload_s"] = fmt_seconds(state.upload_seconds());
    out.phases["gpus"] = std::to_string(1);  // (a literal here trips GCC 12's -Wrestrict)
    return out;
  }

 protected:
  // The traversal; adds the program's own phases (states, cpu_s, h2d_s).
  // `kinds`: each branch's kind, where the program counts its bytes.
  virtual traversal::GpuRunTimes traverse(GraphState& state, vid_t source, std::map<std::string, std::string>& phases,
                                          std::vector<traversal::BranchKind>& kinds) = 0;
  const Config& c_;  // the driver's, which outlives the programs
};

class ReadGpu final : public GpuProgram {
 public:
  using GpuProgram::GpuProgram;

 protected:
  traversal::GpuRunTimes traverse(GraphState& state, vid_t source, std::map<std::string, std::string>&,
                                  std::vector<traversal::BranchKind>& kinds) override {
    const traversal::GpuRunTimes r = state.gpu(c_.gpu).read_based(source, state.level);
    kinds = uniform_branches(state.level, traversal::BranchKind::read_based);
    return r;
  }
};

class DobfsGpu final : public GpuProgram {
 public:
  using GpuProgram::GpuProgram;

 protected:
  traversal::GpuRunTimes traverse(GraphState& state, vid_t source, std::map<std::string, std::string>& phases,
                                  std::vector<traversal::BranchKind>& kinds) override {
    traversal::DirectionTrace trace;
    const traversal::GpuRunTimes r = state.gpu(c_.gpu).direction_optimising(source, state.level, c_.direction, &trace);
    phases["states"] = states(trace);
    kinds = branch_kinds(trace);
    return r;
  }
};

class HybridCpuGpu final : public GpuProgram {
 public:
  using GpuProgram::GpuProgram;

 protected:
  traversal::GpuRunTimes traverse(GraphState& state, vid_t source, std::map<std::string, std::string>& phases,
                                  std::vector<traversal::BranchKind>&) override {
    const traversal::GpuRunTimes r = state.gpu(c_.gpu).cpu_gpu_hybrid(source, state.level, state.ws, c_.hybrid, c_.t4);
    phases["states"] = r.moved_to_gpu ? "cpu<" + std::to_string(r.gpu_from_branch) + ",gpu" : "cpu-only";
    phases["cpu_s"] = fmt_seconds(r.cpu_s);
    phases["h2d_s"] = fmt_seconds(r.h2d_s);
    return r;
  }
};
#endif

#ifdef GS_HAVE_NCCL
// Per level "compute/comm" in ms; beyond kListedBranches levels a summary.
std::string level_ms(const traversal::MultiGpuRunTimes& r) {
  const std::size_t levels = r.level_compute_s.size();
  char part[96];
  if (levels > kListedBranches) {
    std::snprintf(part, sizeof part, "%zu levels: compute %.3f ms, comm %.3f ms", levels, r.compute_s * 1e3,
                  r.comm_s * 1e3);
    return part;
  }
  std::string out;
  for (std::size_t l = 0; l < levels; ++l) {
    std::snprintf(part, sizeof part, "%s%.3f/%.3f", out.empty() ? "" : " ", r.level_compute_s[l] * 1e3,
                  r.level_comm_s[l] * 1e3);
    out += part;
  }
  return out;
}

// dobfs_gpu's traversal over the GPUs of this host (traversal/mgpu_traversal.hpp), at
// each GPU count in turn; its own upload (the one-GPU copy is freed first).
class DobfsMgpu final : public Traversal {
 public:
  explicit DobfsMgpu(const Config& c) : c_(c) {}
  std::uint64_t host_bytes(std::uint64_t n, std::uint64_t arcs) const override {
    std::uint64_t most = 0;
    for (int g : gpu_counts())
      most = std::max(most, traversal::MultiGpuTraversal::host_bytes(n, arcs, g, c_.mgpu_arc_weight));
    return most;
  }
  std::uint64_t device_bytes(std::uint64_t n, std::uint64_t arcs) const override {
    std::uint64_t most = 0;  // per GPU: the fewest GPUs need the most
    for (int g : gpu_counts())
      most = std::max(most, traversal::MultiGpuTraversal::device_bytes_per_gpu(n, arcs, g, c_.mgpu_arc_weight));
    return most;
  }
  std::vector<int> gpu_counts() const override {
    if (!c_.gpu_counts.empty()) return c_.gpu_counts;
    std::vector<int> counts;
    for (int g = 1; g <= traversal::MultiGpuTraversal::gpus_present(); g *= 2) counts.push_back(g);
    return counts;
  }
  void use_gpus(GraphState& state, int gpus) override {
    state.release_gpu();
    mgpu_.reset();  // one upload on the GPUs at a time
    if (gpus > 0)
      mgpu_ = std::make_unique<traversal::MultiGpuTraversal>(traversal::view_of(state.graph), gpus, c_.gpu,
                                                             c_.mgpu_arc_weight);
  }
  RunOutcome run(GraphState& state, vid_t source) override {
    if (!mgpu_) use_gpus(state, gpu_counts().front());
    RunOutcome out;
    const traversal::MultiGpuRunTimes r =
        mgpu_->direction_optimising(source, state.level, c_.direction.alpha, c_.direction.beta);
    out.seconds = r.seconds;
    out.phases["gpus"] = std::to_string(mgpu_->gpus());
    out.phases["init_s"] = fmt_seconds(r.init_s);
    out.phases["compute_s"] = fmt_seconds(r.compute_s);
    out.phases["comm_s"] = fmt_seconds(r.comm_s);
    out.phases["d2h_s"] = fmt_seconds(r.d2h_s);
    out.phases["widen_s"] = fmt_seconds(r.widen_s);
    out.phases["imbalance"] = fmt_number(r.imbalance);
    out.phases["level_ms"] = level_ms(r);
    out.phases["upload_s"] = fmt_seconds(mgpu_->upload_seconds());
    traversal::DirectionTrace trace;
    trace.bottom_up = r.bottom_up;
    out.phases["states"] = states(trace);
    out.branch_kinds = branch_kinds(trace);
    return out;
  }

 private:
  const Config& c_;  // the driver's, which outlives the programs
  std::unique_ptr<traversal::MultiGpuTraversal> mgpu_;
};
#endif

template <class Bench, std::unique_ptr<Bench> ReadArrays::*kArray>
class ArrayRead final : public ReadBenchmark {
 public:
  explicit ArrayRead(bool random) : random_(random) {}
  void prepare(ReadArrays& a) override {
    if (!(a.*kArray)) a.*kArray = std::make_unique<Bench>(a.words);
  }
  bench::ReadBandwidth measure(ReadArrays& a) override {
    return random_ ? (a.*kArray)->random(a.reads) : (a.*kArray)->sequential();
  }
  std::uint64_t expected_checksum(const ReadArrays& a) const override {
    return random_ ? bench::expected_random_checksum(a.words, a.reads) : bench::expected_sequential_checksum(a.words);
  }

 private:
  bool random_;
};

template <class P>
std::unique_ptr<Traversal> make(const Config& c) {
  return std::make_unique<P>(c);
}

#ifdef GS_HAVE_CUDA
template <class P>
std::unique_ptr<Traversal> make_gpu(const Config& c) {
  return std::make_unique<P>(c);
}
#ifdef GS_HAVE_NCCL
std::unique_ptr<Traversal> make_mgpu(const Config& c) { return std::make_unique<DobfsMgpu>(c); }
#else
std::unique_ptr<Traversal> make_mgpu(const Config&) { throw ResourceError("built without NCCL"); }
#endif
template <bool kRandom>
std::unique_ptr<ReadBenchmark> gpu_read(const Config&) {
  return std::make_unique<ArrayRead<bench::GpuReadBench, &ReadArrays::gpu>>(kRandom);
}
#else
// A CPU-only build lists the GPU programs (the driver skips them: no GPU) but cannot make them.
template <class>
std::unique_ptr<Traversal> make_gpu(const Config&) {
  throw ResourceError("built without CUDA");
}
template <bool>
std::unique_ptr<ReadBenchmark> gpu_read(const Config&) {
  throw ResourceError("built without CUDA");
}
class ReadGpu;
class DobfsGpu;
class HybridCpuGpu;
std::unique_ptr<Traversal> make_mgpu(const Config&) { throw ResourceError("built without CUDA"); }
#endif

template <bool kRandom>
std::unique_ptr<ReadBenchmark> cpu_read(const Config&) {
  return std::make_unique<ArrayRead<bench::CpuReadBench, &ReadArrays::cpu>>(kRandom);
}

}  // namespace

const harness::ProgramTable<Traversal, Config>& traversals() {
  static const harness::ProgramTable<Traversal, Config> table = {
      {{name::bgl_bfs, "BGL breadth_first_search (serial baseline)", Device::cpu, false}, make<BglBfs>},
      {{name::stack_omp, "Alg. 1 stack-based: visited bitmap (test-and-test-and-set), local stacks bulk-pushed",
        Device::cpu, true},
       make<StackOmp>},
      {{name::read_omp, "Alg. 2 read-based: the O(N) branch array scanned every branch, no stack", Device::cpu, true},
       make<ReadOmp>},
      {{name::hybrid_omp, "Fig. 1 read+stack hybrid state machine (T1, T2, T3, alpha, beta)", Device::cpu, true},
       make<HybridOmp>},
      {{name::dobfs_omp, "direction-optimising top-down/bottom-up on the CPU (beyond the paper)", Device::cpu, true},
       make<DobfsOmp>},
      {{name::read_gpu, "read-based on the GPU", Device::gpu, false}, make_gpu<ReadGpu>},
      {{name::hybrid_cpu_gpu, "Fig. 2: CPU states until the branch exceeds T4 and grows, then the GPU", Device::cpu_gpu,
        true},
       make_gpu<HybridCpuGpu>},
      {{name::dobfs_gpu, "direction-optimising top-down/bottom-up on the GPU (beyond the paper)", Device::gpu, false},
       make_gpu<DobfsGpu>},
      {{name::dobfs_mgpu,
        "dobfs_gpu over the GPUs of one host: vertex ranges, frontier bitmap slices exchanged with NCCL "
        "(beyond the paper)",
        Device::gpu, false},
       make_mgpu},
      // Made and run on the ranks of an MPI job by scale_out.cpp.
      {{name::pbgl_bfs, "Parallel BGL breadth_first_search on the ranks of an MPI job (beyond the paper)", Device::mpi,
        false},
       nullptr},
      {{name::combblas_bfs,
        "CombBLAS direction-optimising BFS (sparse matrix-vector top-down, bottom-up) on a square grid of MPI ranks "
        "(beyond the paper)",
        Device::mpi, false},
       nullptr},
  };
  return table;
}

const harness::ProgramTable<ReadBenchmark, Config>& read_benchmarks() {
  static const harness::ProgramTable<ReadBenchmark, Config> table = {
      {{name::bw_seq_cpu, "table1: every word of a host array read once in order (GB/s)", Device::cpu, true},
       cpu_read<false>},
      {{name::bw_rand_cpu, "table1: host words read at pseudo-random positions (GB/s)", Device::cpu, true},
       cpu_read<true>},
      {{name::bw_seq_gpu, "table1: every word of a device array read once in order (GB/s)", Device::gpu, false},
       gpu_read<false>},
      {{name::bw_rand_gpu, "table1: device words read at pseudo-random positions (GB/s)", Device::gpu, false},
       gpu_read<true>},
  };
  return table;
}

}  // namespace gs::hybrid_dfs
