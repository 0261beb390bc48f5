// CPU programs of paper E: BGL Dijkstra (the baseline) and OpenMP delta-stepping.
#include <gtest/gtest.h>

#include <cmath>

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

class DeltaStepping : public ::testing::TestWithParam<std::tuple<float, int>> {};

// Delta factors from tiny (Dijkstra-like, many buckets) to huge (Bellman-Ford-like,
// one bucket), on 1 and 4 threads.
TEST_P(DeltaStepping, MatchesReferenceOnAllGraphs) {
  const auto [factor, threads] = GetParam();
  expect_correct_on_all_graphs(
      [factor, threads](const Csr<float>& g, const std::vector<vid_t>& sources) {
        const float delta = default_delta(g, factor);
        std::vector<std::vector<float>> out;
        for (vid_t s : sources) out.push_back(delta_stepping_omp(g, s, delta, threads));
        return out;
      },
      "delta_stepping_omp");
}
INSTANTIATE_TEST_SUITE_P(Deltas, DeltaStepping,
                         ::testing::Combine(::testing::Values(0.01f, 1.0f, 8.0f, 1e6f), ::testing::Values(1, 4)));

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
  EXPECT_GT(d1, 50.0f);   // about mean weight 500 / degree 5 = 100
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
