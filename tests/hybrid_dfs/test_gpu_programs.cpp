// The traversal family's GPU programs made from their entries: dobfs_gpu on
// the graph and on its degree-ordered copy (GpuOptions::degree_order), whose
// levels come back in the graph's ids. Labelled `gpu`: skipped without a device.
#include <gtest/gtest.h>

#include "algorithms/traversal/traversal_programs.hpp"
#include "common/verify/traversal.hpp"
#include "traversal_test_graphs.hpp"

namespace gs::traversal {
namespace {

TEST(TraversalGpuPrograms, DobfsGpuOnTheGraphAndOnItsDegreeOrderedCopy) {
  for (bool ordered : {false, true}) {
    TraversalOptions o;
    o.gpu.degree_order = ordered;
    for (DirectionOptions direction : {DirectionOptions{}, test::eager_bottom_up()}) {
      o.direction = direction;
      for (const test::TestGraph& tg : test::traversal_graphs()) {
        const TraversalGraph graph(tg.g);
        for (const auto& entry : traversal_programs()) {
          if (entry.info.name != name::dobfs_gpu) continue;
          const auto program = entry.make(o);
          const harness::Prepared p = program->prepare(graph, 1);
          EXPECT_EQ(p.columns.count("relabel_s"), ordered ? 1u : 0u);
          for (vid_t root : tg.roots) {
            SCOPED_TRACE(tg.name + " root " + std::to_string(root) + (ordered ? " degree-ordered" : ""));
            const harness::Outcome<TraversalAnswer> r = program->run(graph, root, 1);
            ASSERT_NE(r.answer.level, nullptr);
            EXPECT_EQ(*r.answer.level, test::bgl_levels(tg.g, root));
            EXPECT_NO_THROW(verify::check_traversal(tg.g, root, *r.answer.level, nullptr, "dobfs_gpu"));
            EXPECT_EQ(r.answer.traversed != nullptr, ordered);
            if (ordered) {  // the levels it counts bytes on are the copy's: the same levels, relabelled
              const CsrView& copy = *r.answer.traversed;
              ASSERT_EQ(copy.n, tg.g.n);
              EXPECT_GT(bytes_read(copy, *r.answer.traversed_level, r.answer.branch_kinds), 0u);
            }
          }
          program->release();
        }
      }
    }
  }
}

}  // namespace
}  // namespace gs::traversal
