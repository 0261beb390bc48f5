// CUDA programs of paper E: the two-kernel SSSP and near-far (GPU tests).
#include <gtest/gtest.h>

#include "algorithms/sssp/near_far_gpu.hpp"
#include "algorithms/sssp/sssp_input.hpp"
#include "algorithms/sssp/two_kernel_cuda.hpp"
#include "sssp_test_graphs.hpp"

namespace gs::sssp::testing {
namespace {

template <class Program, class... LoadArgs>
Solver solver_of(Program& prog, LoadArgs... load_args) {
  return [&prog, load_args...](const Csr<float>& g, const std::vector<vid_t>& sources) {
    prog.load(g, load_args...);
    std::vector<std::vector<float>> out;
    for (auto& r : prog.run(sources)) {
      EXPECT_GE(r.iterations, 1u);
      EXPECT_GE(r.kernel_s, 0.0);
      out.push_back(std::move(r.dist));
    }
    return out;
  };
}

TEST(TwoKernelCuda, MatchesReferenceOnAllGraphs) {
  TwoKernelCuda prog;
  expect_correct_on_all_graphs(solver_of(prog), "two_kernel_cuda");
}

class NearFar : public ::testing::TestWithParam<float> {};

// Band widths from tiny (many bands, empty-band jumps) to huge (one band).
TEST_P(NearFar, MatchesReferenceOnAllGraphs) {
  NearFarGpu prog;
  const float factor = GetParam();
  expect_correct_on_all_graphs(
      [&prog, factor](const Csr<float>& g, const std::vector<vid_t>& sources) {
        prog.load(g, default_delta(g, factor));
        std::vector<std::vector<float>> out;
        for (auto& r : prog.run(sources)) out.push_back(std::move(r.dist));
        return out;
      },
      "near_far_gpu");
}
INSTANTIATE_TEST_SUITE_P(Deltas, NearFar, ::testing::Values(0.01f, 1.0f, 4.0f, 1e6f));

TEST(GpuSssp, RefuseNegativeWeightsAndBadSources) {
  TwoKernelCuda two;
  NearFarGpu near_far;
  EXPECT_THROW(two.load(graph_with_negative_weight()), InputError);
  EXPECT_THROW(near_far.load(graph_with_negative_weight()), InputError);
  const Csr<float> g = test_graphs()[0].g;
  two.load(g);
  near_far.load(g);
  EXPECT_THROW(two.run({g.n}), InputError);
  EXPECT_THROW(near_far.run({g.n}), InputError);
}

TEST(GpuSssp, LargeFixedDegreeGraph) {
  // Big enough for many blocks, queue growth and warp-aggregated pushes.
  const Csr<float> g = edge_list_to_csr(gen::fixed_degree(300000, 5, 1.0f, 1000.0f, 21));
  TwoKernelCuda two;
  NearFarGpu near_far;
  two.load(g);
  near_far.load(g);
  const std::vector<vid_t> sources{0, 123456};
  const auto a = two.run(sources);
  const auto b = near_far.run(sources);
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const auto ref = verify::reference_dijkstra(g, sources[i]);
    EXPECT_NO_THROW(verify::check_sssp(g, sources[i], a[i].dist, ref, "two_kernel_cuda"));
    EXPECT_NO_THROW(verify::check_sssp(g, sources[i], b[i].dist, ref, "near_far_gpu"));
  }
}

}  // namespace
}  // namespace gs::sssp::testing
