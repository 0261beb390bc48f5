// The shared experiment driver: typed options, program selection with reasons,
// thread lists, piece lookup, and a whole run of a small declared experiment
// (rows carry piece, role and run id; --input without weights gets unit weights
// and says so).
#include <gtest/gtest.h>

#include <omp.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

#include "common/errors.hpp"
#include "common/harness/driver.hpp"
#include "common/harness/input_graph.hpp"
#include "common/system_info.hpp"

namespace fs = std::filesystem;
using namespace gs;
using namespace gs::harness;

namespace {

CommonOptions parse(Cli& cli, std::vector<std::string> args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return cli.parse(int(argv.size()), argv.data());
}

// A world of `size` ranks seen from rank 0; `distributed`: built with MPI.
struct FakeWorld final : World {
  FakeWorld(int size, bool distributed) : size_(size), distributed_(distributed) {}
  int rank() const override { return 0; }
  int size() const override { return size_; }
  int ranks_here() const override { return size_; }
  const std::string& hosts() const override { return hosts_; }
  int ranks_per_host() const override { return size_; }
  bool oversubscribed() const override { return false; }
  bool distributed() const override { return distributed_; }
  void start_mpi() override {}
  void agree(const std::function<void()>& local) const override { local(); }
  int size_;
  bool distributed_;
  std::string hosts_ = "here";
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(TypedOptions, DefaultsComeFromTheFieldsAndGivenIsKnown) {
  Cli cli("prog", "test");
  int roots = 10;
  double alpha = 2.0;
  bool early = true;
  std::optional<int> depth;
  std::vector<std::int64_t> steps = {0, 1};
  std::string mode = "gpu";
  cli.option("roots", "r", roots);
  cli.option("alpha", "a", alpha);
  cli.option("early", "e", early);
  cli.option("depth", "d", depth, "paper 10, quick 4");
  cli.option("steps", "s", steps);
  cli.option("mode", "m", mode);
  EXPECT_NE(cli.usage().find("(default 10)"), std::string::npos);
  EXPECT_NE(cli.usage().find("(default paper 10, quick 4)"), std::string::npos);
  EXPECT_NE(cli.usage().find("(default 0,1)"), std::string::npos);
  const CommonOptions o = parse(cli, {"prog", "--alpha=3.5", "--early", "0", "--steps", "2,3", "--trials", "4"});
  EXPECT_EQ(roots, 10);
  EXPECT_FALSE(cli.given("roots"));
  EXPECT_DOUBLE_EQ(alpha, 3.5);
  EXPECT_TRUE(cli.given("alpha"));
  EXPECT_FALSE(early);
  EXPECT_FALSE(depth.has_value());
  EXPECT_EQ(steps, (std::vector<std::int64_t>{2, 3}));
  EXPECT_EQ(mode, "gpu");
  EXPECT_TRUE(o.was_given("trials"));
  EXPECT_FALSE(o.was_given("seed"));
}

TEST(TypedOptions, BareBoolMeansOneAndBadValuesAreInputErrors) {
  Cli cli("prog", "test");
  bool early = false;
  int k = 1;
  std::optional<int> depth;
  cli.option("early", "e", early);
  cli.option("k", "k", k);
  cli.option("depth", "d", depth, "auto");
  parse(cli, {"prog", "--early", "--depth", "7"});
  EXPECT_TRUE(early);
  EXPECT_EQ(depth, 7);
  Cli again("prog", "test");
  again.option("early", "e", early);
  again.option("k", "k", k);
  EXPECT_THROW(parse(again, {"prog", "--early=2"}), InputError);
  Cli third("prog", "test");
  third.option("k", "k", k);
  EXPECT_THROW(parse(third, {"prog", "--k", "x"}), InputError);
  Cli fourth("prog", "test");
  fourth.option("k", "k", k);
  EXPECT_THROW(parse(fourth, {"prog", "--k"}), InputError);  // an integer option needs its value
}

TEST(Selection, GpuProgramsAreSkippedWithAReasonOrRefusedWhenNamed) {
  const std::vector<ProgramInfo> programs = {{"a_cpu", "a"}, {"b_gpu", "b", Device::gpu}, {"c_cpu", "c"}};
  Piece piece;
  piece.name = "p";
  piece.programs = {"a_cpu", "b_gpu"};
  CommonOptions opt;
  std::vector<std::string> skipped;
  auto none = [](const ProgramInfo&) { return std::string(); };
  const FakeWorld one(1, false);
  auto chosen = detail::programs_for_piece(programs, piece, opt, "exp", one, none, skipped);
  if (gpu_available()) {
    ASSERT_EQ(chosen.size(), 2u);
    EXPECT_TRUE(skipped.empty());
  } else {
    ASSERT_EQ(chosen.size(), 1u);
    EXPECT_EQ(chosen[0].name, "a_cpu");
    ASSERT_EQ(skipped.size(), 1u);
    EXPECT_NE(skipped[0].find("b_gpu: no GPU"), std::string::npos);
    opt.algorithms = {"b_gpu"};
    EXPECT_THROW(detail::programs_for_piece(programs, piece, opt, "exp", one, none, skipped), ResourceError);
  }
  // The experiment's own reason counts like a missing device; c_cpu is not in the piece.
  opt.algorithms = {};
  skipped.clear();
  auto no_a = [](const ProgramInfo& p) { return p.name == "a_cpu" ? std::string("needs a thing") : std::string(); };
  chosen = detail::programs_for_piece(programs, piece, opt, "exp", one, no_a, skipped);
  for (const auto& p : chosen) EXPECT_NE(p.name, "a_cpu");
  EXPECT_NE(skipped[0].find("a_cpu: needs a thing"), std::string::npos);
  opt.algorithms = {"nope"};
  EXPECT_THROW(detail::check_program_names(programs, opt, "exp"), InputError);
}

// Distributed programs: only where a piece names them (or on --input when asked or
// on more than one rank), only in a build with MPI, and alone on more than one rank.
TEST(Selection, DistributedProgramsAndRanks) {
  const std::vector<ProgramInfo> programs = {{"a_cpu", "a"}, {"d_mpi", "d", Device::mpi}};
  const Piece everything{.name = "all"};
  const Piece scale_out{.name = "scale-out", .role = Role::scale_out, .programs = {"d_mpi"}};
  EXPECT_TRUE(in_piece(everything, programs[0]));
  EXPECT_FALSE(in_piece(everything, programs[1]));
  EXPECT_TRUE(in_piece(scale_out, programs[1]));
  CommonOptions opt;
  std::vector<std::string> skipped;
  auto none = [](const ProgramInfo&) { return std::string(); };
  const FakeWorld without_mpi(1, false), one(1, true), three(3, true);
  EXPECT_TRUE(detail::programs_for_piece(programs, scale_out, opt, "exp", without_mpi, none, skipped).empty());
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_NE(skipped[0].find("d_mpi: built without MPI and the Parallel BGL"), std::string::npos);
  ASSERT_EQ(detail::programs_for_piece(programs, scale_out, opt, "exp", one, none, skipped).size(), 1u);
  skipped.clear();
  const Piece both{.name = "both", .programs = {"a_cpu", "d_mpi"}};
  auto chosen = detail::programs_for_piece(programs, both, opt, "exp", three, none, skipped);
  ASSERT_EQ(chosen.size(), 1u);
  EXPECT_EQ(chosen[0].name, "d_mpi");
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_NE(skipped[0].find("a_cpu: not a distributed program: run it without mpirun"), std::string::npos);
  opt.algorithms = {"a_cpu"};
  EXPECT_THROW(detail::programs_for_piece(programs, both, opt, "exp", three, none, skipped), ResourceError);
  // --input: one rank runs the single-process programs unless --algorithms names a distributed one.
  opt.algorithms = {};
  EXPECT_EQ(detail::input_piece_for(programs, {}, 1, opt, one).programs, (std::vector<std::string>{"a_cpu"}));
  EXPECT_EQ(detail::input_piece_for(programs, {"a_cpu", "d_mpi"}, 1, opt, one).programs,
            (std::vector<std::string>{"a_cpu"}));
  EXPECT_EQ(detail::input_piece_for(programs, {}, 1, opt, three).programs,
            (std::vector<std::string>{"a_cpu", "d_mpi"}));
  opt.algorithms = {"d_mpi"};
  EXPECT_EQ(detail::input_piece_for(programs, {}, 1, opt, one).programs, (std::vector<std::string>{"a_cpu", "d_mpi"}));
  EXPECT_EQ(detail::columns_with_ranks({"x"}, programs), (std::vector<std::string>{"x", "ranks"}));
  EXPECT_EQ(detail::columns_with_ranks({"x"}, {programs[0]}), (std::vector<std::string>{"x"}));
  // Ranks on one host share its cores.
  CommonOptions threads;
  EXPECT_EQ(detail::max_threads(threads, 1), detail::max_threads(threads));
  EXPECT_GE(detail::max_threads(threads, 1 << 20), 1);
  threads.threads = 5;
  EXPECT_EQ(detail::max_threads(threads, 4), 5);
}

TEST(Selection, ThreadListsAndPieces) {
  EXPECT_EQ(detail::thread_list({}, 16), (std::vector<int>{1, 2, 4, 8, 16}));
  EXPECT_EQ(detail::thread_list({}, 6), (std::vector<int>{1, 2, 4, 6}));
  EXPECT_EQ(detail::thread_list({3, 5}, 16), (std::vector<int>{3, 5}));
  EXPECT_THROW(detail::thread_list({0}, 4), InputError);
  const std::vector<Piece> pieces = {{.name = "x"}, {.name = "y"}};
  EXPECT_EQ(detail::find_piece(pieces, "y", "exp").name, "y");
  try {
    detail::find_piece(pieces, "z", "exp");
    FAIL() << "no error for an unknown piece";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("pieces: x, y"), std::string::npos);
  }
}

// A small experiment declared on the driver: sums edge weights, verified against
// a second summation; a thread-sweep piece and a main piece.
struct ToyConfig {
  int scale_factor = 1;
};

Experiment<ToyConfig> toy() {
  Experiment<ToyConfig> e;
  e.name = "toy";
  e.description = "a toy";
  e.seconds_definition = "nothing";
  e.programs = {{"serial", "s"}, {"parallel", "p", Device::cpu, true}};
  e.columns = {"weight_sum"};
  e.options = [](Cli& cli, ToyConfig& c) { cli.option("factor", "f", c.scale_factor); };
  e.pieces = [](const ToyConfig& c, const CommonOptions&) {
    return std::vector<Piece>{{.name = "main", .role = Role::main, .graphs = {{4, 3}}},
                              {.name = "threads",
                               .role = Role::thread_sweep,
                               .programs = {"parallel"},
                               .graphs = {{5, 4}},
                               .thread_sweep = true},
                              {.name = "capped",
                               .role = Role::extension,
                               .programs = {"serial"},
                               .graphs = {{6, 5}},
                               .max_trials = 2,
                               .max_warmups = 0}};
  };
  e.run_graph = [](Session& s, ToyConfig& c, const GraphSource& source) {
    const GraphSize* size = source.size();
    EdgeList<std::uint32_t> el;
    GraphId id;
    if (size) {
      el.n = vid_t(size->n);
      for (std::uint64_t i = 0; i < size->m; ++i)
        el.add(vid_t(i), vid_t(i + 1), std::uint32_t(c.scale_factor * (i + 1)));
      id = {"path-" + std::to_string(size->n), "path", size->n, size->m, 0};
    } else {
      auto in = read_input<std::uint32_t>(s, source, Weights::required);
      el = in.el;
      id = in.id;
    }
    for (const auto& p : s.programs())
      for (int t : s.threads_for(p))
        s.trials(s.row(id, p, t), [&](int) {
          // The session runs a threaded program on its row's threads, every other on all of them.
          if (omp_get_max_threads() != (p.threaded ? t : s.max_threads()))
            throw VerificationError("OpenMP runs " + std::to_string(omp_get_max_threads()) + " threads");
          std::uint64_t sum = 0, check = 0;
          for (auto w : el.w) sum += w;
          for (std::size_t i = el.w.size(); i-- > 0;) check += el.w[i];
          if (sum != check) throw VerificationError("sums differ");
          TrialOutcome o;
          o.seconds = 1e-6;
          o.answer = "sum=" + std::to_string(sum);
          o.extra["weight_sum"] = std::to_string(sum);
          return o;
        });
  };
  return e;
}

int run(const Experiment<ToyConfig>& e, std::vector<std::string> args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return run_experiment(e, int(argv.size()), argv.data());
}

struct DriverTest : ::testing::Test {
  fs::path dir = fs::temp_directory_path() / ("gs_harness_test_" + std::to_string(::getpid()));
  void SetUp() override { fs::remove_all(dir); }
  void TearDown() override { fs::remove_all(dir); }
};

TEST_F(DriverTest, RowsCarryPieceRoleAndOneRunId) {
  ASSERT_EQ(run(toy(), {"toy", "--factor", "2", "--trials", "1", "--threads", "4", "--out", dir.string()}), 0);
  const std::string csv = slurp(dir / "toy.csv");
  EXPECT_NE(csv.find("toy,path-4,path,4,3,0,serial,1,cpu,0,1e-06,sum=12,true,main,main,"), std::string::npos);
  EXPECT_NE(csv.find("toy,path-4,path,4,3,0,parallel,4,cpu,0,1e-06,sum=12,true,main,main,"), std::string::npos);
  for (int t : {1, 2, 4}) {
    const std::string row =
        "toy,path-5,path,5,4,0,parallel," + std::to_string(t) + ",cpu,0,1e-06,sum=20,true,threads,thread-sweep,";
    EXPECT_NE(csv.find(row), std::string::npos) << row;
  }
  EXPECT_EQ(csv.find("path-5,path,5,4,0,serial"), std::string::npos);  // not in the sweep piece
  const std::string json = slurp(dir / "toy.json");
  const std::size_t at = json.find("\"run_id\": \"");
  ASSERT_NE(at, std::string::npos);
  const std::string run_id = json.substr(at + 11, json.find('"', at + 11) - at - 11);
  std::size_t rows = 0;
  for (std::size_t p = csv.find(run_id); p != std::string::npos; p = csv.find(run_id, p + 1)) ++rows;
  EXPECT_EQ(rows, 6u);  // every row of the run, and only those
  EXPECT_NE(json.find("\"ranks\": 1,"), std::string::npos);
  EXPECT_NE(json.find("\"threads\": 4,"), std::string::npos);  // the count that ran, not the option's default 0
  // Every declared option of the experiment is on file with its value, given or default.
  EXPECT_NE(json.find("\"experiment_options\": {\"thread-list\": \"1,2,4,...,threads\", \"factor\": \"2\"}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"hosts\": \""), std::string::npos);
}

TEST_F(DriverTest, OpenMPSettingIsPutBackAfterTheRun) {
  const int before = omp_get_max_threads();
  ASSERT_EQ(run(toy(), {"toy", "--piece", "threads", "--thread-list", "1,3", "--threads", "2", "--trials", "1", "--out",
                        dir.string()}),
            0);
  EXPECT_EQ(omp_get_max_threads(), before);
}

TEST_F(DriverTest, PieceCapsLimitTrialsAndWarmupsAndWallSecondsIsRecorded) {
  ASSERT_EQ(run(toy(), {"toy", "--piece", "capped", "--trials", "5", "--warmups", "3", "--out", dir.string()}), 0);
  const std::string csv = slurp(dir / "toy-capped.csv");
  std::size_t rows = 0;
  for (std::size_t p = csv.find(",capped,extension,"); p != std::string::npos;
       p = csv.find(",capped,extension,", p + 1))
    ++rows;
  EXPECT_EQ(rows, 2u);  // --trials 5 capped to the piece's 2
  const std::string json = slurp(dir / "toy-capped.json");
  EXPECT_NE(json.find("\"piece_caps\": \"capped: at most 2 trials, at most 0 warm-ups\""), std::string::npos);
  EXPECT_NE(json.find("\"wall_seconds\": "), std::string::npos);
  // Uncapped pieces keep the command's counts.
  ASSERT_EQ(run(toy(), {"toy", "--piece", "main", "--trials", "3", "--out", dir.string()}), 0);
  EXPECT_EQ(slurp(dir / "toy-main.json").find("piece_caps"), std::string::npos);
  EXPECT_NE(slurp(dir / "toy-main.json").find("\"wall_seconds\": "), std::string::npos);
}

TEST_F(DriverTest, PieceSelectionAndListing) {
  EXPECT_EQ(run(toy(), {"toy", "--piece", "threads", "--thread-list", "1,3", "--trials", "1", "--out", dir.string()}),
            0);
  const std::string csv = slurp(dir / "toy-threads.csv");
  EXPECT_NE(csv.find("parallel,3,cpu"), std::string::npos);
  EXPECT_EQ(csv.find(",main,main,"), std::string::npos);
  EXPECT_EQ(run(toy(), {"toy", "--piece", "nope", "--out", dir.string()}), kExitBadInput);
  EXPECT_EQ(run(toy(), {"toy", "--algorithms", "nope", "--out", dir.string()}), kExitBadInput);
}

TEST_F(DriverTest, UnweightedInputGetsUnitWeightsAndSaysSo) {
  fs::create_directories(dir);
  const fs::path file = dir / "g.el";
  std::ofstream(file) << "0 1\n1 2\n2 3\n";
  ASSERT_EQ(run(toy(), {"toy", "--input", file.string(), "--trials", "1", "--out", (dir / "r").string()}), 0);
  const std::string csv = slurp(dir / "r" / "toy-input.csv");
  EXPECT_NE(csv.find("toy,g.el,file,4,3,0,serial,1,cpu,0,1e-06,sum=3,true,input,input,"), std::string::npos);
  EXPECT_NE(slurp(dir / "r" / "toy-input.json")
                .find("\"input_weights\": \"unit: the file has no weights; every edge weighs 1\""),
            std::string::npos);
}

}  // namespace

