// Alg. 2: no stack; every branch scans the whole branch array for vertices
// of the current branch (sequential reads) and marks the next one in place
// (the branch array as bits, branch_bits.hpp).
#include "algorithms/traversal/branch_steps.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"

namespace gs::traversal {

void read_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws) {
  level.resize(g.n);
  ws.buckets.test_first = kDeferredTestFirst;
  start_traversal(source, level.data(), ws.visited, ws.stack);
  ws.branch_bits.clear();
  std::uint64_t cur = 1;
  for (std::uint32_t branch = 0;; ++branch) {
    ws.branch_bits.snapshot(ws.visited);
    const BranchResult r =
        expand_branch<BranchInput::Array, false>(g, branch, nullptr, 0, &ws.branch_bits, level.data(), ws.visited,
                                                 nullptr, 0, cur >= kDeferClaimsFrom ? &ws.buckets : nullptr);
    if (r.vertices == 0) break;  // Alg. 2's logical AND of the threads' fin flags
    cur = r.vertices;
  }
  finish_unreached(ws.visited, level.data());
}

}  // namespace gs::traversal
