// The traversal family's CPU programs and its table of entries
// (traversal_programs.hpp). Always built; the GPU entries name their factories
// through GS_NEEDS_CUDA / GS_NEEDS_NCCL, combblas_bfs is GS_NEEDS_COMBBLAS.
#include "algorithms/traversal/traversal_programs.hpp"

#include "algorithms/distributed/combblas_grid.hpp"
#include "algorithms/traversal/array_read_program.hpp"
#include "algorithms/traversal/ordered_copy.hpp"
#include "algorithms/traversal/trace_columns.hpp"
#include "baselines/bgl.hpp"
#include "common/harness/built_with.hpp"
#include "common/harness/world.hpp"
#include "common/system_info.hpp"
#include "common/timer.hpp"

namespace gs::traversal {

namespace {

using harness::Device;
using harness::Family;

// dobfs_mgpu needs two GPUs or more, and as many as --gpu-counts asks for.
std::string multi_gpu_problem(const TraversalOptions& o) {
  const int present = gpu_info().count;
  if (present < 2) return "needs 2 or more GPUs (" + std::to_string(present) + " here)";
  for (std::int64_t g : o.gpu_counts)
    if (g > present)
      return "--gpu-counts asks for " + std::to_string(g) + " GPUs, " + std::to_string(present) + " here";
  return "";
}

// combblas_bfs needs a square number of ranks (its 2D grid): the launcher's rank
// count, where it gives one (else the program finds out itself).
std::string combblas_problem(const TraversalOptions&) {
  const harness::LaunchedRanks job = harness::launched_ranks();
  return job.size > 0 ? dist::combblas_grid_problem(job.size) : "";
}

using harness::Outcome;
using harness::Prepared;

class BglBfs final : public TraversalProgram {
 public:
  // While BGL's graph is built: the arc list and weights it is built from (12 B per arc), its
  // targets and weights (8 B per arc), the kept-arc offsets and its own (16 B per vertex).
  std::uint64_t host_bytes(const harness::GraphSize& size) const override {
    return 20 * (2 * size.m) + 16 * (size.n + 1);
  }
  Prepared prepare(const TraversalGraph& g, int) override {
    SharedState& s = *g.shared;
    if (!s.bgl) {
      WallTimer t;
      s.bgl = std::make_shared<bgl::Digraph<std::uint32_t>>(g.csr);
      s.bgl_setup_s = t.seconds();
    }
    return {.columns = {{"setup_s", s.bgl_setup_s}}};
  }
  Outcome<TraversalAnswer> run(const TraversalGraph& g, const vid_t& source, int) override {
    SharedState& s = *g.shared;
    WallTimer t;
    bgl::bfs(*s.bgl, source, s.level, parent_);
    return {.seconds = t.seconds(), .answer = {.level = &s.level, .parent = &parent_}};
  }

 private:
  std::vector<vid_t> parent_;
};

class ReadOmp final : public TraversalProgram {
 public:
  Outcome<TraversalAnswer> run(const TraversalGraph& g, const vid_t& source, int) override {
    SharedState& s = *g.shared;
    const CsrView view = view_of(g.csr);
    WallTimer t;
    read_omp(view, source, s.level, s.ws);
    return {.seconds = t.seconds(), .answer = {.level = &s.level}};
  }
};

class StackOmp final : public TraversalProgram {
 public:
  explicit StackOmp(const TraversalOptions& o) : local_threshold_(o.hybrid.local_threshold) {}
  Outcome<TraversalAnswer> run(const TraversalGraph& g, const vid_t& source, int) override {
    SharedState& s = *g.shared;
    const CsrView view = view_of(g.csr);
    WallTimer t;
    stack_omp(view, source, s.level, s.ws, local_threshold_);
    const double seconds = t.seconds();
    return {.seconds = seconds,
            .answer = {.level = &s.level, .branch_kinds = uniform_branches(s.level, BranchKind::top_down)}};
  }

