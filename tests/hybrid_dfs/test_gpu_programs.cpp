// The traversal family's GPU programs made from their entries: dobfs_gpu and
// dobfs_mgpu on the graph and on its degree-ordered copy
// (GpuOptions::degree_order), whose levels come back in the graph's ids.
// Labelled `gpu`: skipped without a device.
#include <gtest/gtest.h>

#include "ordered_copy_check.hpp"

#if GS_HAVE_NCCL
#include <algorithm>

#include "algorithms/traversal/mgpu_traversal.hpp"
#endif

namespace gs::traversal {
namespace {

TEST(TraversalGpuPrograms, DobfsGpuOnTheGraphAndOnItsDegreeOrderedCopy) {
  test::expect_levels_on_graph_and_copy(
      name::dobfs_gpu, [](TraversalOptions& o, bool on) { o.gpu.degree_order = on; }, 1);
}

#if GS_HAVE_NCCL
// dobfs_mgpu's "threads" are its GPU count: one GPU, and two where present.
TEST(TraversalGpuPrograms, DobfsMgpuOnTheGraphAndOnItsDegreeOrderedCopy) {
  for (int gpus = 1; gpus <= std::min(2, MultiGpuTraversal::gpus_present()); ++gpus) {
    SCOPED_TRACE(std::to_string(gpus) + " GPUs");
    test::expect_levels_on_graph_and_copy(
        name::dobfs_mgpu, [](TraversalOptions& o, bool on) { o.gpu.degree_order = on; }, gpus);
  }
}
#endif

}  // namespace
}  // namespace gs::traversal
