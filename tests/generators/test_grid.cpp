// The grid generator (road-network stand-in): shape, both arc directions,
// weights, determinism, connectivity, the cache and bad arguments.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <utility>
#include <vector>

#include "common/convert.hpp"
#include "common/errors.hpp"
#include "generators/cached_generators.hpp"
#include "generators/generators.hpp"
#include "tests/generators/thread_count.hpp"

namespace gen = gs::gen;
namespace fs = std::filesystem;
using gs::eid_t;
using gs::vid_t;

namespace {

// Out-degree of (r, c): one arc per neighbour inside the grid.
int expected_degree(vid_t r, vid_t c, vid_t rows, vid_t cols) {
  return int(r > 0) + int(r + 1 < rows) + int(c > 0) + int(c + 1 < cols);
}

}  // namespace

TEST(Grid, ArcCountsAndDegrees) {
  for (const auto& [rows, cols] : std::vector<std::pair<vid_t, vid_t>>{{7, 5}, {1, 9}, {9, 1}, {2, 2}, {1, 1}}) {
    SCOPED_TRACE(std::to_string(rows) + " x " + std::to_string(cols));
    const auto el = gen::grid(rows, cols, 1.0f, 1000.0f, 3);
    EXPECT_EQ(el.n, rows * cols);
    EXPECT_TRUE(el.directed);
    const eid_t m = 2 * (eid_t(rows) * (cols - 1) + eid_t(rows - 1) * cols);
    EXPECT_EQ(el.size(), m);
    EXPECT_EQ(gen::grid_arcs(rows, cols), m);
    ASSERT_EQ(el.w.size(), m);
    std::vector<int> out_deg(el.n, 0), in_deg(el.n, 0);
    for (eid_t i = 0; i < el.size(); ++i) {
      ASSERT_LT(el.u[i], el.n);
      ASSERT_LT(el.v[i], el.n);
      ++out_deg[el.u[i]];
      ++in_deg[el.v[i]];
    }
    for (vid_t r = 0; r < rows; ++r)
      for (vid_t c = 0; c < cols; ++c) {
        EXPECT_EQ(out_deg[r * cols + c], expected_degree(r, c, rows, cols)) << "(" << r << "," << c << ")";
        EXPECT_EQ(in_deg[r * cols + c], expected_degree(r, c, rows, cols)) << "(" << r << "," << c << ")";
      }
  }
}

TEST(Grid, ArcsJoinGridNeighboursInBothDirectionsWithoutDuplicates) {
  const vid_t rows = 13, cols = 11;
  const auto el = gen::grid(rows, cols, 1.0f, 1000.0f, 5);
  std::set<std::pair<vid_t, vid_t>> arcs;
  for (eid_t i = 0; i < el.size(); ++i) {
    const vid_t u = el.u[i], v = el.v[i];
    const vid_t ru = u / cols, cu = u % cols, rv = v / cols, cv = v % cols;
    const vid_t dr = ru > rv ? ru - rv : rv - ru, dc = cu > cv ? cu - cv : cv - cu;
    ASSERT_EQ(dr + dc, 1u) << "arc " << i << " (" << u << "," << v << ") does not join grid neighbours";
    ASSERT_TRUE(arcs.insert({u, v}).second) << "arc " << i << " repeats (" << u << "," << v << ")";
  }
  for (const auto& [u, v] : arcs) EXPECT_TRUE(arcs.count({v, u})) << "(" << u << "," << v << ") has no reverse arc";
}

TEST(Grid, WeightsInRangeAndSpread) {
  const auto el = gen::grid(200, 150, 1.0f, 1000.0f, 7);
  double sum = 0;
  for (float w : el.w) {
    ASSERT_GE(w, 1.0f);
    ASSERT_LT(w, 1000.0f);
    sum += w;
  }
  // ~119,000 uniform draws on [1, 1000): mean 500.5, sigma of the mean about 0.84.
  EXPECT_NEAR(sum / double(el.size()), 500.5, 5.0);
  const auto [lo, hi] = std::minmax_element(el.w.begin(), el.w.end());
  EXPECT_LT(*lo, 2.0f);
  EXPECT_GT(*hi, 999.0f);
  // A narrow range whose top rounds up in float: still below max.
  for (float w : gen::grid(30, 30, 1.0f, 1.0000001f, 1).w) {
    ASSERT_GE(w, 1.0f);
    ASSERT_LT(w, 1.0000001f);
  }
}

