// One check for the programs that may traverse a degree-ordered copy of the
// graph (ordered_copy.hpp): made from their family entry with the copy off
// and on, with the default and an eager direction rule, on every test graph,
// their levels come back in the graph's ids, equal to BGL's, and bytes_read
// is counted on the copy they traversed.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "algorithms/traversal/bytes_read.hpp"
#include "algorithms/traversal/traversal_programs.hpp"
#include "common/verify/traversal.hpp"
#include "traversal_test_graphs.hpp"

namespace gs::test {

// `set_order(o, on)` turns the program's copy on or off in its options.
inline void expect_levels_on_graph_and_copy(const std::string& program_name,
                                            const std::function<void(traversal::TraversalOptions&, bool)>& set_order,
                                            int threads) {
  for (bool ordered : {false, true}) {
    traversal::TraversalOptions o;
    set_order(o, ordered);
    for (traversal::DirectionOptions direction : {traversal::DirectionOptions{}, eager_bottom_up()}) {
      o.direction = direction;
      for (const TestGraph& tg : traversal_graphs()) {
        const traversal::TraversalGraph graph(tg.g);
        for (const auto& entry : traversal::traversal_programs()) {
          if (entry.info.name != program_name) continue;
          const auto program = entry.make(o);
          const harness::Prepared p = program->prepare(graph, threads);
          EXPECT_EQ(p.columns.count("relabel_s"), ordered ? 1u : 0u);
          for (vid_t root : tg.roots) {
            SCOPED_TRACE(tg.name + " root " + std::to_string(root) + (ordered ? " degree-ordered" : ""));
            const harness::Outcome<traversal::TraversalAnswer> r = program->run(graph, root, threads);
            ASSERT_NE(r.answer.level, nullptr);
            EXPECT_EQ(*r.answer.level, bgl_levels(tg.g, root));
            EXPECT_NO_THROW(verify::check_traversal(tg.g, root, *r.answer.level, nullptr, program_name));
            EXPECT_EQ(r.answer.traversed != nullptr, ordered);
            if (ordered) {  // the levels it counts bytes on are the copy's: the same levels, relabelled
              const traversal::CsrView& copy = *r.answer.traversed;
              ASSERT_EQ(copy.n, tg.g.n);
              EXPECT_GT(traversal::bytes_read(copy, *r.answer.traversed_level, r.answer.branch_kinds), 0u);
            }
          }
          program->release();
        }
      }
    }
  }
}

}  // namespace gs::test