 private:
  std::size_t local_threshold_;
};

// hybrid_omp: its states of Fig. 1 per branch; its branches are not counted for bytes_read.
class HybridOmp final : public TraversalProgram {
 public:
  explicit HybridOmp(const TraversalOptions& o) : opt_(o.hybrid) {}
  Outcome<TraversalAnswer> run(const TraversalGraph& g, const vid_t& source, int) override {
    SharedState& s = *g.shared;
    const CsrView view = view_of(g.csr);
    HybridTrace trace;
    WallTimer t;
    hybrid_omp(view, source, s.level, s.ws, opt_, &trace);
    const double seconds = t.seconds();
    return {.seconds = seconds,
            .answer = {.level = &s.level},
            .phases = {{"states", trace.summary()}, {"branch_ms", milliseconds_list(trace.branch_seconds)}}};
  }

 private:
  HybridOptions opt_;
};

// With TraversalOptions::cpu_degree_order it traverses the graph's
// degree-ordered copy (ordered_copy.hpp), as dobfs_gpu does.
class DobfsOmp final : public TraversalProgram {
 public:
  explicit DobfsOmp(const TraversalOptions& o) : opt_(o.direction), degree_order_(o.cpu_degree_order) {}
  std::uint64_t host_bytes(const harness::GraphSize& size) const override {
    return degree_order_ ? OrderedCopy::host_bytes(size) : 0;
  }
  Prepared prepare(const TraversalGraph& g, int) override {
    if (!degree_order_) return {};
    copy_ = &ordered_copy(g);
    return {.columns = {{"relabel_s", copy_->build_seconds()}}};
  }
  void release() override { copy_ = nullptr; }
  Outcome<TraversalAnswer> run(const TraversalGraph& g, const vid_t& source, int) override {
    SharedState& s = *g.shared;
    const CsrView view = copy_ ? copy_->view() : view_of(g.csr);
    std::vector<std::uint32_t>& level = copy_ ? copy_->level() : s.level;
    DirectionTrace trace;
    WallTimer t;
    dobfs_omp(view, copy_ ? copy_->source(source) : source, level, s.ws, opt_, &trace);
    Outcome<TraversalAnswer> out{.seconds = t.seconds(),
                                 .answer = {.level = &s.level, .branch_kinds = direction_branches(trace.bottom_up)},
                                 .phases = {{"states", direction_states(trace.bottom_up)},
                                            {"branch_ms", milliseconds_list(trace.branch_seconds)}}};
    if (copy_) out.phases["widen_s"] = copy_->map_back(s.level, out.answer);
    return out;
  }