TEST(Grid, DeterministicForSeedAndThreadCount) {
  const auto one = with_threads(1, [] { return gen::grid(120, 90, 1.0f, 1000.0f, 11); });
  const auto four = with_threads(4, [] { return gen::grid(120, 90, 1.0f, 1000.0f, 11); });
  EXPECT_TRUE(one.u == four.u && one.v == four.v && one.w == four.w);
  const auto other = gen::grid(120, 90, 1.0f, 1000.0f, 12);
  EXPECT_TRUE(one.u == other.u && one.v == other.v);  // the shape does not depend on the seed
  EXPECT_FALSE(one.w == other.w);
  // Each arc draws its own weight: the two directions of an edge differ.
  const auto& w = one.w;
  const eid_t horizontal = 120 * 89;
  eid_t same = 0;
  for (eid_t i = 0; i < horizontal; ++i) same += w[i] == w[horizontal + i];
  EXPECT_LT(same, horizontal / 100);
}

TEST(Grid, StronglyConnected) {
  for (const auto& [rows, cols] : std::vector<std::pair<vid_t, vid_t>>{{40, 30}, {1, 17}, {17, 1}}) {
    const auto g = gs::edge_list_to_csr(gen::grid(rows, cols, 1.0f, 1000.0f, 2));
    // Breadth-first from the last vertex: with every arc reversible, reaching
    // all vertices from one means strong connectivity.
    std::vector<char> seen(g.n, 0);
    std::vector<vid_t> stack{g.n - 1};
    seen[g.n - 1] = 1;
    vid_t reached = 1;
    while (!stack.empty()) {
      const vid_t u = stack.back();
      stack.pop_back();
      for (eid_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
        if (!seen[g.adj[e]]) seen[g.adj[e]] = 1, ++reached, stack.push_back(g.adj[e]);
    }
    EXPECT_EQ(reached, g.n) << rows << " x " << cols;
  }
}

TEST(Grid, CachedGridEqualsGeneratedGrid) {
  const fs::path dir = fs::temp_directory_path() / ("gs-grid-cache-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  setenv("GS_GRAPH_CACHE", dir.c_str(), 1);
  // 513 x 513 has 1,050,624 arcs: above the cache's 2^20-edge threshold.
  ASSERT_GE(gen::grid_arcs(513, 513), gen::kMinCachedEdges);
  const auto direct = gen::grid(513, 513, 1.0f, 1000.0f, 9);
  const auto first = gen::cached_grid(513, 513, 1.0f, 1000.0f, 9);
  const auto second = gen::cached_grid(513, 513, 1.0f, 1000.0f, 9);  // read back from the cache
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  unsetenv("GS_GRAPH_CACHE");
  fs::remove_all(dir);
  for (const auto* el : {&first, &second}) {
    EXPECT_EQ(el->n, direct.n);
    EXPECT_TRUE(el->directed);
    EXPECT_TRUE(el->u == direct.u && el->v == direct.v && el->w == direct.w);
  }
}

TEST(Grid, RejectsBadArguments) {
  EXPECT_THROW(gen::grid(0, 5, 1.0f, 1000.0f, 1), gs::InputError);
  EXPECT_THROW(gen::grid(5, 0, 1.0f, 1000.0f, 1), gs::InputError);
  EXPECT_THROW(gen::grid(5, 5, 10.0f, 10.0f, 1), gs::InputError);
  EXPECT_THROW(gen::grid(5, 5, 1.0f, INFINITY, 1), gs::InputError);
  EXPECT_THROW(gen::grid(70000, 70000, 1.0f, 1000.0f, 1), gs::InputError);  // over 2^32 vertices
}
