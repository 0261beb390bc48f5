// The MST families as the experiments' tables see them: every program in its
// experiment's order with its label and family, the GPU ones absent exactly in
// a build without CUDA, and every CPU program, made from the family and run
// through prepare/run/release, answering with a verified minimum spanning forest.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/mst/kruskal/kruskal_programs.hpp"
#include "algorithms/mst/prim_gpu/prim_gpu_programs.hpp"
#include "algorithms/mst/sollin/sollin.hpp"
#include "algorithms/mst/sollin/sollin_programs.hpp"
#include "common/convert.hpp"
#include "common/verify/msf.hpp"
#include "generators/generators.hpp"

#ifndef GS_HAVE_CUDA
#define GS_HAVE_CUDA 0
#endif

namespace {

using W = std::uint32_t;
using gs::harness::Device;
using gs::harness::Family;
using gs::harness::ProgramInfo;

struct Expected {
  std::string name, label;
  Family family;
};

template <class Entries>
void expect_entries(const Entries& entries, const std::vector<Expected>& expected) {
  ASSERT_EQ(entries.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const ProgramInfo& p = entries[i].info;
    SCOPED_TRACE(p.name);
    EXPECT_EQ(p.name, expected[i].name);
    EXPECT_EQ(p.label, expected[i].label);
    EXPECT_EQ(p.family, expected[i].family);
    EXPECT_FALSE(p.description.empty());
    const bool needs_cuda = p.device == Device::gpu || p.device == Device::cpu_gpu;
    EXPECT_EQ(!p.absent.empty(), needs_cuda && !GS_HAVE_CUDA) << p.absent;
    EXPECT_EQ(bool(entries[i].make), p.absent.empty() && p.device != Device::mpi);
  }
}

TEST(MstPrograms, PrimGpuFamily) {
  expect_entries(gs::mst::prim_gpu_programs(), {{"bgl_prim", "BGL Prim (CPU)", Family::baseline},
                                                {"prim_naive_gpu", "non-primitive CUDA Prim", Family::paper},
                                                {"prim_minreduce_gpu", "min-reduction CUDA Prim", Family::paper},
                                                {"prim_resident_gpu", "device-resident Prim", Family::beyond},
                                                {"boruvka_gpu", "GPU Boruvka", Family::beyond}});
}

TEST(MstPrograms, KruskalFamily) {
  expect_entries(gs::mst::kruskal_programs(),
                 {{"kruskal_seq", "(1) sequential", Family::paper},
                  {"kruskal_omp", "(2) OpenMP tasks, parallel partition", Family::paper},
                  {"kruskal_omp_listing5", "(2) OpenMP tasks, as listing 5", Family::paper},
                  {"kruskal_thrust", "(3) CUDA Thrust sort", Family::paper},
                  {"kruskal_cdp", "(4) CUDA dyn. parallelism", Family::paper},
                  {"bgl_kruskal", "BGL Kruskal", Family::baseline},
                  {"filter_kruskal_omp", "filter-Kruskal (OpenMP)", Family::beyond},
                  {"kruskal_cub_gpu", "CUB pipeline (radix sort + device Boruvka)", Family::beyond},
                  {"pbgl_boruvka", "Parallel BGL Boruvka (MPI)", Family::beyond}});
}

TEST(MstPrograms, SollinFamily) {
  expect_entries(gs::mst::sollin_programs(), {{"kruskal", "(1) Kruskal", Family::paper},
                                              {"bgl_kruskal", "BGL Kruskal", Family::baseline},
                                              {"sollin_serial", "(2) serial Sollin", Family::paper},
                                              {"sollin_serial_tri", "serial Sollin, triangular", Family::beyond},
                                              {"sollin_conflict_free", "(3)/(4) conflict-free Sollin", Family::paper},
                                              {"sollin_conflict_free_tri", "conflict-free, triangular", Family::beyond},
                                              {"boruvka_dense_gpu", "GPU dense Boruvka", Family::beyond}});
}

// A random multigraph with isolated vertices and a disconnected part.
gs::EdgeList<W> test_graph() {
  gs::EdgeList<W> el = gs::gen::gtgraph_random(300, 1500, 1, 50, 7);
  el.directed = false;
  el.n += 20;  // isolated vertices
  el.add(el.n - 2, el.n - 1, 3);
  return el;
}

TEST(MstPrograms, PrimFamilyCpuProgramOnTheCsr) {
  const gs::EdgeList<W> el = test_graph();
  const gs::Csr<W> g = gs::edge_list_to_csr(el);
  const gs::verify::MsfVerifier<W> verifier(el);
  for (const auto& e : gs::mst::prim_gpu_programs()) {
    if (e.info.device != Device::cpu) continue;
    SCOPED_TRACE(e.info.name);
    auto p = e.make(gs::mst::PrimGpuOptions{});
    const gs::harness::Prepared prepared = p->prepare(g, 1);
    EXPECT_EQ(prepared.refusal, "");
    EXPECT_TRUE(prepared.columns.count("setup_s"));
    const auto out = p->run(g, {}, 1);
    EXPECT_NO_THROW(verifier.check(out.answer, e.info.name));
    EXPECT_GE(out.seconds, 0.0);
    p->release();
  }
}

TEST(MstPrograms, KruskalFamilyCpuProgramsOnTheEdgeArray) {
  const gs::EdgeList<W> el = test_graph();
  std::vector<gs::mst::KEdge> edges;
  for (gs::eid_t i = 0; i < el.size(); ++i) edges.push_back({el.u[i], el.v[i], el.w[i]});
  const gs::verify::MsfVerifier<W> verifier(el);
  for (const auto& e : gs::mst::kruskal_programs()) {
    if (e.info.device != Device::cpu) continue;
    SCOPED_TRACE(e.info.name);
    std::vector<gs::mst::KEdge> work;
    const gs::mst::KruskalInput in{el, edges, work};
    auto p = e.make(gs::harness::NoOptions{});
    p->prepare(in, 2);
    for (int trial = 0; trial < 2; ++trial) {
      work = edges;
      const auto out = p->run(in, {}, 2);
      EXPECT_NO_THROW(verifier.check(out.answer, e.info.name));
    }
    p->release();
  }
}

TEST(MstPrograms, SollinFamilyCpuProgramsOnTheCompleteGraph) {
  gs::mst::CompleteGraph g;
  g.full = gs::gen::complete_matrix(60, 3);
  g.tri = gs::to_triangular(g.full);
  const auto verifier = gs::verify::MsfVerifier<W>::from_matrix(g.full);
  for (const auto& e : gs::mst::sollin_programs()) {
    if (e.info.device != Device::cpu) continue;
    SCOPED_TRACE(e.info.name);
    auto p = e.make(gs::harness::NoOptions{});
    const gs::harness::Prepared prepared = p->prepare(g, 2);
    const bool tri = e.info.name.ends_with("_tri");
    EXPECT_EQ(std::get<std::string>(prepared.columns.at("storage")), tri ? "triangular" : "full");
    EXPECT_EQ(std::get<double>(prepared.columns.at("matrix_bytes")),
              double(tri ? g.tri.a.size() * 2 : g.full.a.size() * 2));
    const auto out = p->run(g, {}, 2);
    EXPECT_NO_THROW(verifier.check(out.answer, e.info.name));
    if (e.info.name.starts_with("sollin")) {
      for (const char* phase : gs::mst::kSollinTimes) EXPECT_TRUE(out.phases.count(phase)) << phase;
    }
    p->release();
  }
}

}  // namespace
