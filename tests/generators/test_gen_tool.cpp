// The gen executable: writes readable files, exit 2 on bad arguments, 3 when
// the size does not fit.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

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
  EXPECT_EQ(gen_exit("rmat --scale 8"), 2);                                         // no --out
  EXPECT_EQ(gen_exit("rmat --n 100 --out " + out("x.el")), 2);                      // not a power of two
  EXPECT_EQ(gen_exit("rmat --scale 8 --out " + out("x.gr")), 2);                    // .gr needs weights
  EXPECT_EQ(gen_exit("gtgraph-random --n 10 --out " + out("x.el")), 2);             // .el drops weights
  EXPECT_EQ(gen_exit("gtgraph-random --n 10 --out " + out("x.xyz")), 2);            // unknown format
  EXPECT_EQ(gen_exit("gtgraph-random --n 10 --degree 3 --out " + out("x.gr")), 2);  // not its option
  EXPECT_EQ(gen_exit("gtgraph-random --n ten --out " + out("x.gr")), 2);
  EXPECT_EQ(gen_exit("gtgraph-random --n 10 --min-weight 9 --max-weight 2 --out " + out("x.gr")), 2);
  EXPECT_EQ(gen_exit("path-random --n 10 --m 5 --out " + out("x.gr")), 2);
  EXPECT_EQ(gen_exit("grid --rows 10 --out " + out("x.gr")), 2);                    // no --cols
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

namespace {

// An undirected edge's endpoints in one order (.mtx stores the lower triangle).
template <class W>
std::vector<std::pair<gs::vid_t, gs::vid_t>> endpoints(const gs::EdgeList<W>& el) {
  std::vector<std::pair<gs::vid_t, gs::vid_t>> out;
  for (gs::eid_t i = 0; i < el.size(); ++i)
    out.emplace_back(el.directed ? el.u[i] : std::min(el.u[i], el.v[i]),
                     el.directed ? el.v[i] : std::max(el.u[i], el.v[i]));
  return out;
}

// Same graph: n, directedness, edges in order, weights (as doubles: every type here holds them).
template <class A, class B>
void expect_same_graph(const gs::EdgeList<A>& a, const gs::EdgeList<B>& b, const std::string& what) {
  EXPECT_EQ(a.n, b.n) << what;
  EXPECT_EQ(a.directed, b.directed) << what;
  EXPECT_EQ(endpoints(a), endpoints(b)) << what;
  ASSERT_EQ(a.w.size(), b.w.size()) << what;
  for (std::size_t i = 0; i < a.w.size(); ++i) ASSERT_EQ(double(a.w[i]), double(b.w[i])) << what << " weight " << i;
}

}  // namespace

// gen convert: every readable format to every writable one that can hold the
// graph, reading back as the same graph; a .gsc output keeps the stored weight
// type (float stays float) or, from text, the smallest integer type.
TEST(GenTool, ConvertKeepsTheGraph) {
  const auto ints = gs::gen::gtgraph_random(60, 300, 1, 1000, 5);  // undirected, uint32
  gs::io::write_edge_list(out("c.gr"), ints);
  for (const char* to : {"c2.mtx", "c2.gsc", "c3.gr"}) {
    ASSERT_EQ(gen_exit("convert " + out("c.gr") + " " + out(to)), 0) << to;
    expect_same_graph(gs::io::read_edge_list<std::uint32_t>(out(to)), ints, to);
  }
  ASSERT_EQ(gen_exit("convert " + out("c2.mtx") + " " + out("c4.gsc")), 0);
  expect_same_graph(gs::io::read_edge_list<std::uint32_t>(out("c4.gsc")), ints, "mtx -> gsc (uint32)");
  // .wel lines carry no directedness: they read back as arcs.
  ASSERT_EQ(gen_exit("convert " + out("c2.gsc") + " " + out("c5.wel")), 0);
  auto arcs = ints;
  arcs.directed = true;
  expect_same_graph(gs::io::read_edge_list<std::uint32_t>(out("c5.wel")), arcs, "gsc -> wel");

  const auto floats = gs::gen::fixed_degree(50, 3, 1.0f, 1000.0f, 2);  // directed, float
  gs::io::write_edge_list(out("f.gsc"), floats);
  ASSERT_EQ(gen_exit("convert " + out("f.gsc") + " " + out("f2.gr")), 0);
  ASSERT_EQ(gen_exit("convert " + out("f2.gr") + " " + out("f3.mtx")), 0);
  ASSERT_EQ(gen_exit("convert " + out("f.gsc") + " " + out("f4.gsc")), 0);
  expect_same_graph(gs::io::read_edge_list<float>(out("f2.gr")), floats, "gsc -> gr");
  expect_same_graph(gs::io::read_edge_list<float>(out("f3.mtx")), floats, "gr -> mtx");
  expect_same_graph(gs::io::read_edge_list<float>(out("f4.gsc")), floats, "gsc -> gsc (float)");

  auto pattern = gs::gen::rmat(7, 400, 0.45, 0.25, 0.15, 3);  // unweighted
  gs::io::write_edge_list(out("p.txt"), pattern);
  ASSERT_EQ(gen_exit("convert " + out("p.txt") + " " + out("p2.gsc")), 0);
  ASSERT_EQ(gen_exit("convert " + out("p2.gsc") + " " + out("p3.mtx")), 0);
  expect_same_graph(gs::io::read_edge_list<std::uint32_t>(out("p3.mtx")),
                    gs::io::read_edge_list<std::uint32_t>(out("p.txt")), "txt -> gsc -> mtx");
}

TEST(GenTool, ConvertRefusesWhatItCannotHold) {
  gs::io::write_edge_list(out("r.el"), gs::gen::rmat(6, 100, 0.45, 0.25, 0.15, 1));
  gs::io::write_edge_list(out("r.wel"), gs::gen::path_random(20, 40, 9, 1));
  EXPECT_EQ(gen_exit("convert " + out("r.el") + " " + out("r2.gr")), 2);      // no weights for .gr
  EXPECT_EQ(gen_exit("convert " + out("r.wel") + " " + out("r2.txt")), 2);    // weights .txt cannot hold
  EXPECT_EQ(gen_exit("convert " + out("none.el") + " " + out("r3.gsc")), 2);  // no such file
  EXPECT_EQ(gen_exit("convert " + out("r.el") + " " + out("r4.xyz")), 2);     // unknown format
  EXPECT_EQ(gen_exit("convert " + out("r.el")), 2);                           // no OUT
  for (const char* name : {"r2.gr", "r2.txt", "r3.gsc", "r4.xyz"}) EXPECT_FALSE(fs::exists(out(name))) << name;
}
