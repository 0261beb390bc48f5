// Alg. 2: no stack; every branch scans the whole branch array for vertices
// of the current branch (sequential reads) and marks the next one in place.
#include "algorithms/traversal/branch_steps.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"

namespace gs::traversal {

void read_omp(const CsrView& g, vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws) {
  level.resize(g.n);
  start_traversal(g, source, level.data(), ws.visited, ws.stack);
  for (std::uint32_t branch = 0;; ++branch) {
    const BranchResult r =
        expand_branch<BranchInput::Array, false>(g, branch, nullptr, 0, level.data(), ws.visited, nullptr, 0);
    if (r.vertices == 0) break;  // Alg. 2's logical AND of the threads' fin flags
  }
}

}  // namespace gs::traversal
