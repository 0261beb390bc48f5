// The traversal family's registration (algorithms/traversal/traversal_programs.hpp):
// its entries in hybrid_dfs's order with their labels and families, its options
// bound to the command line with the algorithms' defaults, and its CPU programs
// made from the entries giving the levels the verifier accepts.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <variant>
#include <vector>

#include "algorithms/traversal/ordered_copy.hpp"
#include "algorithms/traversal/traversal_programs.hpp"
#include "common/errors.hpp"
#include "common/verify/traversal.hpp"
#include "ordered_copy_check.hpp"
#include "traversal_test_graphs.hpp"

namespace gs::traversal {
namespace {

using harness::Family;

CommonOptions parse(Cli& cli, std::vector<std::string> args) {
  args.insert(args.begin(), "test");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  return cli.parse(int(argv.size()), argv.data());
}

TEST(TraversalPrograms, EntriesInOrderWithLabelsAndFamilies) {
  struct Want {
    const char* name;
    const char* label;
    Family family;
  };
  const std::vector<Want> want = {
      {"bgl_bfs", "BGL BFS (1 thread)", Family::baseline},
      {"stack_omp", "stack-based (Alg. 1)", Family::paper},
      {"read_omp", "read-based (Alg. 2)", Family::paper},
      {"hybrid_omp", "hybrid read+stack", Family::paper},
      {"dobfs_omp", "direction-optimizing (CPU)", Family::beyond},
      {"read_gpu", "GPU read-based", Family::paper},
      {"hybrid_cpu_gpu", "CPU+GPU hybrid", Family::paper},
      {"dobfs_gpu", "direction-optimizing (GPU)", Family::beyond},
      {"dobfs_mgpu", "direction-optimizing (multi-GPU)", Family::beyond},
      {"pbgl_bfs", "Parallel BGL BFS (MPI)", Family::beyond},
      {"combblas_bfs", "CombBLAS BFS (MPI)", Family::beyond},
  };
  const auto entries = traversal_programs();
  ASSERT_EQ(entries.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(entries[i].info.name, want[i].name);
    EXPECT_EQ(entries[i].info.label, want[i].label);
    EXPECT_EQ(entries[i].info.family, want[i].family) << want[i].name;
  }
  // The distributed engines are made by the experiment's scale-out run.
  EXPECT_FALSE(entries[9].make);
  EXPECT_FALSE(entries[10].make);
  const auto reads = read_bandwidth_programs();
  ASSERT_EQ(reads.size(), 4u);
  for (const auto& e : reads) EXPECT_EQ(e.info.family, Family::beyond);
}

TEST(TraversalPrograms, OptionsDefaultToTheAlgorithmsOwn) {
  TraversalOptions o;
  Cli cli("test", "");
  bind_options(cli, o);
  parse(cli, {});
  check_options(o);
  EXPECT_EQ(o.hybrid.local_threshold, kDefaultLocalStack);
  EXPECT_EQ(o.hybrid.defer_claims_from, kDeferClaimsFrom);
  EXPECT_EQ(o.direction.alpha, DirectionOptions{}.alpha);
  EXPECT_EQ(o.t4, kDefaultT4);
  EXPECT_EQ(o.gpu.bottom_up_words, GpuOptions{}.bottom_up_words);
  EXPECT_EQ(o.gpu.bottom_up_arcs, GpuOptions{}.bottom_up_arcs);
  EXPECT_TRUE(o.gpu_counts.empty());
}

TEST(TraversalPrograms, OptionsStoredAndChecked) {
  TraversalOptions o;
  Cli cli("test", "");
  bind_options(cli, o);
  parse(cli, {"--local-stack", "64", "--defer-claims-from", "-1", "--gpu-bottom-up", "2/2", "--gpu-counts", "1,2"});
  check_options(o);
  EXPECT_EQ(o.hybrid.local_threshold, 64u);
  EXPECT_EQ(o.direction.local_threshold, 64u);  // the direction-optimising programs claim as the hybrid
  EXPECT_EQ(o.direction.defer_claims_from, std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(o.gpu.bottom_up_words, 2);
  EXPECT_EQ(mgpu_gpu_counts(o), (std::vector<int>{1, 2}));

  TraversalOptions bad;
  Cli cli2("test", "");
  bind_options(cli2, bad);
  parse(cli2, {"--gpu-counts", "2,65"});
  try {
    check_options(bad);
    FAIL() << "--gpu-counts 2,65 accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "--gpu-counts: '65' is not a GPU count (1 .. 64); e.g. 1,2,4");
  }
}

TEST(TraversalPrograms, CpuProgramsFromTheEntriesGiveVerifiedLevels) {
  TraversalOptions o;
  for (const test::TestGraph& tg : test::traversal_graphs()) {
    const TraversalGraph graph(tg.g);
    for (const auto& entry : traversal_programs()) {
      if (entry.info.device != harness::Device::cpu) continue;
      const auto program = entry.make(o);
      program->prepare(graph, 2);
      for (vid_t root : tg.roots) {
        const harness::Outcome<TraversalAnswer> r = program->run(graph, root, 2);
        ASSERT_NE(r.answer.level, nullptr);
        EXPECT_NO_THROW(
            verify::check_traversal(tg.g, root, *r.answer.level, r.answer.parent, entry.info.name + " " + tg.name));
      }
      program->release();
    }
  }
}

// dobfs_omp on the graph and on its degree-ordered copy (cpu_degree_order).
TEST(TraversalPrograms, DobfsOmpOnTheGraphAndOnItsDegreeOrderedCopy) {
  test::expect_levels_on_graph_and_copy(
      name::dobfs_omp, [](TraversalOptions& o, bool on) { o.cpu_degree_order = on; }, 2);
}

// The copy is the graph's: built by the first program that prepares, kept across
// releases and reused by the next (the same object, the same build time), and each
// program's levels stay right on it.
TEST(TraversalPrograms, TheDegreeOrderedCopyIsBuiltOncePerGraph) {
  const std::vector<test::TestGraph> graphs = test::traversal_graphs();
  const test::TestGraph& tg = graphs.front();  // the RMAT graph: bottom-up levels under the eager rule
  const TraversalGraph graph(tg.g);
  EXPECT_EQ(graph.shared->ordered, nullptr);
  TraversalOptions eager;
  eager.direction = test::eager_bottom_up();
  const OrderedCopy* first = nullptr;
  double built_s = -1;
  for (const TraversalOptions& o : {TraversalOptions{}, eager}) {
    for (const auto& entry : traversal_programs()) {
      if (entry.info.name != name::dobfs_omp) continue;
      const auto program = entry.make(o);
      const harness::Prepared p = program->prepare(graph, 2);
      ASSERT_NE(graph.shared->ordered, nullptr);
      if (!first) {
        first = graph.shared->ordered.get();
        built_s = std::get<double>(p.columns.at("relabel_s"));
      }
      EXPECT_EQ(graph.shared->ordered.get(), first);
      EXPECT_EQ(std::get<double>(p.columns.at("relabel_s")), built_s);
      for (vid_t root : tg.roots) EXPECT_EQ(*program->run(graph, root, 2).answer.level, test::bgl_levels(tg.g, root));
      program->release();
    }
  }
  EXPECT_NE(first, nullptr);
}

}  // namespace
}  // namespace gs::traversal
