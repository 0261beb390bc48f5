// Graph cache: round trip, key separation, and regeneration of corrupt entries.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "generators/cache.hpp"
#include "generators/cached_generators.hpp"
#include "generators/generators.hpp"

namespace fs = std::filesystem;
namespace gen = gs::gen;

class GraphCache : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gs-cache-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    setenv("GS_GRAPH_CACHE", dir_.c_str(), 1);
  }
  void TearDown() override {
    unsetenv("GS_GRAPH_CACHE");
    fs::remove_all(dir_);
  }
  // A generator call that counts how often it really ran.
  gs::EdgeList<std::uint32_t> make() {
    ++calls_;
    return gen::gtgraph_random(500, 4000, 1, 1000, 42);
  }
  std::string key() const { return gen::CacheKey("gtgraph-random").with("n", 500).with("m", 4000).seed(42).str(); }
  std::string entry() const { return gen::detail::cache_path(dir_.string(), key()); }

  fs::path dir_;
  int calls_ = 0;
};

static void expect_same(const gs::EdgeList<std::uint32_t>& x, const gs::EdgeList<std::uint32_t>& y) {
  EXPECT_EQ(x.n, y.n);
  EXPECT_EQ(x.directed, y.directed);
  EXPECT_TRUE(x.u == y.u);
  EXPECT_TRUE(x.v == y.v);
  EXPECT_TRUE(x.w == y.w);
}

TEST_F(GraphCache, SecondCallReadsTheStoredGraph) {
  const auto first = gen::cached<std::uint32_t>(key(), [&] { return make(); });
  EXPECT_EQ(calls_, 1);
  EXPECT_TRUE(fs::exists(entry()));
  const auto second = gen::cached<std::uint32_t>(key(), [&] { return make(); });
  EXPECT_EQ(calls_, 1);
  expect_same(first, second);
  // Only the entry is left: no temporary files.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(GraphCache, CorruptEntryIsDiscardedAndRegenerated) {
  const auto good = gen::cached<std::uint32_t>(key(), [&] { return make(); });
  {
    std::fstream f(entry(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-100, std::ios::end);  // inside the payload
    char byte;
    f.read(&byte, 1);
    f.seekp(-100, std::ios::end);
    byte ^= 0x5a;
    f.write(&byte, 1);
  }
  const auto again = gen::cached<std::uint32_t>(key(), [&] { return make(); });
  EXPECT_EQ(calls_, 2);
  expect_same(good, again);
  // The rewritten entry is good again.
  gen::cached<std::uint32_t>(key(), [&] { return make(); });
  EXPECT_EQ(calls_, 2);
}

TEST_F(GraphCache, TruncatedEntryIsDiscardedAndRegenerated) {
  const auto good = gen::cached<std::uint32_t>(key(), [&] { return make(); });
  fs::resize_file(entry(), fs::file_size(entry()) / 2);
  const auto again = gen::cached<std::uint32_t>(key(), [&] { return make(); });
  EXPECT_EQ(calls_, 2);
  expect_same(good, again);
}

TEST_F(GraphCache, WrongWeightTypeIsNotTrusted) {
  gen::cached<std::uint32_t>(key(), [&] { return make(); });
  int float_calls = 0;
  const auto el = gen::cached<float>(key(), [&] {
    ++float_calls;
    return gen::fixed_degree(10, 2);
  });
  EXPECT_EQ(float_calls, 1);
  EXPECT_EQ(el.size(), 20u);
}

TEST_F(GraphCache, DisabledCacheAlwaysGenerates) {
  setenv("GS_GRAPH_CACHE", "off", 1);
  gen::cached<std::uint32_t>(key(), [&] { return make(); });
  gen::cached<std::uint32_t>(key(), [&] { return make(); });
  EXPECT_EQ(calls_, 2);
  EXPECT_FALSE(fs::exists(dir_));
}

TEST_F(GraphCache, UnwritableDirectoryOnlyWarns) {
  setenv("GS_GRAPH_CACHE", "/proc/no-such-dir/cache", 1);
  const auto el = gen::cached<std::uint32_t>(key(), [&] { return make(); });
  EXPECT_EQ(el.size(), 4000u);
}

TEST_F(GraphCache, KeysSeparateEveryParameterAndTheVersion) {
  const auto base = gen::CacheKey("rmat").with("scale", 20).with("a", 0.45).seed(1).str();
  EXPECT_NE(base, gen::CacheKey("rmat").with("scale", 21).with("a", 0.45).seed(1).str());
  EXPECT_NE(base, gen::CacheKey("rmat").with("scale", 20).with("a", 0.45000000000000001 + 1e-15).seed(1).str());
  EXPECT_NE(base, gen::CacheKey("rmat").with("scale", 20).with("a", 0.45).seed(2).str());
  EXPECT_NE(base.find("-v" + std::to_string(gen::kGeneratorVersion)), std::string::npos);
  EXPECT_EQ(base, "rmat-scale=20-a=0.45-seed=1-v" + std::to_string(gen::kGeneratorVersion));
}

TEST_F(GraphCache, CachedGeneratorsStoreOnlyLargeGraphs) {
  const auto small = gen::cached_rmat(10, 4000, 0.45, 0.25, 0.15, 1);
  EXPECT_FALSE(fs::exists(dir_));
  const auto large = gen::cached_path_random(1000, gen::kMinCachedEdges, 100, 1);
  EXPECT_TRUE(fs::exists(dir_));
  const auto again = gen::cached_path_random(1000, gen::kMinCachedEdges, 100, 1);
  expect_same(large, again);
  expect_same(large, gen::path_random(1000, gen::kMinCachedEdges, 100, 1));
}
