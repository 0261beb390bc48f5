#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/harness/trials.hpp"
#include "common/results.hpp"

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct ResultsTest : ::testing::Test {
  fs::path dir = fs::temp_directory_path() / ("gs_results_test_" + std::to_string(::getpid()));
  gs::Cli cli{"prog", "test"};
  gs::CommonOptions opt;
  void SetUp() override {
    fs::remove_all(dir);
    opt.out = dir.string();
    opt.tag = "t1";
  }
  void TearDown() override { fs::remove_all(dir); }
  gs::ResultRow row() {
    gs::ResultRow r;
    r.graph = "g";
    r.generator = "gen";
    r.n = 10;
    r.m = 20;
    r.algorithm = "alg";
    r.seconds = 0.5;
    r.answer = "weight=3;edges=9";
    r.verified = true;
    r.piece = "p1";
    r.role = "main";
    r.extra["h2d_s"] = "0.25";
    return r;
  }
};

TEST_F(ResultsTest, WritesCsvAndJsonOnlyWhenFinished) {
  {
    gs::ResultsWriter w(opt, cli, "exp", {"h2d_s", "source"});
    w.add(row());
    EXPECT_FALSE(fs::exists(dir / "exp-t1.csv"));
    EXPECT_TRUE(fs::exists(dir / "exp-t1.csv.partial"));
    w.set_meta("bandwidth_gbs", 90.5);
    w.finish();
  }
  ASSERT_TRUE(fs::exists(dir / "exp-t1.csv"));
  ASSERT_TRUE(fs::exists(dir / "exp-t1.json"));
  EXPECT_FALSE(fs::exists(dir / "exp-t1.csv.partial"));
  const std::string csv = slurp(dir / "exp-t1.csv");
  EXPECT_EQ(
      csv.substr(0, csv.find('\n')),
      "experiment,graph,generator,n,m,seed,algorithm,threads,device,trial,seconds,answer,verified,piece,role,run_id,"
      "h2d_s,source");
  // Every row names its piece, role and the run that wrote it (the same id as the metadata's).
  EXPECT_NE(csv.find("exp,g,gen,10,20,0,alg,1,cpu,0,0.5,weight=3;edges=9,true,p1,main,"), std::string::npos);
  const std::string json = slurp(dir / "exp-t1.json");
  EXPECT_NE(json.find("\"bandwidth_gbs\": 90.5"), std::string::npos);
  const std::size_t id_at = json.find("\"run_id\": \"");
  ASSERT_NE(id_at, std::string::npos);
  const std::string run_id = json.substr(id_at + 11, json.find('"', id_at + 11) - id_at - 11);
  EXPECT_GE(run_id.size(), 16u);
  EXPECT_NE(csv.find(",p1,main," + run_id + ",0.25,"), std::string::npos);
  EXPECT_NE(json.find("\"git_sha\""), std::string::npos);
  EXPECT_NE(json.find("\"rows\": 1"), std::string::npos);
}

// The OpenMP runtime settings that change short parallel regions' timings
// are recorded with every result ("default" when none is set).
TEST_F(ResultsTest, RecordsTheOpenMpEnvironment) {
  const char* saved = std::getenv("OMP_WAIT_POLICY");
  const std::string saved_value = saved ? saved : "";
  for (const bool set : {false, true}) {
    if (set) ::setenv("OMP_WAIT_POLICY", "active", 1);
    else ::unsetenv("OMP_WAIT_POLICY");
    ::unsetenv("OMP_PROC_BIND");
    ::unsetenv("OMP_PLACES");
    ::unsetenv("GOMP_SPINCOUNT");
    opt.tag = set ? "omp-set" : "omp-unset";
    gs::ResultsWriter w(opt, cli, "exp", {"h2d_s"});
    w.add(row());
    w.finish();
    const std::string json = slurp(dir / ("exp-" + opt.tag + ".json"));
    EXPECT_NE(json.find(set ? "\"openmp_env\": \"OMP_WAIT_POLICY=active\"" : "\"openmp_env\": \"default\""),
              std::string::npos)
        << json;
  }
  if (saved) ::setenv("OMP_WAIT_POLICY", saved_value.c_str(), 1);
  else ::unsetenv("OMP_WAIT_POLICY");
}

TEST_F(ResultsTest, RecordsTheGivenSourceCommitAndHash) {
  ::setenv("GS_SOURCE_COMMIT", "0123abcd", 1);
  ::setenv("GS_SOURCE_HASH", "feedbeef", 1);
  opt.tag = "given";
  gs::ResultsWriter w(opt, cli, "exp", {"h2d_s"});
  w.add(row());
  w.finish();
  ::unsetenv("GS_SOURCE_COMMIT");
  ::unsetenv("GS_SOURCE_HASH");
  const std::string json = slurp(dir / "exp-given.json");
  EXPECT_NE(json.find("\"source_commit\": \"0123abcd\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"source_hash\": \"feedbeef\""), std::string::npos) << json;
}

TEST_F(ResultsTest, AnInterruptedRunLeavesNoCompleteLookingCsv) {
  {
    gs::ResultsWriter w(opt, cli, "exp", {"h2d_s"});
    w.add(row());  // no finish(): as if an exception unwound the run
  }
  EXPECT_FALSE(fs::exists(dir / "exp-t1.csv"));
  EXPECT_FALSE(fs::exists(dir / "exp-t1.json"));
  EXPECT_TRUE(fs::exists(dir / "exp-t1.csv.failed"));
}

TEST_F(ResultsTest, RejectsUndeclaredColumns) {
  gs::ResultsWriter w(opt, cli, "exp", {});
  EXPECT_THROW(w.add(row()), std::logic_error);
}

TEST_F(ResultsTest, TrialLoopRunsTheWarmupsUnrecordedThenTheTrials) {
  for (int warmups : {0, 2}) {
    opt.warmups = warmups;
    opt.trials = 3;
    opt.tag = "w" + std::to_string(warmups);
    gs::ResultsWriter w(opt, cli, "exp", {"h2d_s"});
    gs::Progress progress("exp", 0);
    std::vector<int> calls;
    const double med = gs::run_trials(w, progress, opt, row(), [&](int trial) {
      calls.push_back(trial);
      gs::TrialOutcome t;
      t.seconds = 1.0 + trial;
      t.answer = "ok";
      return t;
    });
    std::vector<int> expected(std::size_t(warmups), -1);
    for (int t = 0; t < 3; ++t) expected.push_back(t);
    EXPECT_EQ(calls, expected);
    EXPECT_DOUBLE_EQ(med, 2.0);  // median of the timed trials only (1, 2, 3)
    w.finish();
    const std::string json = slurp(dir / ("exp-" + opt.tag + ".json"));
    EXPECT_NE(json.find("\"rows\": 3"), std::string::npos);
    EXPECT_NE(json.find("\"warmups\": " + std::to_string(warmups)), std::string::npos) << json;
  }
}

TEST(CsvEscape, QuotesOnlyWhenNeeded) {
  EXPECT_EQ(gs::csv_escape("plain"), "plain");
  EXPECT_EQ(gs::csv_escape("a,b"), "\"a,b\"");
  EXPECT_EQ(gs::csv_escape("say \"x\""), "\"say \"\"x\"\"\"");
  EXPECT_EQ(gs::json_escape("a\"b\\\n"), "a\\\"b\\\\\\n");
}

}  // namespace
