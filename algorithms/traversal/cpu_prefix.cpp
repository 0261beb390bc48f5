// The CPU side of Fig. 2 (see cpu_traversals.hpp). No levels are written:
// the stack's segments are the levels, and whoever finishes rebuilds them.
#include "algorithms/traversal/branch_steps.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"

namespace gs::traversal {

CpuPrefix cpu_prefix(const CsrView& g, vid_t source, CpuWorkspace& ws, const HybridOptions& opt, std::uint64_t t4) {
  CpuPrefix p;
  ws.buckets.test_first = opt.deferred_test_first;
  start_traversal(source, nullptr, ws.visited, ws.stack);
  p.segment_begin = {0, ws.stack.end()};
  std::uint64_t cur = 1;
  for (std::uint32_t branch = 0;; ++branch) {
    const std::size_t begin = p.segment_begin[branch], end = p.segment_begin[branch + 1];
    const bool sequential = cur <= opt.thresholds.t1;
    p.states.push_back(sequential ? HybridState::Sequential : HybridState::Stack);
    const BranchResult r =
        sequential
            ? expand_branch_sequential(g, branch, ws.stack.data() + begin, end - begin, nullptr, ws.visited, ws.stack)
            : expand_branch<BranchInput::Stack, true>(g, branch, ws.stack.data() + begin, end - begin, nullptr, nullptr,
                                                      ws.visited, &ws.stack, opt.local_threshold,
                                                      cur >= opt.defer_claims_from ? &ws.buckets : nullptr);
    if (r.vertices == 0) {
      p.finished = true;
      return p;
    }
    p.segment_begin.push_back(ws.stack.end());
    if (r.vertices > t4 && double(r.vertices) > opt.thresholds.alpha * double(cur)) return p;
    cur = r.vertices;
  }
}

void levels_from_stack(const CpuPrefix& p, const BranchStack& stack, vid_t n, std::vector<std::uint32_t>& level) {
  level.resize(n);
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) level[v] = 0xFFFFFFFFu;
  const vid_t* items = stack.data();
  for (std::uint32_t k = 0; k + 1 < p.segment_begin.size(); ++k) {
    const std::int64_t b = std::int64_t(p.segment_begin[k]), e = std::int64_t(p.segment_begin[k + 1]);
#pragma omp parallel for schedule(static) if (e - b > 65536)
    for (std::int64_t i = b; i < e; ++i) level[items[i]] = k;
  }
}

}  // namespace gs::traversal
