// The min-reduction primitive (and the naive finder) against std::min_element:
// lengths that are not powers of two, duplicate minima (the lowest index must
// win), and lengths at which the primitive needs one kernel or two.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "algorithms/mst/prim_gpu/min_reduction.cuh"
#include "algorithms/mst/prim_gpu/naive_min.cuh"
#include "common/cuda/buffer.cuh"

namespace {

using gs::mst::MinReduction;
using gs::mst::NaiveMinFinder;

struct Found {
  std::uint32_t value, index;
};

Found expected(const std::vector<std::uint32_t>& v) {
  const auto it = std::min_element(v.begin(), v.end());  // the first minimum
  return {*it, std::uint32_t(it - v.begin())};
}

Found read_back(const std::uint32_t* dv, const std::uint32_t* di) {
  Found f{};
  CUDA_CHECK(cudaMemcpy(&f.value, dv, 4, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&f.index, di, 4, cudaMemcpyDeviceToHost));
  return f;
}

// Values in [lo, hi]: small ranges make many duplicate minima.
std::vector<std::uint32_t> random_values(std::uint32_t len, std::uint32_t lo, std::uint32_t hi, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::uint32_t> d(lo, hi);
  std::vector<std::uint32_t> v(len);
  for (auto& x : v) x = d(rng);
  return v;
}

void check_both(const std::vector<std::uint32_t>& v, MinReduction& reduce, int expect_kernels) {
  gs::DeviceBuffer<std::uint32_t> d;
  d.upload(v);
  const Found want = expected(v);
  const int kernels = reduce.run(d.data(), std::uint32_t(v.size()));
  if (expect_kernels > 0) EXPECT_EQ(kernels, expect_kernels) << "len " << v.size();
  const Found got = read_back(reduce.value_out(), reduce.index_out());
  EXPECT_EQ(got.value, want.value) << "min-reduction, len " << v.size();
  EXPECT_EQ(got.index, want.index) << "min-reduction, len " << v.size();

  NaiveMinFinder naive(std::uint32_t(v.size()));
  naive.run(d.data(), std::uint32_t(v.size()));
  const Found got2 = read_back(naive.value_out(), naive.index_out());
  EXPECT_EQ(got2.value, want.value) << "naive finder, len " << v.size();
  EXPECT_EQ(got2.index, want.index) << "naive finder, len " << v.size();
}

TEST(MinReduction, OneKernelLengthsThatAreNotPowersOfTwo) {
  MinReduction reduce;  // 64 blocks: one kernel up to 64 * 256 = 16384 elements
  for (std::uint32_t len : {1u, 2u, 3u, 5u, 7u, 31u, 33u, 100u, 255u, 257u, 1000u, 4097u, 16383u, 16384u})
    check_both(random_values(len, 1, 1000000, len), reduce, 1);
}

TEST(MinReduction, TwoKernelLengths) {
  MinReduction reduce;
  for (std::uint32_t len : {16385u, 50001u, 1000003u, (1u << 22) + 17u})
    check_both(random_values(len, 1, 1000000, len), reduce, 2);
  MinReduction small(3);  // 3 blocks: two kernels above 768 elements, odd partial count
  for (std::uint32_t len : {769u, 1000u, 5003u}) check_both(random_values(len, 1, 1000000, len + 7), small, 2);
  EXPECT_EQ(small.grid_for(769), 2u);
  EXPECT_EQ(small.grid_for(100000), 3u);
}

TEST(MinReduction, DuplicateMinimaLowestIndexWins) {
  MinReduction reduce;
  MinReduction small(5);
  for (std::uint32_t len : {2u, 77u, 300u, 16384u, 70001u}) {
    // Many ties: values 3..6 everywhere.
    check_both(random_values(len, 3, 6, len * 3), reduce, 0);
    check_both(random_values(len, 3, 6, len * 5), small, 0);
    // All equal: index 0 must win; the maximum value (the paper's max_weight) too.
    check_both(std::vector<std::uint32_t>(len, 42), reduce, 0);
    check_both(std::vector<std::uint32_t>(len, 0xffffffffu), reduce, 0);
    // Two planted minima far apart, the later one in an earlier block's reach
    // of the grid-stride loop: the lower index must win.
    auto v = random_values(len, 10, 1000, len);
    v[len - 1] = 1;
    v[len / 2] = 1;
    check_both(v, reduce, 0);
    check_both(v, small, 0);
  }
}

// Records the result the epilogue sees and how often it runs.
struct RecordResult {
  std::uint32_t* out;
  __device__ void operator()(std::uint32_t v, std::uint32_t i) const {
    out[0] = v;
    out[1] = i;
    atomicAdd(out + 2, 1u);
  }
};

TEST(MinReduction, EpilogueRunsOnceWithTheResult) {
  MinReduction reduce;
  for (std::uint32_t len : {1u, 1000u, 16384u, 50001u}) {
    const auto v = random_values(len, 5, 900, len + 11);
    const Found want = expected(v);
    gs::DeviceBuffer<std::uint32_t> d, out(3);
    d.upload(v);
    for (int finder = 0; finder < 2; ++finder) {
      out.fill_bytes(0);
      if (finder == 0) reduce.run(d.data(), len, 0, RecordResult{out.data()});
      else NaiveMinFinder(len).run(d.data(), len, 0, RecordResult{out.data()});
      const auto got = out.to_host();
      EXPECT_EQ(got[0], want.value) << "finder " << finder << " len " << len;
      EXPECT_EQ(got[1], want.index) << "finder " << finder << " len " << len;
      EXPECT_EQ(got[2], 1u) << "finder " << finder << " len " << len;
    }
  }
}

TEST(MinReduction, BlockSizesFollowTheLength) {
  EXPECT_EQ(gs::mst::min_reduce_block_size(1), 1u);
  EXPECT_EQ(gs::mst::min_reduce_block_size(3), 2u);
  EXPECT_EQ(gs::mst::min_reduce_block_size(200), 128u);
  EXPECT_EQ(gs::mst::min_reduce_block_size(100000), 256u);
}

}  // namespace
