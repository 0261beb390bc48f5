// The traversal family's GPU programs made from their entries: dobfs_gpu on
// the graph and on its degree-ordered copy (GpuOptions::degree_order), whose
// levels come back in the graph's ids. Labelled `gpu`: skipped without a device.
#include <gtest/gtest.h>

#include "ordered_copy_check.hpp"

namespace gs::traversal {
namespace {

TEST(TraversalGpuPrograms, DobfsGpuOnTheGraphAndOnItsDegreeOrderedCopy) {
  test::expect_levels_on_graph_and_copy(
      name::dobfs_gpu, [](TraversalOptions& o, bool on) { o.gpu.degree_order = on; }, 1);
}

}  // namespace
}  // namespace gs::traversal
