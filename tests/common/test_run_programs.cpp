// The one program loop (common/harness/run_programs.hpp) in a small declared
// experiment: typed columns written by their unit and absent ones left empty,
// each program prepared, run per query and released before the next prepares,
// a refusal skipped with its reason, a program past its largest generated size
// left out, every answer verified, admission first.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "common/errors.hpp"
#include "common/harness/driver.hpp"
#include "common/harness/run_programs.hpp"

namespace fs = std::filesystem;
using namespace gs;
using namespace gs::harness;

namespace {

// The toy graph is a list of numbers, a query is an index into it, the answer is the number there.
using Numbers = std::vector<int>;
using Toy = Program<Numbers, int, int>;

struct ToyConfig {
  std::vector<std::string>* events = nullptr;  // each program's lifecycle calls, in order
  bool wrong = false;                          // "plain" answers wrongly
  bool queries_outer = false;                  // LoopRules::queries_outer
  std::string device;                          // where "plain" finds it runs, on 3 threads ("": the table's)
  int fresh_inputs = 0;                        // LoopRules::before_trial's calls
};

const std::vector<Column> kColumns = {{"kind", Unit::text}, {"work", Unit::count}, {"setup_s", Unit::seconds}};

class Plain : public Toy {
 public:
  Plain(std::string name, const ToyConfig& c) : name_(std::move(name)), c_(c) {}
  std::uint64_t host_bytes(const GraphSize& size) const override { return size.n; }
  Prepared prepare(const Numbers&, int threads) override {
    c_.events->push_back(name_ + " prepare t=" + std::to_string(threads));
    Prepared p{.columns = {{"kind", std::string("plain")}, {"setup_s", 0.25}}};
    if (name_ == "plain" && !c_.device.empty()) {
      p.device = c_.device;
      p.threads = 3;
    }
    return p;
  }
  Outcome<int> run(const Numbers& g, const int& q, int) override {
    return {.seconds = 1e-6, .answer = g[std::size_t(q)] + (c_.wrong ? 1 : 0), .phases = {{"work", 1e6}}};
  }
  void release() override { c_.events->push_back(name_ + " release"); }

