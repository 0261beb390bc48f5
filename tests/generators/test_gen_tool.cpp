// The gen executable: writes readable files, exit 2 on bad arguments, 3 when
// the size does not fit.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "common/io/graph_io.hpp"
#include "generators/generators.hpp"

namespace fs = std::filesystem;

namespace {

fs::path out_dir() {
  static const fs::path dir = [] {
    auto d = fs::temp_directory_path() / ("gs-gen-test-" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

int gen_exit(const std::string& args) {
  const char* exe = std::getenv("GS_GEN");
  if (!exe) ADD_FAILURE() << "GS_GEN is not set (run through ctest)";
  const std::string cmd = std::string(exe ? exe : "gen") + " " + args + " 2>/dev/null >/dev/null";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string out(const std::string& name) { return (out_dir() / name).string(); }

}  // namespace

TEST(GenTool, WritesEachGeneratorsGraph) {
  ASSERT_EQ(gen_exit("gtgraph-random --n 100 --seed 3 --out " + out("a.gr")), 0);
  const auto a = gs::io::read_edge_list<std::uint32_t>(out("a.gr"));
  const auto a_ref = gs::gen::gtgraph_random(100, 1000, 1, 1000, 3);
  EXPECT_TRUE(a.u == a_ref.u && a.v == a_ref.v && a.w == a_ref.w);

  ASSERT_EQ(gen_exit("complete --n 50 --out " + out("b.wel")), 0);
  EXPECT_EQ(gs::io::read_edge_list<std::uint32_t>(out("b.wel")).size(), 50u * 49 / 2);

  ASSERT_EQ(gen_exit("path-random --n 100 --m 500 --max-weight 10 --out " + out("c.gsc")), 0);
  const auto c = gs::io::read_edge_list<std::uint32_t>(out("c.gsc"));
  const auto c_ref = gs::gen::path_random(100, 500, 10, 1);
  EXPECT_TRUE(c.u == c_ref.u && c.v == c_ref.v && c.w == c_ref.w);

  ASSERT_EQ(gen_exit("rmat --scale 8 --m 1000 --threads 2 --out " + out("d.el")), 0);
  EXPECT_EQ(gs::io::read_edge_list<std::uint32_t>(out("d.el")).size(), 1000u);
  ASSERT_EQ(gen_exit("rmat --n 256 --out " + out("d2.txt")), 0);
  EXPECT_EQ(gs::io::read_edge_list<std::uint32_t>(out("d2.txt")).size(), 8u * 256);

  ASSERT_EQ(gen_exit("fixed-degree --n 100 --out " + out("e.gsc")), 0);
  const auto e = gs::io::read_edge_list<float>(out("e.gsc"));
  EXPECT_EQ(e.size(), 500u);
  EXPECT_TRUE(e.directed);

  ASSERT_EQ(gen_exit("grid --rows 6 --cols 4 --seed 5 --out " + out("f.gsc")), 0);
  const auto f = gs::io::read_edge_list<float>(out("f.gsc"));
  const auto f_ref = gs::gen::grid(6, 4, 1.0f, 1000.0f, 5);
  EXPECT_TRUE(f.u == f_ref.u && f.v == f_ref.v && f.w == f_ref.w);
  EXPECT_TRUE(f.directed);
}

TEST(GenTool, HelpExitsZero) { EXPECT_EQ(gen_exit("--help"), 0); }

TEST(GenTool, BadArgumentsExitTwo) {
  EXPECT_EQ(gen_exit(""), 2);
  EXPECT_EQ(gen_exit("nosuch --n 10 --out " + out("x.el")), 2);
  EXPECT_EQ(gen_exit("rmat --scale 8"), 2);                                       // no --out
  EXPECT_EQ(gen_exit("rmat --n 100 --out " + out("x.el")), 2);                    // not a power of two
  EXPECT_EQ(gen_exit("rmat --scale 8 --out " + out("x.gr")), 2);                  // .gr needs weights
  EXPECT_EQ(gen_exit("gtgraph-random --n 10 --out " + out("x.el")), 2);           // .el drops weights
  EXPECT_EQ(gen_exit("gtgraph-random --n 10 --out " + out("x.xyz")), 2);          // unknown format
  EXPECT_EQ(gen_exit("gtgraph-random --n 10 --degree 3 --out " + out("x.gr")), 2);  // not its option
  EXPECT_EQ(gen_exit("gtgraph-random --n ten --out " + out("x.gr")), 2);
  EXPECT_EQ(gen_exit("gtgraph-random --n 10 --min-weight 9 --max-weight 2 --out " + out("x.gr")), 2);
  EXPECT_EQ(gen_exit("path-random --n 10 --m 5 --out " + out("x.gr")), 2);
  EXPECT_EQ(gen_exit("grid --rows 10 --out " + out("x.gr")), 2);            // no --cols
  EXPECT_EQ(gen_exit("grid --rows 10 --cols 10 --n 100 --out " + out("x.gr")), 2);  // not its option
  EXPECT_EQ(gen_exit("grid --rows 0 --cols 10 --out " + out("x.gr")), 2);
  EXPECT_FALSE(fs::exists(out("x.el")) || fs::exists(out("x.gr")));
}

TEST(GenTool, TooLargeExitsThree) {
  setenv("GS_HOST_MEMORY_LIMIT", "100000000", 1);  // 100 MB
  EXPECT_EQ(gen_exit("rmat --scale 25 --m 2147483648 --out " + out("big.gsc")), 3);
  EXPECT_EQ(gen_exit("complete --n 100000 --out " + out("big.gr")), 3);
  unsetenv("GS_HOST_MEMORY_LIMIT");
  EXPECT_FALSE(fs::exists(out("big.gsc")));
}
