// Fig. 1: each branch is processed by the state the state machine is in.
#include "algorithms/traversal/branch_steps.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"
#include "common/timer.hpp"

namespace gs::traversal {

void hybrid_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
                const HybridOptions& opt, HybridTrace* trace) {
  level.resize(g.n);
  if (trace) {
    trace->per_branch.clear();
    trace->branch_seconds.clear();
  }
  std::uint32_t* lv = level.data();
  ws.buckets.test_first = opt.deferred_test_first;
  start_traversal(source, lv, ws.visited, ws.stack);
  HybridStateMachine sm(opt.thresholds, g.n);
  // The current branch's stack segment (valid in the states that read the stack).
  std::size_t begin = 0, end = ws.stack.end();
  std::uint64_t cur = 1;
  const std::size_t lt = opt.local_threshold;
  for (std::uint32_t branch = 0; cur > 0; ++branch) {
    const HybridState s = sm.state();
    const WallTimer timer;
    const vid_t* seg = ws.stack.data() + begin;
    const BranchBits* bits = &ws.branch_bits;
    // The array-based states' snapshots (StackToRead's is the first the Read state needs).
    if (s == HybridState::StackToRead || s == HybridState::Read || s == HybridState::ReadToStack)
      ws.branch_bits.snapshot(ws.visited);
    ClaimBuckets* defer = cur >= opt.defer_claims_from ? &ws.buckets : nullptr;
    BranchResult r;
    switch (s) {
      case HybridState::Sequential:
        r = expand_branch_sequential(g, branch, seg, end - begin, lv, ws.visited, ws.stack);
        break;
      case HybridState::Stack:
        r = expand_branch<BranchInput::Stack, true>(g, branch, seg, end - begin, nullptr, lv, ws.visited, &ws.stack, lt,
                                                    defer);
        break;
      case HybridState::StackToRead:
        r = expand_branch<BranchInput::Stack, false>(g, branch, seg, end - begin, nullptr, lv, ws.visited, nullptr, lt,
                                                     defer);
        break;
      case HybridState::Read:
        r = expand_branch<BranchInput::Array, false>(g, branch, nullptr, 0, bits, lv, ws.visited, nullptr, lt, defer);
        break;
      case HybridState::ReadToStack:
        r = expand_branch<BranchInput::Array, true>(g, branch, nullptr, 0, bits, lv, ws.visited, &ws.stack, lt, defer);
        break;
    }
    if (trace) {
      trace->per_branch.push_back(s);
      trace->branch_seconds.push_back(timer.seconds());
    }
    begin = end;  // pushing states appended the next branch after the current one
    end = ws.stack.end();
    sm.advance(cur, r.vertices);
    cur = r.vertices;
  }
  finish_unreached(ws.visited, lv);
}

}  // namespace gs::traversal
