// The suite's GPU Boruvka: the boruvka_gpu program with and without the
// light/heavy split (the split forced onto small graphs by its options), and
// the engine on its own with batches and a device-side edge count. Every
// forest is checked by MsfVerifier (an independent CPU Kruskal: edges exist,
// acyclic, one tree per component, minimum weight).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "algorithms/mst/boruvka_gpu/boruvka_engine.cuh"
#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"
#include "common/convert.hpp"
#include "common/cuda/buffer.cuh"
#include "common/verify/msf.hpp"
#include "generators/generators.hpp"
#include "tests/prim_gpu/random_multigraph.hpp"

namespace {

using W = std::uint32_t;
using gs::mst::BoruvkaGpuOptions;
using gs::mst::KEdge;
using gs::mst::MsfResult;

// Options that take every graph through the light/heavy split: no size floor,
// `per_vertex` light edges per vertex.
BoruvkaGpuOptions split(double per_vertex) {
  BoruvkaGpuOptions o;
  o.split_min_edges = 0;
  o.light_edges_per_vertex = per_vertex;
  return o;
}

double phase(const MsfResult& r, const std::string& name) {
  if (const auto it = r.times.find(name); it != r.times.end()) return it->second;
  if (const auto it = r.counts.find(name); it != r.counts.end()) return double(it->second);
  return -1.0;
}

// Runs boruvka_gpu on `el` with `opt`; the forest must pass the verifier, the
// timed phases must be present and add up to no more than compute_s.
MsfResult check(const gs::EdgeList<W>& el, const BoruvkaGpuOptions& opt, const std::string& what) {
  SCOPED_TRACE(what);
  const gs::Csr<W> g = gs::edge_list_to_csr(el);
  const gs::verify::MsfVerifier<W> verifier(el);
  MsfResult r = gs::mst::boruvka_gpu(g, opt);
  EXPECT_NO_THROW(verifier.check(r.forest, "boruvka_gpu")) << what;
  EXPECT_EQ(r.forest.size(), verifier.reference().edges) << what;
  if (el.n >= 2) {
    double sum = 0;
    for (const char* p : gs::mst::kBoruvkaGpuTimes) {
      EXPECT_GE(phase(r, p), 0.0) << p;
      sum += std::max(0.0, phase(r, p));
    }
    EXPECT_LE(sum, r.time("compute_s") * 1.001 + 1e-6);
    for (const char* c : gs::mst::kBoruvkaGpuCounts) EXPECT_GE(phase(r, c), 0.0) << c;
    EXPECT_LE(phase(r, "light_edges") + phase(r, "heavy_edges"), double(el.size()));
  }
  return r;
}

// Two random halves whose internal edges weigh at most 1000, joined only by
// `bridges` edges heavier than all of them: the light forest has two trees,
// and only heavy edges can join them.
gs::EdgeList<W> bridged_halves(gs::vid_t half, gs::eid_t per_half, gs::vid_t bridges, unsigned seed) {
  gs::EdgeList<W> el = gs::test::random_multigraph<W>(half, per_half, 1000, seed);
  const gs::EdgeList<W> other = gs::test::random_multigraph<W>(half, per_half, 1000, seed + 1);
  el.n = 2 * half;
  for (gs::eid_t e = 0; e < other.size(); ++e) el.add(other.u[e] + half, other.v[e] + half, other.w[e]);
  for (gs::vid_t i = 0; i < bridges; ++i) el.add(i * 7 % half, half + i * 13 % half, 5000 + (i * 37) % 100);
  return el;
}

TEST(BoruvkaGpu, RandomGraphsWithAndWithoutSplit) {
  for (gs::vid_t n : {2u, 3u, 100u, 5000u, 40000u}) {
    const auto el = gs::gen::gtgraph_random(n, 10ull * n, 1, 1000, n);
    check(el, {}, "gtgraph n=" + std::to_string(n));
    for (double per_vertex : {0.05, 0.5, 2.0})
      check(el, split(per_vertex), "gtgraph n=" + std::to_string(n) + " split " + std::to_string(per_vertex));
  }
}

TEST(BoruvkaGpu, DefaultSplitOnALargeGraph) {
  // Above split_min_edges: the sampled threshold, light rounds and (with
  // these sizes, almost surely) a heavy pass for the vertices left out.
  const gs::vid_t n = 1u << 16;
  const auto el = gs::gen::gtgraph_random(n, 10ull * n, 1, 1000, 3);
  const MsfResult r = check(el, {}, "gtgraph n=2^16");
  EXPECT_GT(phase(r, "light_edges"), 0.0);
  EXPECT_LT(phase(r, "light_edges"), 0.5 * double(el.size()));  // the threshold cut the list
  EXPECT_GT(phase(r, "boruvka_rounds"), 1.0);
}

TEST(BoruvkaGpu, HeavyEdgesAreNeeded) {
  const auto el = bridged_halves(3000, 30000, 50, 11);
  for (double per_vertex : {0.5, 2.0, 8.0}) {
    const MsfResult r = check(el, split(per_vertex), "bridged halves, split " + std::to_string(per_vertex));
    EXPECT_EQ(r.forest.size(), 5999u);
    EXPECT_GT(phase(r, "heavy_edges"), 0.0);  // the bridges came through the heavy pass
  }
  check(el, {}, "bridged halves, no split");
}

TEST(BoruvkaGpu, DisconnectedAndIsolated) {
  gs::EdgeList<W> iso;
  iso.n = 50;
  iso.add(48, 49, 3);
  for (const auto& o : {BoruvkaGpuOptions{}, split(0.5)}) {
    check(iso, o, "48 isolated vertices and one edge");
    gs::EdgeList<W> none;
    none.n = 7;
    check(none, o, "7 vertices, no edges");
    check(gs::test::random_multigraph<W>(3000, 1500, 1000, 6), o, "sparse random forest");
    // Odd and even vertices never meet: two components of random edges.
    gs::EdgeList<W> halves = gs::gen::gtgraph_random(2000, 12000, 1, 1000, 7);
    for (gs::eid_t e = 0; e < halves.size(); ++e) {
      halves.u[e] = 2 * (halves.u[e] / 2) + (halves.v[e] % 2);
      halves.v[e] = 2 * (halves.v[e] / 2) + (halves.v[e] % 2);
    }
    check(halves, o, "odd and even halves");
  }
}

TEST(BoruvkaGpu, TiesSelfLoopsAndParallelEdges) {
  for (const auto& o : {BoruvkaGpuOptions{}, split(1.0)}) {
    gs::EdgeList<W> el = gs::test::random_multigraph<W>(600, 5000, 1, 4);
    check(el, o, "all weights 1");
    for (auto& w : el.w) w = 0;
    check(el, o, "all weights 0");
    check(gs::test::random_multigraph<W>(777, 3000, 4000000000u, 1), o, "wide weights");
    check(gs::test::random_multigraph<W>(500, 4000, 3, 2), o, "three weights");
    gs::EdgeList<W> loops;
    loops.n = 4;
    for (gs::vid_t x = 0; x < 4; ++x) loops.add(x, x, 1);  // self loops lighter than every edge
    loops.add(0, 1, 9);
    loops.add(1, 0, 4);  // parallel, lighter
    loops.add(2, 3, 0xffffffffu);
    loops.add(3, 2, 0xffffffffu);
    loops.add(1, 2, 6);
    check(loops, o, "self loops and parallel edges");
    auto r = gs::test::random_multigraph<W>(300, 600, 50, 5);
    const auto copy = r;  // every edge twice, the second time the other way round and heavier
    for (gs::eid_t e = 0; e < copy.size(); ++e) r.add(copy.v[e], copy.u[e], copy.w[e] + 1);
    check(r, o, "every edge doubled");
  }
}

// A path whose weights rise or fall along it: one round hooks everything into
// one long chain (the union-find's worst case).
gs::EdgeList<W> monotone_path(gs::vid_t n, bool rising) {
  gs::EdgeList<W> g;
  g.n = n;
  for (gs::vid_t i = 0; i + 1 < n; ++i) g.add(i, i + 1, rising ? i + 1 : n - i);
  return g;
}

TEST(BoruvkaGpu, MonotonePaths) {
  for (bool rising : {true, false}) {
    check(monotone_path(200000, rising), {}, rising ? "rising path" : "falling path");
    check(monotone_path(200000, rising), split(0.5), rising ? "rising path, split" : "falling path, split");
  }
}

TEST(BoruvkaEngine, BatchesAndDeviceCount) {
  // Edges sorted by weight, cut into batches: later batches are heavier, as
  // the heavy pass after the light one.
  const auto el = gs::test::random_multigraph<W>(20000, 120000, 100000, 9);
  const gs::verify::MsfVerifier<W> verifier(el);
  std::vector<KEdge> edges(el.size());
  for (std::size_t i = 0; i < edges.size(); ++i) edges[i] = {el.u[i], el.v[i], el.w[i]};
  std::stable_sort(edges.begin(), edges.end(), [](const KEdge& a, const KEdge& b) { return a.w < b.w; });
  gs::DeviceBuffer<KEdge> d;
  d.upload(edges);
  gs::DeviceBuffer<unsigned> count(1);
  gs::mst::BoruvkaEngine engine;
  for (int mode = 0; mode < 12; ++mode) {
    const std::size_t batches = std::size_t(1) + 2 * (mode % 3);  // 1, 3, 5
    const bool device_count = (mode / 3) % 2, cooperative = (mode / 6) % 2;
    {
      SCOPED_TRACE(std::to_string(batches) + " batches, device count " + std::to_string(device_count) +
                   ", cooperative " + std::to_string(cooperative));
      engine.set_cooperative(cooperative);
      engine.reset(el.n, 0);
      const std::size_t m = edges.size();
      for (std::size_t b = 0; b < batches; ++b) {
        const std::size_t lo = m * b / batches, len = m * (b + 1) / batches - lo;
        gs::mst::BoruvkaBatch batch{d.data() + lo, len, nullptr};
        if (device_count) {
          const unsigned c = unsigned(len);
          CUDA_CHECK(cudaMemcpy(count.data(), &c, sizeof c, cudaMemcpyHostToDevice));
          batch.max_m = len + 1000;  // an upper bound; the device count rules
          batch.max_m = std::min(batch.max_m, m - lo);
          batch.count = count.data();
        }
        const int rounds = engine.add(batch, 0);
        EXPECT_LE(rounds, 20);  // about log2(n) + 1
      }
      std::vector<KEdge> forest;
      engine.download(forest, 0);
      EXPECT_NO_THROW(verifier.check(forest, "BoruvkaEngine"));
      // Flat labels: every vertex points at a root, forest endpoints share it.
      std::vector<gs::vid_t> comp(el.n);
      CUDA_CHECK(cudaMemcpy(comp.data(), engine.components(), el.n * sizeof(gs::vid_t), cudaMemcpyDeviceToHost));
      for (gs::vid_t x = 0; x < el.n; ++x) ASSERT_EQ(comp[comp[x]], comp[x]) << x;
      for (const auto& e : forest) ASSERT_EQ(comp[e.u], comp[e.v]);
    }
  }
}

TEST(BoruvkaEngine, LongHookChainsCooperativeOrNot) {
  // Rising weights along a path: every vertex's lightest edge points back, so
  // the first round unites all vertices through chains of hooks.
  const auto el = monotone_path(100000, true);
  const gs::verify::MsfVerifier<W> verifier(el);
  std::vector<KEdge> edges(el.size());
  for (std::size_t i = 0; i < edges.size(); ++i) edges[i] = {el.u[i], el.v[i], el.w[i]};
  gs::DeviceBuffer<KEdge> d;
  d.upload(edges);
  gs::mst::BoruvkaEngine engine;
  for (const bool cooperative : {false, true}) {
    SCOPED_TRACE(cooperative ? "cooperative" : "kernel per step");
    engine.set_cooperative(cooperative);
    engine.reset(el.n, 0);
    engine.add({d.data(), edges.size(), nullptr}, 0);
    EXPECT_TRUE(engine.spanning());
    std::vector<KEdge> forest;
    engine.download(forest, 0);
    EXPECT_NO_THROW(verifier.check(forest, "BoruvkaEngine"));
  }
}

}  // namespace
