// The prim_gpu family's GPU programs on graphs whose ids are mostly
// isolated vertices: each runs on the graph without them and its forest, in
// the original ids, passes the independent verifier; the quadratic Prims
// refuse a graph above --prim-max-work and a weight of UINT32_MAX before
// running.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"
#include "algorithms/mst/prim_gpu/prim_gpu.hpp"
#include "algorithms/mst/prim_gpu/prim_gpu_programs.hpp"
#include "algorithms/mst/without_isolated.hpp"
#include "common/convert.hpp"
#include "common/verify/msf.hpp"
#include "tests/prim_gpu/random_multigraph.hpp"

namespace {

using W = std::uint32_t;
using Config = gs::mst::PrimGpuOptions;

const gs::harness::ProgramTable<gs::mst::CsrMsfProgram, Config>& programs() {
  static const gs::harness::ProgramTable<gs::mst::CsrMsfProgram, Config> table(gs::mst::prim_gpu_programs());
  return table;
}

const char* const kGpuPrograms[] = {"prim_naive_gpu", "prim_minreduce_gpu", "prim_resident_gpu", "boruvka_gpu"};
const char* const kQuadraticPrims[] = {"prim_naive_gpu", "prim_minreduce_gpu", "prim_resident_gpu"};

// 200000 ids, 600 edges among 1000 ids scattered over them (spread by 199),
// self loops on some isolated ids.
gs::EdgeList<W> scattered_graph() {
  const gs::EdgeList<W> small = gs::test::random_multigraph<W>(1000, 600, 1000, 11);
  gs::EdgeList<W> el;
  el.n = 200000;
  for (gs::eid_t e = 0; e < small.size(); ++e) el.add(small.u[e] * 199, small.v[e] * 199, small.w[e]);
  for (gs::vid_t x = 5; x < 200000; x += 20011) el.add(x, x, 7);
  return el;
}

TEST(PrimGpuIsolated, ForestInOriginalIdsOnTheCompactGraph) {
  const gs::EdgeList<W> el = scattered_graph();
  const gs::Csr<W> g = gs::edge_list_to_csr(el);
  const gs::verify::MsfVerifier<W> verifier(el);
  for (const char* name : kGpuPrograms) {
    SCOPED_TRACE(name);
    auto prog = programs().make(name, Config{});
    const gs::harness::Prepared prepared = prog->prepare(g, 1);
    EXPECT_EQ(prepared.refusal, "");
    // Sized for the 1000 vertices with edges, not for 200000.
    const std::uint64_t whole =
        std::string(name) == "boruvka_gpu" ? gs::mst::boruvka_gpu_device_bytes(g) : gs::mst::prim_gpu_device_bytes(g);
    EXPECT_LT(prepared.device_bytes, whole);
    const auto r = prog->run(g, {}, 1);
    EXPECT_NO_THROW(verifier.check(r.answer, name));
    prog->release();
  }
}

TEST(PrimGpuIsolated, QuadraticPrimsRefuseAboveTheWorkBound) {
  const gs::EdgeList<W> el = scattered_graph();
  const gs::Csr<W> g = gs::edge_list_to_csr(el);
  const gs::vid_t k = gs::mst::vertices_with_edges(g);
  Config tight;
  tight.prim_max_work = std::int64_t(k) * k - 1;
  for (const char* name : kQuadraticPrims) {
    SCOPED_TRACE(name);
    auto prog = programs().make(name, tight);
    const std::string refusal = prog->prepare(g, 1).refusal;
    EXPECT_NE(refusal.find("above --prim-max-work"), std::string::npos) << refusal;
  }
  auto boruvka = programs().make("boruvka_gpu", tight);
  EXPECT_EQ(boruvka->prepare(g, 1).refusal, "");
}

TEST(PrimGpuIsolated, QuadraticPrimsRefuseTheReservedWeight) {
  gs::EdgeList<W> el;
  el.n = 3;
  el.add(0, 1, 0xffffffffu);
  el.add(1, 2, 1);
  const gs::Csr<W> g = gs::edge_list_to_csr(el);
  for (const char* name : kQuadraticPrims) {
    SCOPED_TRACE(name);
    auto prog = programs().make(name, Config{});
    const std::string refusal = prog->prepare(g, 1).refusal;
    EXPECT_NE(refusal.find("max_weight"), std::string::npos) << refusal;
  }
}

}  // namespace
