// Every GPU MST program of paper A's experiment against the independent
// forest verifier (Kruskal reference: edges exist, acyclic, spanning every
// component, minimum weight) and against BGL Prim's total weight, on random,
// single-vertex, equal-weight, multi-edge and disconnected graphs.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"
#include "algorithms/mst/prim_gpu/prim_gpu.hpp"
#include "baselines/bgl.hpp"
#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/verify/msf.hpp"
#include "generators/generators.hpp"
#include "tests/prim_gpu/random_multigraph.hpp"

namespace {

using W = std::uint32_t;
using gs::mst::MsfResult;

struct Program {
  std::string name;
  std::function<MsfResult(const gs::Csr<W>&)> run;
};

std::vector<Program> programs() {
  return {
      {"prim_naive_gpu", [](const gs::Csr<W>& g) { return gs::mst::prim_naive_gpu(g); }},
      {"prim_minreduce_gpu", [](const gs::Csr<W>& g) { return gs::mst::prim_minreduce_gpu(g); }},
      // Three blocks at most: kernel2 runs on every step with more than 768 candidates.
      {"prim_minreduce_gpu/max_blocks=3", [](const gs::Csr<W>& g) { return gs::mst::prim_minreduce_gpu(g, 3); }},
      {"prim_resident_gpu", [](const gs::Csr<W>& g) { return gs::mst::prim_resident_gpu(g); }},
      {"boruvka_gpu", [](const gs::Csr<W>& g) { return gs::mst::boruvka_gpu(g); }},
  };
}

double total(const std::vector<gs::Edge<W>>& f) {
  double s = 0;
  for (const auto& e : f) s += e.w;
  return s;
}

// Runs every program on `el`; each forest must pass the verifier and weigh what BGL Prim's weighs.
void check_all(const gs::EdgeList<W>& el, const std::string& what) {
  const gs::Csr<W> g = gs::edge_list_to_csr(el);
  const gs::verify::MsfVerifier<W> verifier(el);
  const double bgl_weight = total(gs::bgl::prim(gs::bgl::Digraph<W>(g)));
  ASSERT_EQ(bgl_weight, verifier.reference().weight) << what;
  for (const auto& p : programs()) {
    SCOPED_TRACE(p.name + " on " + what);
    const MsfResult r = p.run(g);
    EXPECT_NO_THROW(verifier.check(r.forest, p.name));
    EXPECT_EQ(total(r.forest), bgl_weight);
    EXPECT_GE(r.time("compute_s"), 0.0);
  }
}

TEST(PrimGpuPrograms, RandomGraphsOfThePapersKind) {
  for (gs::vid_t n : {2u, 3u, 17u, 128u, 1000u, 4099u})
    check_all(gs::gen::gtgraph_random(n, 10ull * n, 1, 1000, n), "gtgraph-random n=" + std::to_string(n));
}

TEST(PrimGpuPrograms, RandomGraphsWithSelfLoopsAndWideWeights) {
  for (unsigned seed : {1u, 2u, 3u})
    check_all(gs::test::random_multigraph<W>(777, 3000, 4000000000u, seed), "random seed " + std::to_string(seed));
}

TEST(PrimGpuPrograms, ResidentKeysInGlobalMemory) {
  // 40000 vertices * 8 bytes exceed one block's shared memory: the global-key path, chosen automatically.
  check_all(gs::gen::gtgraph_random(40000, 160000, 1, 1000, 9), "gtgraph-random n=40000");
}

TEST(PrimGpuPrograms, ResidentKeysInGlobalMemoryOnSmallGraphs) {
  // The same path, asked for, on graphs small enough for every sanitizer tool.
  auto disconnected = gs::test::random_multigraph<W>(400, 300, 1000, 8);  // many components and isolated vertices
  for (const auto& [el, what] : {std::pair{gs::gen::gtgraph_random(700, 7000, 1, 1000, 9), "gtgraph-random n=700"},
                                 std::pair{disconnected, "sparse random multigraph n=400"}}) {
    SCOPED_TRACE(what);
    const gs::Csr<W> g = gs::edge_list_to_csr(el);
    const gs::verify::MsfVerifier<W> verifier(el);
    const auto r = gs::mst::prim_resident_gpu(g, gs::mst::ResidentKeys::global_memory);
    EXPECT_NO_THROW(verifier.check(r.forest, "prim_resident_gpu/global keys"));
    EXPECT_EQ(total(r.forest), verifier.reference().weight);
  }
}

TEST(PrimGpuPrograms, TinyGraphs) {
  gs::EdgeList<W> empty;
  check_all(empty, "no vertices");
  gs::EdgeList<W> one;
  one.n = 1;
  check_all(one, "single vertex");
  one.add(0, 0, 5);
  check_all(one, "single vertex with a self loop");
  gs::EdgeList<W> two;
  two.n = 2;
  check_all(two, "two isolated vertices");
  two.add(1, 0, 9);
  check_all(two, "one edge");
}

TEST(PrimGpuPrograms, EqualWeights) {
  gs::EdgeList<W> el = gs::test::random_multigraph<W>(600, 5000, 1, 4);
  check_all(el, "all weights 1");
  for (auto& w : el.w) w = 0;
  check_all(el, "all weights 0");
}

TEST(PrimGpuPrograms, MultiEdges) {
  gs::EdgeList<W> el;
  el.n = 5;
  for (W w : {9u, 3u, 7u}) el.add(0, 1, w);  // the lightest of three parallel edges must be taken
  for (W w : {4u, 4u}) el.add(1, 2, w);
  el.add(2, 3, 8);
  el.add(3, 2, 2);
  el.add(3, 4, 6);
  el.add(4, 0, 1);
  el.add(4, 0, 100);
  check_all(el, "hand-made multigraph");
  auto r = gs::test::random_multigraph<W>(300, 600, 50, 5);
  const auto copy = r;  // every edge twice, the second time heavier
  for (gs::eid_t e = 0; e < copy.size(); ++e) r.add(copy.v[e], copy.u[e], copy.w[e] + 1);
  check_all(r, "random graph with every edge doubled");
}

TEST(PrimGpuPrograms, DisconnectedGraphsGiveForests) {
  // Components {0,1,2}, {3,4}, isolated 5, {6..9}; the lowest unreached vertex restarts Prim.
  gs::EdgeList<W> el;
  el.n = 10;
  el.add(0, 1, 5);
  el.add(1, 2, 3);
  el.add(0, 2, 1);
  el.add(3, 4, 7);
  el.add(6, 7, 2);
  el.add(7, 8, 2);
  el.add(8, 9, 2);
  el.add(9, 6, 1);
  check_all(el, "four components");
  gs::EdgeList<W> iso;
  iso.n = 50;
  iso.add(48, 49, 3);
  check_all(iso, "48 isolated vertices and one edge");
}

TEST(PrimGpuPrograms, LargerDisconnectedGraphsGiveForests) {
  // Sparse random: many components of every size.
  check_all(gs::test::random_multigraph<W>(3000, 1500, 1000, 6), "random forest-like graph");
  // Two random halves with no edge between them (vertex 0's side is the first).
  gs::EdgeList<W> halves = gs::gen::gtgraph_random(1000, 6000, 1, 1000, 7);
  for (gs::eid_t e = 0; e < halves.size(); ++e) {
    halves.u[e] = 2 * (halves.u[e] / 2) + (halves.v[e] % 2);
    halves.v[e] = 2 * (halves.v[e] / 2) + (halves.v[e] % 2);
  }
  check_all(halves, "odd and even halves");
}

TEST(PrimGpuPrograms, ReservedWeightIsRefusedByPrimNotSilentlyWrong) {
  gs::EdgeList<W> el;
  el.n = 3;
  el.add(0, 1, 0xffffffffu);
  el.add(1, 2, 1);
  const auto g = gs::edge_list_to_csr(el);
  EXPECT_THROW(gs::mst::prim_naive_gpu(g), gs::InputError);
  EXPECT_THROW(gs::mst::prim_minreduce_gpu(g), gs::InputError);
  EXPECT_THROW(gs::mst::prim_resident_gpu(g), gs::InputError);
  // Boruvka has no reserved weight.
  const gs::verify::MsfVerifier<W> v(el);
  EXPECT_NO_THROW(v.check(gs::mst::boruvka_gpu(g).forest, "boruvka_gpu"));
}

TEST(PrimGpuPrograms, UnsortedAdjacencyIsRefused) {
  gs::Csr<W> g;  // edges 0-2 and 0-1 with vertex 0's list out of order
  g.n = 3;
  g.offsets = {0, 2, 3, 4};
  g.adj = {2, 1, 0, 0};
  g.w = {1, 1, 1, 1};
  EXPECT_THROW(gs::mst::prim_naive_gpu(g), gs::InputError);
  EXPECT_THROW(gs::mst::prim_minreduce_gpu(g), gs::InputError);
  EXPECT_THROW(gs::mst::prim_resident_gpu(g), gs::InputError);
}

}  // namespace
