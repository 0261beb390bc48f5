// The GPU dense Boruvka must return a verified minimum spanning tree with the
// reference weight, on the same graphs as the CPU programs (ties included).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "algorithms/mst/boruvka_dense_gpu/boruvka_dense_gpu.hpp"
#include "algorithms/mst/sollin/sollin.hpp"
#include "common/verify/msf.hpp"
#include "tests/sollin_multicore/random_matrix.hpp"

namespace {

using gs::DenseMatrix16;
using gs::vid_t;

using gs::test::random_matrix;

void expect_verified(const DenseMatrix16& d, const std::string& what) {
  SCOPED_TRACE(what);
  const auto verifier = gs::verify::MsfVerifier<std::uint32_t>::from_matrix(d);
  gs::mst::DenseBoruvkaGpu gpu(d.n);
  gpu.upload(d);
  const auto forest = gpu.solve().forest;
  EXPECT_NO_THROW(verifier.check(forest, "boruvka_dense_gpu"));
  EXPECT_EQ(forest.size(), d.n ? d.n - 1 : 0);
  const auto cpu = gs::mst::SollinSolver(d.n, gs::mst::SollinStrategy::serial).solve(d).forest;
  double w_gpu = 0, w_cpu = 0;
  for (const auto& e : forest) w_gpu += e.w;
  for (const auto& e : cpu) w_cpu += e.w;
  EXPECT_EQ(w_gpu, w_cpu);
  EXPECT_EQ(w_gpu, verifier.reference().weight);
  // A second solve on the resident matrix gives the same weight.
  const auto again = gpu.solve().forest;
  double w_again = 0;
  for (const auto& e : again) w_again += e.w;
  EXPECT_EQ(w_again, w_gpu);
}

TEST(BoruvkaDenseGpu, TinyGraphs) {
  for (vid_t n : {0u, 1u, 2u, 3u})
    for (std::uint32_t max_w : {0u, 65535u}) expect_verified(random_matrix(n, max_w, n + 1), "n=" + std::to_string(n));
}

TEST(BoruvkaDenseGpu, RandomAndTiedCompleteGraphs) {
  for (vid_t n : {5u, 9u, 33u, 100u, 257u, 1000u, 3001u})
    for (std::uint32_t max_w : {0u, 3u, 65535u})
      expect_verified(random_matrix(n, max_w, n * 7 + max_w),
                      "n=" + std::to_string(n) + " max_w=" + std::to_string(max_w));
}

TEST(BoruvkaDenseGpu, RefusesTooManyVertices) {
  EXPECT_THROW(gs::mst::DenseBoruvkaGpu(gs::mst::DenseBoruvkaGpu::max_vertices() + 1), gs::InputError);
}

}  // namespace
