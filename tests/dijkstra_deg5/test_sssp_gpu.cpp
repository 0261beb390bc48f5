// CUDA programs of paper E: the two-kernel SSSP and near-far (GPU tests).
#include <gtest/gtest.h>

#include <tuple>

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

// Runs near_far_gpu with every source of `sources` in one call and checks each
// result against the reference Dijkstra, and the stats against the graph: every
// reached vertex is expanded at least once, so every arc leaving it is relaxed.
void expect_near_far_correct(NearFarGpu& prog, const Csr<float>& g, const std::vector<vid_t>& sources,
                             const std::string& what) {
  SCOPED_TRACE(what);
  const auto runs = prog.run(sources);
  ASSERT_EQ(runs.size(), sources.size());
  ASSERT_EQ(prog.last_stats().size(), sources.size());
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const auto ref = verify::reference_dijkstra(g, sources[i]);
    try {
      verify::check_sssp(g, sources[i], runs[i].dist, ref, "near_far_gpu");
    } catch (const VerificationError& e) {
      ADD_FAILURE() << "source " << sources[i] << ": " << e.what();
    }
    const NearFarStats& st = prog.last_stats()[i];
    const auto [reached, arcs] = reached_and_their_arcs(g, ref);
    EXPECT_EQ(runs[i].iterations, st.expansions);
    EXPECT_EQ(st.rounds, st.expansions + st.splits);
    EXPECT_GE(st.expansions, 1u);
    EXPECT_GE(st.vertex_visits, reached);
    EXPECT_GE(st.arc_relaxations, arcs);
    EXPECT_GE(runs[i].kernel_s, st.init_s + st.expand_s + st.split_s - 1e-4);
  }
}

// Graphs beyond the shared set: equal weights everywhere (every distance a tie),
// the generator's grid (high diameter, many bands, block-local queues filling up),
// and a chain of zero-weight arcs into an equal-weight star.
std::vector<NamedGraph> near_far_extra_graphs() {
  std::vector<NamedGraph> out;
  {
    EdgeList<float> el = random_arcs(3000, 15000, 31);
    for (float& w : el.w) w = 7.0f;
    out.push_back({"equal-weights", edge_list_to_csr(el), {0, 2999}});
  }
  out.push_back({"gen-grid-150x120", edge_list_to_csr(gen::grid(150, 120, 1.0f, 1000.0f, 4)), {0, 9075, 17999}});
  {
    EdgeList<float> el = gen::grid(40, 60, 1.0f, 2.0f, 5);
    for (float& w : el.w) w = 1.0f;
    out.push_back({"equal-weight-grid", edge_list_to_csr(el), {0, 1234}});
  }
  {
    EdgeList<float> el;
    el.n = 400;
    el.directed = true;
    for (vid_t x = 0; x + 1 < 100; ++x) el.add(x, x + 1, 0.0f);
    for (vid_t x = 100; x < 350; ++x) el.add(99, x, 3.0f);  // 50 vertices stay unreachable
    out.push_back({"zero-chain-star", edge_list_to_csr(el), {0, 99, 399}});
  }
  return out;
}

// (delta factor, block-local steps): bands from tiny (many bands, empty-band
// jumps) to huge (one band), chaining off, short and the default.
class NearFar : public ::testing::TestWithParam<std::tuple<float, int>> {};

TEST_P(NearFar, MatchesReferenceOnAllGraphs) {
  const auto [factor, steps] = GetParam();
  NearFarGpu prog;
  NearFarTuning tuning;
  tuning.local_steps = steps;
  prog.set_tuning(tuning);
  expect_correct_on_all_graphs(loading_solver(prog, factor), "near_far_gpu");
  for (const NamedGraph& t : near_far_extra_graphs()) {
    prog.load(t.g, default_delta(t.g, factor));
    expect_near_far_correct(prog, t.g, t.sources, t.name);
  }
}
INSTANTIATE_TEST_SUITE_P(DeltasAndLocalSteps, NearFar,
                         ::testing::Combine(::testing::Values(0.01f, 1.0f, 16.0f, 1e6f),
                                            ::testing::Values(0, 8, NearFarTuning{}.local_steps)));

TEST(NearFarGpu, ManySourcesInOneCallAndAcrossCalls) {
  // Later sources reuse the stamps with fresh marks; every source must still be exact.
  const Csr<float> g = edge_list_to_csr(gen::grid(60, 50, 1.0f, 1000.0f, 8));
  NearFarGpu prog;
  prog.load(g, default_delta(g, 4.0f));
  std::vector<vid_t> sources;
  for (vid_t s = 0; s < g.n; s += 97) sources.push_back(s);
  expect_near_far_correct(prog, g, sources, "one call");
  expect_near_far_correct(prog, g, {sources.back(), 0}, "second call");
  // A new graph on the same object.
  const Csr<float> h = edge_list_to_csr(gen::fixed_degree(4000, 5, 1.0f, 1000.0f, 3));
  prog.load(h, default_delta(h, 16.0f));
  expect_near_far_correct(prog, h, {0, 3999}, "after reload");
}

// Tiny queues overflow at once: expansions then scan the band and splits scan
// every vertex, and the distances must not change.
TEST(NearFarGpu, QueueCapacityLimitsFallBackToScans) {
  std::vector<NamedGraph> graphs = test_graphs();
  graphs.push_back({"gen-grid-30x40", edge_list_to_csr(gen::grid(30, 40, 1.0f, 1000.0f, 6)), {0, 555}});
  for (const std::uint64_t cap : {1u, 16u, 300u}) {
    for (const float factor : {1.0f, 1e6f}) {
      NearFarGpu prog;
      prog.limit_queue_capacity(cap);
      std::uint64_t scans = 0;
      for (const NamedGraph& t : graphs) {
        prog.load(t.g, default_delta(t.g, factor));
        expect_near_far_correct(prog, t.g, t.sources,
                                t.name + ", capacity " + std::to_string(cap) + ", factor " + std::to_string(factor));
        for (const NearFarStats& st : prog.last_stats()) scans += st.scan_rounds;
      }
      EXPECT_GT(scans, 0u) << "capacity " << cap << " never forced a scan";
    }
  }
}

TEST(NearFarGpu, RejectsTuningOutOfRange) {
  NearFarGpu prog;
  for (auto bad : {&NearFarTuning::local_steps, &NearFarTuning::early_steps, &NearFarTuning::chain_max,
                   &NearFarTuning::blocks_per_sm}) {
    NearFarTuning t;
    t.*bad = -1;
    EXPECT_THROW(prog.set_tuning(t), InputError);
  }
  NearFarTuning few_blocks;
  few_blocks.blocks_per_sm = 1;
  few_blocks.chain_max = 32;
  prog.set_tuning(few_blocks);  // in range: a correct answer with one block per multiprocessor
  const Csr<float> g = edge_list_to_csr(gen::grid(150, 120, 1.0f, 1000.0f, 4));
  prog.load(g);
  expect_near_far_correct(prog, g, {0, 17999}, "grid, one block per SM");
}

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
  near_far.load(g, default_delta(g, 16.0f));
  const std::vector<vid_t> sources{0, 123456};
  const auto a = two.run(sources);
  for (std::size_t i = 0; i < sources.size(); ++i)
    EXPECT_NO_THROW(
        verify::check_sssp(g, sources[i], a[i].dist, verify::reference_dijkstra(g, sources[i]), "two_kernel_cuda"));
  expect_near_far_correct(near_far, g, sources, "fixed-degree n = 300000");
}

}  // namespace
}  // namespace gs::sssp::testing
