#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>

#include "common/sort_runs.hpp"

namespace {

// Ranges of 0 to 12 ascending runs (merged up to 8, sorted beyond), with
// repeated values, against std::sort; the scratch is reused across calls.
TEST(SortRuns, MatchesStdSortForAnyNumberOfRuns) {
  std::mt19937 rng(11);
  std::vector<unsigned> scratch;
  for (int runs = 0; runs <= 12; ++runs)
    for (int trial = 0; trial < 50; ++trial) {
      std::vector<unsigned> v;
      for (int r = 0; r < runs; ++r) {
        std::vector<unsigned> run(rng() % 20);
        for (unsigned& x : run) x = rng() % 30;
        std::sort(run.begin(), run.end());
        v.insert(v.end(), run.begin(), run.end());
      }
      std::vector<unsigned> want = v;
      std::sort(want.begin(), want.end());
      gs::sort_by_runs(v.data(), v.data() + v.size(), scratch);
      ASSERT_EQ(v, want) << runs << " runs, trial " << trial;
    }
}

TEST(SortRuns, PairsSortByFirstThenSecond) {
  std::vector<std::pair<unsigned, float>> v = {{3, 1.5f}, {7, 0.5f}, {1, 2.0f}, {3, 0.5f}, {2, 9.0f}, {3, 1.5f}};
  std::vector<std::pair<unsigned, float>> want = v, scratch;
  std::sort(want.begin(), want.end());
  gs::sort_by_runs(v.data(), v.data() + v.size(), scratch);
  EXPECT_EQ(v, want);
}

}  // namespace