 private:
  std::string name_;
  const ToyConfig& c_;
};

class Refuses : public Plain {
 public:
  using Plain::Plain;
  Prepared prepare(const Numbers& g, int threads) override {
    Prepared p = Plain::prepare(g, threads);
    p.refusal = "too many numbers";
    return p;
  }
};

// Sits out generated graphs of more than 2 numbers.
class Small : public Plain {
 public:
  using Plain::Plain;
  std::uint64_t max_generated_n(bool) const override { return 2; }
};

const ProgramTable<Toy, ToyConfig>& toy_programs() {
  static const ProgramTable<Toy, ToyConfig> table = {
      {{"plain", "p"}, [](const ToyConfig& c) { return std::make_unique<Plain>("plain", c); }},
      {{"refuses", "r"}, [](const ToyConfig& c) { return std::make_unique<Refuses>("refuses", c); }},
      {{"threaded", "t", Device::cpu, true}, [](const ToyConfig& c) { return std::make_unique<Plain>("threaded", c); }},
      {{"small", "s"}, [](const ToyConfig& c) { return std::make_unique<Small>("small", c); }},
  };
  return table;
}

Experiment<ToyConfig> toy() {
  Experiment<ToyConfig> e;
  e.name = "loop";
  e.description = "the program loop";
  e.seconds_definition = "nothing";
  e.programs = toy_programs().infos();
  e.columns = column_names(kColumns);
  e.pieces = [](const ToyConfig&, const CommonOptions&) {
    return std::vector<Piece>{{.name = "main", .role = Role::main, .graphs = {{3, 0}}}};
  };
  e.run_graph = [](Session& s, ToyConfig& c, const GraphSource& source) {
    Lineup<Toy> lineup(s, source, toy_programs(), c, kColumns,
                       {.threads =
                            [](const ProgramInfo& p) {
                              return p.threaded ? std::vector<int>{1, 2} : std::vector<int>{1};
                            },
                        .query_columns =
                            [](const int& q) {
                              return ColumnValues{{"kind", "q" + std::to_string(q)}};
                            },
                        .before_trial = [&c] { ++c.fresh_inputs; },
                        .queries_outer = c.queries_outer});
    lineup.admit("numbers", *source.size(), 12, "the numbers");
    const Numbers g = {10, 20, 30};
    run_programs(lineup, {"numbers", "toy", 3, 0, 0}, g, {0, 2},
                 [&](const int& answer, const int& q, const std::string& program) {
                   if (answer != g[std::size_t(q)]) throw VerificationError(program + ": wrong number");
                   return "n=" + std::to_string(answer);
                 });
  };
  return e;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct LoopTest : ::testing::Test {
  fs::path dir = fs::temp_directory_path() / ("gs_loop_test_" + std::to_string(::getpid()));
  void SetUp() override { fs::remove_all(dir); }
  void TearDown() override { fs::remove_all(dir); }
  int run(Experiment<ToyConfig> e, std::vector<std::string> args) {
    args.insert(args.begin(), "loop");
    for (const char* a : {"--trials", "1", "--warmups", "0", "--out"}) args.push_back(a);
    args.push_back(dir.string());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    return run_experiment(e, int(argv.size()), argv.data());
  }
};

TEST_F(LoopTest, ProgramsRunInOrderEachReleasedBeforeTheNextPrepares) {
  std::vector<std::string> events;
  Experiment<ToyConfig> e = toy();
  e.options = [&](Cli&, ToyConfig& c) { c.events = &events; };
  ASSERT_EQ(run(e, {}), 0);
  EXPECT_EQ(events, (std::vector<std::string>{"plain prepare t=1", "plain release", "refuses prepare t=1",
                                              "refuses release", "threaded prepare t=1", "threaded release",
                                              "threaded prepare t=2", "threaded release"}));
  const std::string csv = slurp(dir / "loop.csv");
  // Text, count and seconds by their units; the query's column over the program's; one row per query.
  EXPECT_NE(csv.find("loop,numbers,toy,3,0,0,plain,1,cpu,0,1e-06,n=10,true,main,main,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",q0,1000000,0.25\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("plain,1,cpu,0,1e-06,n=30,true"), std::string::npos) << csv;
  EXPECT_NE(csv.find("threaded,2,cpu,0,1e-06,n=30,true"), std::string::npos) << csv;
  EXPECT_EQ(csv.find(",refuses,"), std::string::npos);
  EXPECT_EQ(csv.find(",small,"), std::string::npos);  // sat out: never prepared, no rows
  EXPECT_NE(slurp(dir / "loop.json").find("main refuses on numbers: too many numbers"), std::string::npos);
}

TEST_F(LoopTest, QueriesOuterHoldEveryProgramThroughEveryQuery) {
  std::vector<std::string> events;
  const ToyConfig* config = nullptr;
  Experiment<ToyConfig> e = toy();
  e.options = [&](Cli&, ToyConfig& c) {
    c.events = &events;
    c.queries_outer = true;
    c.device = "elsewhere";
    config = &c;
  };
  ASSERT_EQ(run(e, {"--algorithms", "plain,threaded"}), 0);
  EXPECT_EQ(events, (std::vector<std::string>{"plain prepare t=1", "threaded prepare t=1", "plain release",
                                              "threaded release"}));
  EXPECT_EQ(config->fresh_inputs, 6);  // 2 queries x (plain + threaded on 1 and 2 threads), 1 trial each
  const std::string csv = slurp(dir / "loop.csv");
  // Query 0 on every program before query 2; plain's rows name where it ran and its threads.
  const std::size_t plain0 = csv.find("plain,3,elsewhere,0,1e-06,n=10,"),
                    threaded0 = csv.find("threaded,2,cpu,0,1e-06,n=10,");
  const std::size_t plain2 = csv.find("plain,3,elsewhere,0,1e-06,n=30,");
  ASSERT_NE(plain0, std::string::npos) << csv;
  ASSERT_NE(threaded0, std::string::npos) << csv;
  ASSERT_NE(plain2, std::string::npos) << csv;
  EXPECT_LT(threaded0, plain2);
}

TEST_F(LoopTest, AWrongAnswerEndsTheRunWithoutItsRow) {
  std::vector<std::string> events;
  Experiment<ToyConfig> e = toy();
  e.options = [&](Cli&, ToyConfig& c) {
    c.events = &events;
    c.wrong = true;
  };
  EXPECT_EQ(run(e, {"--algorithms", "plain"}), kExitVerificationFailed);
  EXPECT_FALSE(fs::exists(dir / "loop.csv"));
}

TEST_F(LoopTest, MemoryIsAdmittedBeforeTheGraph) {
  std::vector<std::string> events;
  Experiment<ToyConfig> e = toy();
  e.options = [&](Cli&, ToyConfig& c) { c.events = &events; };
  ::setenv("GS_HOST_MEMORY_LIMIT", "14", 1);  // below the graph's 12 bytes and a program's 3
  const int code = run(e, {});
  ::unsetenv("GS_HOST_MEMORY_LIMIT");
  EXPECT_EQ(code, kExitNoResources);
  EXPECT_TRUE(events.empty());
}

TEST(Columns, ValuesAreWrittenByTheirDeclaredUnit) {
  EXPECT_EQ(format_column(kColumns, "work", 12345678.0), "12345678");
  EXPECT_EQ(format_column(kColumns, "setup_s", 0.5), "0.5");
  EXPECT_EQ(format_column(kColumns, "kind", std::string("full")), "full");
  EXPECT_THROW(format_column(kColumns, "kind", 1.0), std::logic_error);
  EXPECT_THROW(format_column(kColumns, "work", std::string("1")), std::logic_error);
  EXPECT_THROW(format_column(kColumns, "undeclared", 1.0), std::logic_error);
}

}  // namespace
