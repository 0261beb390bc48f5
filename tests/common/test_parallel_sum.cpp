// The running sum and the large-vector allocation that the CSR build uses.
#include <gtest/gtest.h>

#include <omp.h>

#include <cstdint>
#include <random>
#include <vector>

#include "common/large_vector.hpp"
#include "common/parallel_sum.hpp"

namespace {

TEST(ParallelSum, InclusiveSumMatchesTheSerialSumAtEveryThreadCount) {
  std::mt19937_64 rng(5);
  for (const std::size_t count : {std::size_t(0), std::size_t(1), std::size_t(3), std::size_t(10007)}) {
    std::vector<std::uint64_t> input(count);
    for (auto& x : input) x = rng() % 1000;
    std::vector<std::uint64_t> want(count);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < count; ++i) want[i] = sum += input[i];
    for (const int threads : {1, 2, 5, 16}) {
      omp_set_num_threads(threads);
      std::vector<std::uint64_t> got = input;
      gs::inclusive_sum_in_place(got.data(), got.size());
      EXPECT_EQ(got, want) << count << " elements, " << threads << " threads";
    }
  }
}

TEST(LargeVector, AssignLargeGivesZeroedElementsAndDropsTheOld) {
  std::vector<std::uint32_t> v = {7, 8, 9};
  gs::assign_large(v, std::size_t(5) << 20);  // 20 MiB: whole huge pages inside
  ASSERT_EQ(v.size(), std::size_t(5) << 20);
  for (std::size_t i = 0; i < v.size(); i += 4093) ASSERT_EQ(v[i], 0u) << i;
  EXPECT_EQ(v.front(), 0u);
  EXPECT_EQ(v.back(), 0u);
  gs::assign_large(v, 2);
  EXPECT_EQ(v, (std::vector<std::uint32_t>{0, 0}));
}

}  // namespace