// An executable without distributed programs under an MPI launcher of several
// ranks (Open MPI's environment) refuses on every rank before running anything;
// one rank, or no launcher, runs as before.
TEST(World, SingleProcessRefusesSeveralRanks) {
  auto run = [](const char* size, const char* rank) {
    setenv("OMPI_COMM_WORLD_SIZE", size, 1);
    setenv("OMPI_COMM_WORLD_RANK", rank, 1);
    bool ran = false;
    const int code = run_single("test", [&](World&) {
      ran = true;
      return 0;
    });
    unsetenv("OMPI_COMM_WORLD_SIZE");
    unsetenv("OMPI_COMM_WORLD_RANK");
    return std::make_pair(code, ran);
  };
  EXPECT_EQ(run("2", "0"), std::make_pair(int(gs::kExitBadInput), false));
  EXPECT_EQ(run("2", "1"), std::make_pair(int(gs::kExitBadInput), false));
  EXPECT_EQ(run("1", "0"), std::make_pair(0, true));
  EXPECT_EQ(launched_ranks().launched, false);
  EXPECT_EQ(run_single("test", [](World& w) { return w.size() == 1 && !w.oversubscribed() ? 0 : 1; }), 0);
}

// --list-algorithms: a built program the experiment cannot run on this
// machine is tagged with the reason; an absent one keeps its own tag only.
TEST(Harness, ListAlgorithmsTagsWhatCannotRunHere) {
  std::vector<ProgramInfo> programs(3);
  programs[0] = {.name = "a", .description = "runs here"};
  programs[1] = {.name = "b", .description = "needs two", .device = Device::gpu};
  programs[2] = {.name = "c", .description = "not built", .absent = "built without X"};
  std::vector<std::string> asked;
  testing::internal::CaptureStdout();
  detail::list_programs(programs, [&](const ProgramInfo& p) {
    asked.push_back(p.name);
    return p.name == "a" ? std::string() : std::string("needs 2 GPUs (1 here)");
  });
  EXPECT_EQ(testing::internal::GetCapturedStdout(),
            "a\truns here\n"
            "b\t[gpu] [not here: needs 2 GPUs (1 here)] needs two\n"
            "c\t[absent: built without X] not built\n");
  EXPECT_EQ(asked, (std::vector<std::string>{"a", "b"}));
}
