// dijkstra_deg5's up-front refusal of graphs whose shortest distances may
// pass the float maximum (the paper's programs add in float).
#include <gtest/gtest.h>

#include <cfloat>

#include "common/convert.hpp"
#include "common/errors.hpp"
#include "experiments/dijkstra_deg5/float_range.hpp"

namespace {

gs::Csr<float> path(std::initializer_list<float> weights, bool directed) {
  gs::EdgeList<float> el;
  el.n = gs::vid_t(weights.size() + 1);
  el.directed = directed;
  gs::vid_t x = 0;
  for (float w : weights) {
    el.add(x, x + 1, w);
    ++x;
  }
  return gs::edge_list_to_csr(el);
}

TEST(FloatRange, BoundIsTheSmallerOfSumAndHeaviestTimesSteps) {
  // Undirected: each edge counted once, not once per arc.
  EXPECT_DOUBLE_EQ(gs::dijkstra_deg5::shortest_distance_bound(path({1, 2, 3}, false)), 6.0);
  EXPECT_DOUBLE_EQ(gs::dijkstra_deg5::shortest_distance_bound(path({1, 2, 3}, true)), 6.0);
  gs::EdgeList<float> el;  // 3 vertices, many heavy parallel edges: 2 steps of at most 5
  el.n = 3;
  for (int i = 0; i < 10; ++i) {
    el.add(0, 1, 5);
    el.add(1, 2, 5);
  }
  el.add(2, 2, 1e30f);  // a self loop is on no shortest path
  EXPECT_DOUBLE_EQ(gs::dijkstra_deg5::shortest_distance_bound(gs::edge_list_to_csr(el)), 10.0);
}

TEST(FloatRange, RefusesDistancesPastTheFloatMaximum) {
  EXPECT_THROW(gs::dijkstra_deg5::require_float_distances(path({2e38f, 2e38f}, true), "g"), gs::InputError);
  EXPECT_THROW(gs::dijkstra_deg5::require_float_distances(path({FLT_MAX, 1}, false), "g"), gs::InputError);
  EXPECT_NO_THROW(gs::dijkstra_deg5::require_float_distances(path({3e38f}, true), "g"));
  EXPECT_NO_THROW(gs::dijkstra_deg5::require_float_distances(path({1, 1000, 999}, false), "g"));
}

}  // namespace
