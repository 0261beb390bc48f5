// CPU programs of paper E: BGL Dijkstra (the baseline) and OpenMP delta-stepping.
#include <gtest/gtest.h>

#include <omp.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "algorithms/sssp/delta_stepping_omp.hpp"
#include "algorithms/sssp/sssp_input.hpp"
#include "baselines/bgl.hpp"
#include "sssp_test_graphs.hpp"

namespace gs::sssp::testing {
namespace {

TEST(BglDijkstra, MatchesReferenceOnAllGraphs) {
  expect_correct_on_all_graphs(
      [](const Csr<float>& g, const std::vector<vid_t>& sources) {
        const bgl::Digraph<float> d(g);
        std::vector<std::vector<float>> out;
        for (vid_t s : sources) out.push_back(bgl::dijkstra(d, s));
        return out;
      },
      "bgl_dijkstra");
}

// Graphs beyond the shared set that stress delta-stepping's bucket handling:
// a grid with weights 1..999 (high diameter: thin buckets, so the range
// widens), equal weights (ties everywhere) and a weighted path (one vertex
// per bucket, arcs far heavier than a small delta: the far pile).
std::vector<NamedGraph> delta_stepping_graphs() {
  std::vector<NamedGraph> out;
  {
    std::mt19937_64 rng(21);
    std::uniform_int_distribution<int> weight(1, 999);
    const vid_t side = 90;
    EdgeList<float> el;
    el.n = side * side;
    el.directed = false;
    for (vid_t r = 0; r < side; ++r)
      for (vid_t c = 0; c < side; ++c) {
        const vid_t x = r * side + c;
        if (c + 1 < side) el.add(x, x + 1, float(weight(rng)));
        if (r + 1 < side) el.add(x, x + side, float(weight(rng)));
      }
    out.push_back({"grid-90x90-1..999", edge_list_to_csr(el), {0, 4095, side * side - 1}});
  }
  {
    EdgeList<float> el = random_arcs(3000, 12000, 22);
    for (float& w : el.w) w = 1.0f;
    out.push_back({"equal-weights", edge_list_to_csr(el), {0, 2999}});
  }
  {
    EdgeList<float> el;
    el.n = 600;
    el.directed = true;
    for (vid_t x = 0; x + 1 < el.n; ++x) el.add(x, x + 1, float(1 + (x * 37) % 500));
    for (vid_t x = 0; x + 20 < el.n; x += 13) el.add(x, x + 20, 2000.0f);  // shortcuts that lose
    out.push_back({"weighted-path", edge_list_to_csr(el), {0, 300}});
  }
  return out;
}

// Runs delta-stepping with `delta_for(g)` on `threads` threads over the shared
// test graphs and the ones above, checking every result against the reference.
void expect_delta_stepping_correct(const std::function<float(const Csr<float>&)>& delta_for, int threads) {
  const auto solve = [&](const Csr<float>& g, const std::vector<vid_t>& sources) {
    std::vector<std::vector<float>> out;
    for (vid_t s : sources) out.push_back(delta_stepping_omp(g, s, delta_for(g), threads));
    return out;
  };
  expect_correct_on_all_graphs(solve, "delta_stepping_omp");
  for (const NamedGraph& t : delta_stepping_graphs()) {
    SCOPED_TRACE("delta_stepping_omp on " + t.name);
    const auto dists = solve(t.g, t.sources);
    for (std::size_t i = 0; i < t.sources.size(); ++i) {
      const auto ref = verify::reference_dijkstra(t.g, t.sources[i]);
      try {
        const verify::SsspSummary s = verify::check_sssp(t.g, t.sources[i], dists[i], ref, "delta_stepping_omp");
        if (t.name.starts_with("grid")) {
          EXPECT_EQ(s.reached, t.g.n);
        }
      } catch (const VerificationError& e) {
        ADD_FAILURE() << e.what();
      }
    }
  }
}

constexpr int kThreadCounts[] = {1, 2, 3, 4, 7, 8, 16};

// The driver's delta (default_delta times a factor), from tiny (its floor,
// the smallest weight: Dijkstra-like, many buckets) to huge (one bucket,
// Bellman-Ford-like), on 1..16 threads.
class DeltaStepping : public ::testing::TestWithParam<std::tuple<float, int>> {};

TEST_P(DeltaStepping, MatchesReferenceOnAllGraphs) {
  const auto [factor, threads] = GetParam();
  expect_delta_stepping_correct([factor](const Csr<float>& g) { return default_delta(g, factor); }, threads);
}
INSTANTIATE_TEST_SUITE_P(Deltas, DeltaStepping,
                         ::testing::Combine(::testing::Values(0.01f, 1.0f, 8.0f, 1e6f),
                                            ::testing::ValuesIn(kThreadCounts)));

// Deltas no factor of default_delta reaches: far below the smallest weight
// (arcs land far ahead of the ring of near buckets), so small that distances
// overflow the bucket numbering (everything shares the last bucket), and
// infinite (everything in bucket 0).
class DeltaSteppingExtremeDelta : public ::testing::TestWithParam<std::tuple<float, int>> {};

TEST_P(DeltaSteppingExtremeDelta, MatchesReferenceOnAllGraphs) {
  const auto [delta, threads] = GetParam();
  expect_delta_stepping_correct([delta](const Csr<float>&) { return delta; }, threads);
}
INSTANTIATE_TEST_SUITE_P(Deltas, DeltaSteppingExtremeDelta,
                         ::testing::Combine(::testing::Values(0.05f, 1e-30f, 1e30f,
                                                              std::numeric_limits<float>::infinity()),
                                            ::testing::Values(1, 4, 16)));

// threads = 0 takes OpenMP's default, which omp_set_num_threads sets.
TEST(DeltaStepping, DefaultThreadCountFollowsOpenMp) {
  const int before = omp_get_max_threads();
  for (int t : kThreadCounts) {
    omp_set_num_threads(t);
    SCOPED_TRACE("omp_set_num_threads(" + std::to_string(t) + ")");
    expect_delta_stepping_correct([](const Csr<float>& g) { return default_delta(g); }, 0);
  }
  omp_set_num_threads(before);
}

TEST(DeltaStepping, RefusesNegativeWeightsAndBadSources) {
  const Csr<float> bad = graph_with_negative_weight();
  EXPECT_THROW(delta_stepping_omp(bad, 0, 10.0f), InputError);
  const Csr<float> g = edge_list_to_csr(random_arcs(10, 30, 1));
  EXPECT_THROW(delta_stepping_omp(g, 10, 10.0f), InputError);
  EXPECT_THROW(delta_stepping_omp(g, 0, 0.0f), InputError);
}

TEST(SsspInput, NegativeAndNanWeightsAreNamed) {
  const Csr<float> bad = graph_with_negative_weight();
  try {
    require_nonnegative_weights(bad, "prog");
    FAIL() << "negative weight accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("(3,4)"), std::string::npos) << e.what();
  }
  Csr<float> nan = edge_list_to_csr(random_arcs(10, 30, 2));
  nan.w[5] = std::nanf("");
  EXPECT_THROW(require_nonnegative_weights(nan, "prog"), InputError);
}

TEST(SsspInput, DefaultDeltaIsPositiveAndScales) {
  const Csr<float> g = edge_list_to_csr(gen::fixed_degree(1000, 5, 1.0f, 1000.0f, 3));
  const float d1 = default_delta(g, 1.0f), d4 = default_delta(g, 4.0f);
  EXPECT_GT(d1, 50.0f);  // about mean weight 500 / degree 5 = 100
  EXPECT_LT(d1, 200.0f);
  EXPECT_NEAR(d4, 4 * d1, 1e-3 * d4);
}

// The verifier these tests rely on rejects a wrong distance and a finite
// distance for an unreachable vertex.
TEST(SsspVerifier, RejectsWrongAnswers) {
  const Csr<float> g = test_graphs()[3].g;  // disconnected
  auto ref = verify::reference_dijkstra(g, 0);
  std::vector<float> d(ref.begin(), ref.end());
  EXPECT_NO_THROW(verify::check_sssp(g, 0, d, ref, "x"));
  auto wrong = d;
  for (auto& x : wrong)
    if (std::isfinite(x) && x > 0) {
      x *= 1.01f;
      break;
    }
  EXPECT_THROW(verify::check_sssp(g, 0, wrong, ref, "x"), VerificationError);
  auto huge = d;
  huge[1015] = 3.4e38f;  // an isolated vertex given a large number, not infinity
  EXPECT_THROW(verify::check_sssp(g, 0, huge, ref, "x"), VerificationError);
}

}  // namespace
}  // namespace gs::sssp::testing
