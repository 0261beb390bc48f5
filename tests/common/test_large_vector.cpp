#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

#include "common/large_vector.hpp"

namespace {

// Large enough for the pages to be faulted in on every thread: what the vector
// held is dropped and every element reads zero.
TEST(LargeVector, AssignLargeGivesZeroedElementsOverOldContents) {
  const std::size_t n = (std::size_t(96) << 20) / sizeof(std::uint64_t) + 3;
  std::vector<std::uint64_t> v(1000, 7);
  gs::assign_large(v, n);
  ASSERT_EQ(v.size(), n);
  EXPECT_EQ(std::count(v.begin(), v.end(), 0u), std::ptrdiff_t(n));
  std::fill(v.begin(), v.end(), 9u);
  gs::assign_large(v, 5);
  EXPECT_EQ(v, std::vector<std::uint64_t>(5, 0));
}

}  // namespace
