// The GPU traversals' entry points that use the CPU side (cpu_traversals.hpp,
// C++20): the direction options and trace, and the CPU+GPU hybrid of Fig. 2.
// The GPU parts are in gpu_traversal.cu.
#include "algorithms/traversal/cpu_traversals.hpp"
#include "algorithms/traversal/gpu_traversal.hpp"
#include "common/timer.hpp"

namespace gs::traversal {

GpuRunTimes GpuTraversal::direction_optimising(vid_t source, std::vector<std::uint32_t>& level,
                                               const DirectionOptions& opt, DirectionTrace* trace) {
  return direction_optimising_gpu(source, level, opt.alpha, opt.beta, trace ? &trace->bottom_up : nullptr);
}

GpuRunTimes GpuTraversal::cpu_gpu_hybrid(vid_t source, std::vector<std::uint32_t>& level, CpuWorkspace& ws,
                                         const HybridOptions& opt, std::uint64_t t4) {
  const double t0 = steady_seconds();
  const CpuPrefix p = cpu_prefix(graph(), source, ws, opt, t4);
  const double cpu_s = steady_seconds() - t0;
  GpuRunTimes t;
  if (p.finished) {
    levels_from_stack(p, ws.stack, graph().n, level);
    t.moved_to_gpu = false;
    t.cpu_s = cpu_s;
    t.seconds = steady_seconds() - t0;
    return t;
  }
  t = read_based_from_stack(ws.stack.data(), p.segment_begin, level);  // its seconds: from the stack's upload on
  t.cpu_s = cpu_s;
  t.seconds += cpu_s;
  return t;
}

}  // namespace gs::traversal
