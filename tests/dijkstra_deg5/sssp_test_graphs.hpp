// The graphs every paper-E program is tested on, and one check that runs a
// program over all of them against the independent reference Dijkstra.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/graph.hpp"
#include "algorithms/sssp/sssp_input.hpp"
#include "common/verify/sssp.hpp"
#include "generators/generators.hpp"

namespace gs::sssp::testing {

struct NamedGraph {
  std::string name;
  Csr<float> g;
  std::vector<vid_t> sources;
};

// `zero_share`: the fraction of arcs with weight exactly 0.
inline EdgeList<float> random_arcs(vid_t n, eid_t m, std::uint64_t seed, float zero_share = 0.0f, vid_t first = 0) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<vid_t> vertex(first, n - 1);
  std::uniform_real_distribution<float> weight(1.0f, 1000.0f), coin(0.0f, 1.0f);
  EdgeList<float> el;
  el.n = n;
  el.directed = true;
  for (eid_t e = 0; e < m; ++e) el.add(vertex(rng), vertex(rng), coin(rng) < zero_share ? 0.0f : weight(rng));
  return el;
}

// rows x cols grid, undirected (both arcs), random weights: a high-diameter graph.
inline EdgeList<float> grid(vid_t rows, vid_t cols, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> weight(1.0f, 100.0f);
  EdgeList<float> el;
  el.n = rows * cols;
  el.directed = false;
  for (vid_t r = 0; r < rows; ++r)
    for (vid_t c = 0; c < cols; ++c) {
      const vid_t x = r * cols + c;
      if (c + 1 < cols) el.add(x, x + 1, weight(rng));
      if (r + 1 < rows) el.add(x, x + cols, weight(rng));
    }
  return el;
}

inline std::vector<NamedGraph> test_graphs() {
  std::vector<NamedGraph> out;
  out.push_back({"random", edge_list_to_csr(random_arcs(2000, 9000, 11)), {0, 1, 1999}});
  out.push_back({"fixed-degree-5", edge_list_to_csr(gen::fixed_degree(5000, 5, 1.0f, 1000.0f, 7)), {0, 4321}});
  out.push_back({"grid-70x40", edge_list_to_csr(grid(70, 40, 3)), {0, 1234}});
  {
    // Vertices 0..499 reach each other sparsely; 500..999 only among themselves
    // (arcs inside the upper half only); 1000..1019 are isolated.
    EdgeList<float> el = random_arcs(500, 2500, 5);
    EdgeList<float> upper = random_arcs(1000, 2500, 6, 0.0f, 500);
    el.n = 1020;
    for (eid_t e = 0; e < upper.size(); ++e) el.add(upper.u[e], upper.v[e], upper.w[e]);
    out.push_back({"disconnected", edge_list_to_csr(el), {0, 700, 1010}});
  }
  {
    EdgeList<float> el = random_arcs(1500, 6000, 8, 0.3f);
    for (vid_t x = 0; x + 1 < 60; ++x) el.add(x, x + 1, 0.0f);  // a zero-weight chain
    out.push_back({"zero-weights", edge_list_to_csr(el), {0, 30}});
  }
  {
    EdgeList<float> el = random_arcs(300, 1200, 9);
    const eid_t m = el.size();
    for (eid_t e = 0; e < m; e += 3) el.add(el.u[e], el.v[e], el.w[e] * 0.5f + 1.0f);  // parallel arcs
    for (vid_t x = 0; x < 300; x += 7) el.add(x, x, 5.0f);                             // self loops
    out.push_back({"multi-edges", edge_list_to_csr(el), {0, 299}});
  }
  {
    EdgeList<float> el;
    el.n = 1;
    el.directed = true;
    out.push_back({"single-vertex", edge_list_to_csr(el), {0}});
  }
  return out;
}

// A program under test: distances for each of `sources`, in order.
using Solver = std::function<std::vector<std::vector<float>>(const Csr<float>&, const std::vector<vid_t>&)>;

// A Solver for a program with load(g, width) and run(sources): each graph loaded
// with the width default_delta(g, factor), every source in one call.
template <class Program>
Solver loading_solver(Program& prog, float factor) {
  return [&prog, factor](const Csr<float>& g, const std::vector<vid_t>& sources) {
    prog.load(g, default_delta(g, factor));
    std::vector<std::vector<float>> out;
    for (auto& r : prog.run(sources)) out.push_back(std::move(r.dist));
    return out;
  };
}

// Runs `solve` on every test graph (all sources in one call) and checks each
// result with the verifier: distances, +infinity for unreachable vertices, no
// relaxable arc.
inline void expect_correct_on_all_graphs(const Solver& solve, const std::string& who) {
  for (const NamedGraph& t : test_graphs()) {
    SCOPED_TRACE(who + " on " + t.name);
    const std::vector<std::vector<float>> dists = solve(t.g, t.sources);
    ASSERT_EQ(dists.size(), t.sources.size());
    for (std::size_t i = 0; i < t.sources.size(); ++i) {
      const auto ref = verify::reference_dijkstra(t.g, t.sources[i]);
      try {
        const verify::SsspSummary s = verify::check_sssp(t.g, t.sources[i], dists[i], ref, who);
        if (t.name == "disconnected" && t.sources[i] < 500) {
          EXPECT_LT(s.reached, 520u);  // cannot cross into the upper half
        }
        if (t.name == "single-vertex") {
          EXPECT_EQ(s.reached, 1u);
        }
      } catch (const VerificationError& e) {
        ADD_FAILURE() << e.what();
      }
    }
  }
}

// Reached vertices and the arcs leaving them, from a reference distance vector.
inline std::pair<std::uint64_t, std::uint64_t> reached_and_their_arcs(const Csr<float>& g,
                                                                      const std::vector<double>& ref) {
  std::uint64_t reached = 0, arcs = 0;
  for (vid_t v = 0; v < g.n; ++v)
    if (ref[v] < kUnreachable) ++reached, arcs += g.offsets[v + 1] - g.offsets[v];
  return {reached, arcs};
}

// A graph with one negative arc, which every program must refuse.
inline Csr<float> graph_with_negative_weight() {
  EdgeList<float> el = random_arcs(50, 200, 4);
  el.add(3, 4, -1.0f);
  return edge_list_to_csr(el);
}

}  // namespace gs::sssp::testing
