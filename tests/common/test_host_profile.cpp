// The host characterisation every run records: its keys, its values, and the
// read benchmarks' checksums that make a benchmark whose reads were skipped fail.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/bench/read_bandwidth.hpp"
#include "common/host_profile.hpp"
#include "common/results.hpp"

namespace fs = std::filesystem;

namespace {

struct HostProfileTest : ::testing::Test {
  fs::path dir = fs::temp_directory_path() / ("gs_host_profile_test_" + std::to_string(::getpid()));
  gs::Cli cli{"prog", "test"};
  gs::CommonOptions opt;
  void SetUp() override {
    fs::remove_all(dir);
    opt.out = dir.string();
    opt.tag = "hp";
  }
  void TearDown() override {
    fs::remove_all(dir);
    ::unsetenv("GS_HOST_PROFILE");
  }
  std::string written_json(const char* env) {
    if (env) ::setenv("GS_HOST_PROFILE", env, 1);
    else ::unsetenv("GS_HOST_PROFILE");
    {
      gs::ResultsWriter w(opt, cli, "exp", {});
      gs::record_host_profile(w, {2, 1}, std::uint64_t(16) << 20);
      w.finish();
    }
    std::ifstream in(dir / "exp-hp.json");
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
};

TEST_F(HostProfileTest, RecordsEachThreadCountTheLatencyAndWhatItRead) {
  const std::string json = written_json(nullptr);
  for (const char* key :
       {"\"host_cpu_seq_read_gbs_t1\"", "\"host_cpu_seq_read_gbs_t2\"", "\"host_cpu_rand_read_gbs_t1\"",
        "\"host_cpu_rand_read_gbs_t2\"", "\"host_cpu_dependent_read_ns\"", "\"host_profile_array_bytes\": 16777216",
        "\"host_profile_seconds\"", "\"host_profile\": \"measured"})
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json;
  EXPECT_EQ(json.find("\"host_cpu_seq_read_gbs_t4\""), std::string::npos);  // only the counts it was given, and 1
}

TEST_F(HostProfileTest, OffSkipsItAndSaysSo) {
  const std::string json = written_json("off");
  EXPECT_NE(json.find("\"host_profile\": \"skipped (GS_HOST_PROFILE=off)\""), std::string::npos) << json;
  EXPECT_EQ(json.find("host_cpu_"), std::string::npos);
}

TEST(ReadBenchmarks, ChecksumsAreTheValuesOfTheWordsRead) {
  const std::uint64_t words = 1 << 16, reads = 1 << 12;
  const gs::bench::CpuReadBench bench(words);
  EXPECT_EQ(bench.sequential().checksum, gs::bench::expected_sequential_checksum(words));
  EXPECT_EQ(bench.random(reads).checksum, gs::bench::expected_random_checksum(words, reads));
  EXPECT_EQ(bench.dependent(reads).checksum, gs::bench::expected_dependent_checksum(words, reads));
  // A chain that did not follow its reads would land elsewhere: the checksums of other lengths differ.
  EXPECT_NE(gs::bench::expected_dependent_checksum(words, reads),
            gs::bench::expected_dependent_checksum(words, reads - 1));
  EXPECT_NE(gs::bench::expected_dependent_checksum(words, reads), gs::bench::expected_random_checksum(words, reads));
}

}  // namespace
