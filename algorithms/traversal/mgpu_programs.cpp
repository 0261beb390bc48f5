// dobfs_mgpu (traversal_programs.hpp): dobfs_gpu's traversal over the GPUs of
// this host (mgpu_traversal.hpp), on the graph's degree-ordered copy as
// dobfs_gpu (GpuOptions::degree_order; ordered_copy.hpp), the copy's words dealt
// out to the GPUs in turn (word_strided.hpp; --mgpu-word-strided). The harness prepares
// it once per GPU count (the counts it is given as its "threads":
// mgpu_gpu_counts), with its own upload; the one-GPU copy of the graph is freed
// first. Its rows record one thread and the GPU count in column gpus. Compiled
// into gs_traversal_gpu with NCCL.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "algorithms/traversal/mgpu_traversal.hpp"
#include "algorithms/traversal/ordered_copy.hpp"
#include "algorithms/traversal/trace_columns.hpp"
#include "algorithms/traversal/traversal_programs.hpp"
#include "algorithms/traversal/word_strided.hpp"
#include "common/timer.hpp"

namespace gs::traversal {
namespace {

// Per level "compute/comm" in ms; beyond kListedBranches levels a summary.
std::string level_ms(const MultiGpuRunTimes& r) {
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

class DobfsMgpu final : public TraversalProgram {
 public:
  explicit DobfsMgpu(const TraversalOptions& o) : o_(o) {}
  std::uint64_t host_bytes(const harness::GraphSize& size) const override {
    std::uint64_t most = 0;
    for (int g : mgpu_gpu_counts(o_))
      most = std::max(most, MultiGpuTraversal::host_bytes(size.n, 2 * size.m, g, o_.mgpu_arc_weight));
    if (!o_.gpu.degree_order) return most;
    return most + OrderedCopy::host_bytes(size) +
           (o_.mgpu_word_strided ? WordStrided::host_bytes(size.n, 2 * size.m) + size.n * sizeof(std::uint32_t) : 0);
  }
  std::uint64_t device_bytes(const harness::GraphSize& size) const override {
    std::uint64_t most = 0;  // per GPU: the fewest GPUs need the most
    for (int g : mgpu_gpu_counts(o_))
      most = std::max(most, MultiGpuTraversal::device_bytes_per_gpu(size.n, 2 * size.m, g, o_.mgpu_arc_weight));
    return most;
  }
  // `gpus`: the GPU count of these rows, which record one thread.
  harness::Prepared prepare(const TraversalGraph& g, int gpus) override {
    g.shared->gpu.reset();  // one upload on the GPUs at a time
    mgpu_.reset();
    strided_.reset();
    copy_ = o_.gpu.degree_order ? &ordered_copy(g) : nullptr;
    WallTimer deal;
    if (copy_ && o_.mgpu_word_strided && gpus > 1) {
      strided_ = std::make_unique<WordStrided>(copy_->view(), gpus);
      strided_level_.resize(copy_->view().n);
    }
    const double deal_s = deal.seconds();
    if (strided_) {
      mgpu_ = std::make_unique<MultiGpuTraversal>(strided_->view(), strided_->bounds(), o_.gpu);
    } else {
      const CsrView traversed = copy_ ? copy_->view() : view_of(g.csr);
      mgpu_ = std::make_unique<MultiGpuTraversal>(traversed, gpus, o_.gpu, o_.mgpu_arc_weight);
    }
    harness::ColumnValues columns{{"upload_s", deal_s + mgpu_->upload_seconds()},
                                  {"gpu_bytes", double(mgpu_->device_bytes_used())}};
    if (copy_) columns["relabel_s"] = copy_->build_seconds();
    return {.columns = columns, .threads = 1};
  }
  harness::Outcome<TraversalAnswer> run(const TraversalGraph& g, const vid_t& source, int) override {
    SharedState& s = *g.shared;
    const DirectionOptions& d = o_.direction;
    MultiGpuRunTimes r;
    if (strided_) {
      r = mgpu_->direction_optimising(strided_->to_strided(copy_->source(source)), strided_level_, d.alpha, d.beta);
      WallTimer back;
      strided_->to_original(strided_level_, copy_->level());
      r.widen_s += back.seconds();
    } else if (copy_) {
      r = mgpu_->direction_optimising(copy_->source(source), copy_->level(), d.alpha, d.beta);
    } else {
      r = mgpu_->direction_optimising(source, s.level, d.alpha, d.beta);
    }
    harness::Outcome<TraversalAnswer> out;
    out.seconds = r.seconds;
    out.answer = {.level = &s.level, .branch_kinds = direction_branches(r.bottom_up)};
    if (copy_) r.widen_s += copy_->map_back(s.level, out.answer);
    out.phases = {{"gpus", double(mgpu_->gpus())},
                  {"init_s", r.init_s},
                  {"compute_s", r.compute_s},
                  {"comm_s", r.comm_s},
                  {"d2h_s", r.d2h_s},
                  {"widen_s", r.widen_s},
                  {"imbalance", r.imbalance},
                  {"level_ms", level_ms(r)},
                  {"states", direction_states(r.bottom_up)}};
    return out;
  }
  // Its GPUs' memory back before the next program.
  void release() override {
    mgpu_.reset();
    strided_.reset();
    std::vector<std::uint32_t>().swap(strided_level_);
    copy_ = nullptr;
  }

 private:
  const TraversalOptions& o_;                 // the driver's, which outlives the programs
  OrderedCopy* copy_ = nullptr;               // the graph's (SharedState::ordered), while prepared
  std::unique_ptr<WordStrided> strided_;      // the copy dealt out to the GPUs, while prepared (G > 1)
  std::vector<std::uint32_t> strided_level_;  // a traversal's levels by the strided ids
  std::unique_ptr<MultiGpuTraversal> mgpu_;
};

}  // namespace

std::unique_ptr<TraversalProgram> make_dobfs_mgpu(const TraversalOptions& o) { return std::make_unique<DobfsMgpu>(o); }

}  // namespace gs::traversal