 private:
  DirectionOptions opt_;
  bool degree_order_;
  OrderedCopy* copy_ = nullptr;  // the graph's (SharedState::ordered), while prepared
};

template <class P>
std::unique_ptr<TraversalProgram> make(const TraversalOptions&) {
  return std::make_unique<P>();
}
template <class P>
std::unique_ptr<TraversalProgram> make_with(const TraversalOptions& o) {
  return std::make_unique<P>(o);
}

}  // namespace

harness::ProgramEntries<TraversalProgram, TraversalOptions> traversal_programs() {
  return {
      {{.name = name::bgl_bfs,
        .description = "BGL breadth_first_search (serial baseline)",
        .label = "BGL BFS (1 thread)",
        .family = Family::baseline},
       make<BglBfs>},
      {{.name = name::stack_omp,
        .description = "Alg. 1 stack-based: visited bitmap (test-and-test-and-set), local stacks bulk-pushed",
        .threaded = true,
        .label = "stack-based (Alg. 1)",
        .family = Family::paper},
       make_with<StackOmp>},
      {{.name = name::read_omp,
        .description = "Alg. 2 read-based: the O(N) branch array scanned every branch, no stack",
        .threaded = true,
        .label = "read-based (Alg. 2)",
        .family = Family::paper},
       make<ReadOmp>},
      {{.name = name::hybrid_omp,
        .description = "Fig. 1 read+stack hybrid state machine (T1, T2, T3, alpha, beta)",
        .threaded = true,
        .label = "hybrid read+stack",
        .family = Family::paper},
       make_with<HybridOmp>},
      {{.name = name::dobfs_omp,
        .description = "direction-optimising top-down/bottom-up on the CPU (beyond the paper)",
        .threaded = true,
        .label = "direction-optimizing (CPU)",
        .family = Family::beyond},
       make_with<DobfsOmp>},
      {{.name = name::read_gpu,
        .description = "read-based on the GPU",
        .device = Device::gpu,
        .label = "GPU read-based",
        .family = Family::paper},
       GS_NEEDS_CUDA(&make_read_gpu)},
      {{.name = name::hybrid_cpu_gpu,
        .description = "Fig. 2: CPU states until the branch exceeds T4 and grows, then the GPU",
        .device = Device::cpu_gpu,
        .threaded = true,
        .label = "CPU+GPU hybrid",
        .family = Family::paper},
       GS_NEEDS_CUDA(&make_hybrid_cpu_gpu)},
      {{.name = name::dobfs_gpu,
        .description = "direction-optimising top-down/bottom-up on the GPU (beyond the paper)",
        .device = Device::gpu,
        .label = "direction-optimizing (GPU)",
        .family = Family::beyond},
       GS_NEEDS_CUDA(&make_dobfs_gpu)},
      {{.name = name::dobfs_mgpu,
        .description = "dobfs_gpu over the GPUs of one host: vertex ranges, frontier bitmap slices exchanged with NCCL "
                       "(beyond the paper)",
        .device = Device::gpu,
        .label = "direction-optimizing (multi-GPU)",
        .family = Family::beyond},
       GS_NEEDS_NCCL(&make_dobfs_mgpu),
       multi_gpu_problem},
      // Made and run on the ranks of an MPI job by the experiment (algorithms/distributed).
      {{.name = name::pbgl_bfs,
        .description = "Parallel BGL breadth_first_search on the ranks of an MPI job (beyond the paper)",
        .device = Device::mpi,
        .label = "Parallel BGL BFS (MPI)",
        .family = Family::beyond},
       nullptr},
      {{.name = name::combblas_bfs,
        .description = "CombBLAS direction-optimising BFS (sparse matrix-vector top-down, bottom-up) on a square grid "
                       "of MPI ranks (beyond the paper)",
        .device = Device::mpi,
        .label = "CombBLAS BFS (MPI)",
        .family = Family::beyond},
       GS_NEEDS_COMBBLAS(nullptr),
       combblas_problem},
  };
}

harness::ProgramEntries<ReadProgram> read_bandwidth_programs() {
  auto cpu = [](bool random) {
    return [random](const harness::NoOptions&) -> std::unique_ptr<ReadProgram> {
      return std::make_unique<ArrayRead<bench::CpuReadBench, &ReadArrays::cpu, false>>(random);
    };
  };
  auto gpu = [](bool random) { return [random](const harness::NoOptions&) { return make_gpu_read(random); }; };
  (void)gpu;  // unused in a build without CUDA
  return {
      {{.name = "bw_seq_cpu",
        .description = "table1: every word of a host array read once in order (GB/s)",
        .threaded = true,
        .family = Family::beyond},
       cpu(false)},
      {{.name = "bw_rand_cpu",
        .description = "table1: host words read at pseudo-random positions (GB/s)",
        .threaded = true,
        .family = Family::beyond},
       cpu(true)},
      {{.name = "bw_seq_gpu",
        .description = "table1: every word of a device array read once in order (GB/s)",
        .device = Device::gpu,
        .family = Family::beyond},
       GS_NEEDS_CUDA(gpu(false))},
      {{.name = "bw_rand_gpu",
        .description = "table1: device words read at pseudo-random positions (GB/s)",
        .device = Device::gpu,
        .family = Family::beyond},
       GS_NEEDS_CUDA(gpu(true))},
  };
}

}  // namespace gs::traversal
