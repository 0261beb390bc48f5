// Alg. 1: the current branch is a segment of the global stack; each thread
// claims next-branch vertices in the visited bitmap and bulk-pushes them.
#include "algorithms/traversal/branch_steps.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"

namespace gs::traversal {

void stack_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
               std::size_t local_threshold) {
  level.resize(g.n);
  ws.buckets.test_first = kDeferredTestFirst;
  start_traversal(source, level.data(), ws.visited, ws.stack);
  std::size_t begin = 0, end = ws.stack.end();
  for (std::uint32_t branch = 0; begin < end; ++branch) {
    expand_branch<BranchInput::Stack, true>(g, branch, ws.stack.data() + begin, end - begin, nullptr, level.data(),
                                            ws.visited, &ws.stack, local_threshold,
                                            end - begin >= kDeferClaimsFrom ? &ws.buckets : nullptr);
    begin = end;
    end = ws.stack.end();
  }
  finish_unreached(ws.visited, level.data());
}

}  // namespace gs::traversal
