// Every reader on hand-written files whose contents are checked edge by edge.
#include <gtest/gtest.h>

#include <vector>

#include "common/errors.hpp"
#include "common/run_main.hpp"
#include "common/io/graph_io.hpp"
#include "tests/io/io_test_support.hpp"

namespace {

using gs::vid_t;
using gs::io::read_edge_list;
using gs::io::ReadOptions;
using gs::io::test::expect_error;
using gs::io::test::good_file;

TEST(Readers, DimacsGrAsGtgraphWritesIt) {
  const auto el = read_edge_list<std::uint32_t>(good_file("gtgraph.gr"));
  EXPECT_EQ(el.n, 4u);
  EXPECT_TRUE(el.directed);
  EXPECT_EQ(el.u, (std::vector<vid_t>{0, 1, 2, 3, 0}));
  EXPECT_EQ(el.v, (std::vector<vid_t>{1, 2, 3, 0, 2}));
  EXPECT_EQ(el.w, (std::vector<std::uint32_t>{10, 20, 30, 40, 5}));
}

TEST(Readers, BomCrlfBlankLinesAndTrailingBlanksAreTolerated) {
  const auto plain = read_edge_list<float>(good_file("gtgraph.gr"));
  const auto messy = read_edge_list<float>(good_file("bom_crlf_blank.gr"));
  EXPECT_EQ(messy.n, plain.n);
  EXPECT_EQ(messy.directed, plain.directed);
  EXPECT_EQ(messy.u, plain.u);
  EXPECT_EQ(messy.v, plain.v);
  EXPECT_EQ(messy.w, plain.w);
}

TEST(Readers, DimacsGrUndirectedHandling) {
  // Our writer's marker comment makes a .gr file undirected ...
  const auto marked = read_edge_list<std::uint16_t>(good_file("undirected.gr"));
  EXPECT_FALSE(marked.directed);
  EXPECT_EQ(marked.u, (std::vector<vid_t>{0, 2}));
  EXPECT_EQ(marked.v, (std::vector<vid_t>{1, 1}));
  EXPECT_EQ(marked.w, (std::vector<std::uint16_t>{7, 8}));
  // ... and the options override the format either way.
  ReadOptions directed;
  directed.force_directed = true;
  EXPECT_TRUE(read_edge_list<std::uint16_t>(good_file("undirected.gr"), directed).directed);
  ReadOptions undirected;
  undirected.force_undirected = true;
  const auto forced = read_edge_list<std::uint32_t>(good_file("gtgraph.gr"), undirected);
  EXPECT_FALSE(forced.directed);
  EXPECT_EQ(forced.size(), 5u);  // one undirected edge per arc line, nothing merged
}

TEST(Readers, ContradictoryOptionsAreInputErrors) {
  ReadOptions both;
  both.force_directed = both.force_undirected = true;
  expect_error<gs::InputError>([&] { read_edge_list<std::uint32_t>(good_file("gtgraph.gr"), both); }, "both set");
}

TEST(Readers, MatrixMarketPatternSymmetricIsUnweightedAndUndirected) {
  const auto el = read_edge_list<std::uint32_t>(good_file("pattern_symmetric.mtx"));
  EXPECT_EQ(el.n, 5u);
  EXPECT_FALSE(el.directed);
  EXPECT_FALSE(el.weighted());
  EXPECT_EQ(el.u, (std::vector<vid_t>{1, 2, 4, 2}));
  EXPECT_EQ(el.v, (std::vector<vid_t>{0, 0, 3, 2}));
}

TEST(Readers, SelfLoopsCanBeRefused) {
  ReadOptions no_loops;
  no_loops.allow_self_loops = false;
  const std::string path = good_file("pattern_symmetric.mtx");
  expect_error<gs::InputError>([&] { read_edge_list<std::uint32_t>(path, no_loops); }, path + ":7: self loop 3");
}

TEST(Readers, MatrixMarketRealGeneralWithCaseInsensitiveBanner) {
  const auto el = read_edge_list<float>(good_file("real_general.mtx"));
  EXPECT_EQ(el.n, 3u);
  EXPECT_TRUE(el.directed);
  EXPECT_EQ(el.u, (std::vector<vid_t>{0, 1, 2}));
  EXPECT_EQ(el.v, (std::vector<vid_t>{1, 2, 0}));
  EXPECT_EQ(el.w, (std::vector<float>{0.5f, 0.1f, 2.25f}));
  // The same file into an integer weight type: 0.5 is not an integer.
  const std::string path = good_file("real_general.mtx");
  expect_error<gs::InputError>([&] { read_edge_list<std::uint32_t>(path, {}); },
                               path + ":4: weight '0.5' is not an integer");
}

TEST(Readers, MatrixMarketIntegerAtTheLimitsOfUint16) {
  const auto el = read_edge_list<std::uint16_t>(good_file("integer_general.mtx"));
  EXPECT_EQ(el.w, (std::vector<std::uint16_t>{65535, 0}));
}

TEST(Readers, EdgeListWithCommentsAndBlankLines) {
  const auto el = read_edge_list<std::uint32_t>(good_file("edges.el"));
  EXPECT_EQ(el.n, 6u);  // largest id + 1
  EXPECT_TRUE(el.directed);
  EXPECT_FALSE(el.weighted());
  EXPECT_EQ(el.u, (std::vector<vid_t>{0, 1, 2, 5}));
  EXPECT_EQ(el.v, (std::vector<vid_t>{1, 2, 0, 3}));
}

TEST(Readers, WeightedEdgeListWithTabs) {
  const auto el = read_edge_list<double>(good_file("edges.wel"));
  EXPECT_EQ(el.n, 4u);
  EXPECT_EQ(el.u, (std::vector<vid_t>{0, 3}));
  EXPECT_EQ(el.v, (std::vector<vid_t>{1, 2}));
  EXPECT_EQ(el.w, (std::vector<double>{7, 9}));
}

TEST(Readers, SnapHeaderDecidesDirectedness) {
  const auto und = read_edge_list<std::uint32_t>(good_file("snap_undirected.txt"));
  EXPECT_FALSE(und.directed);
  EXPECT_EQ(und.n, 10u);  // ids as given: 9 is the largest
  EXPECT_EQ(und.u, (std::vector<vid_t>{0, 1, 9}));
  EXPECT_EQ(und.v, (std::vector<vid_t>{1, 9, 0}));
  const auto dir = read_edge_list<std::uint32_t>(good_file("snap_directed.txt"));
  EXPECT_TRUE(dir.directed);
  EXPECT_EQ(dir.n, 1413u);
  EXPECT_EQ(dir.u, (std::vector<vid_t>{30, 1412}));
  EXPECT_EQ(dir.v, (std::vector<vid_t>{1412, 3}));
}

TEST(Readers, NegativeWeightsOnlyWhenAllowed) {
  gs::io::test::TempDir dir;
  const std::string path = dir.file("neg.wel");
  {
    FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("0 1 -2.5\n1 2 3\n", f);
    std::fclose(f);
  }
  expect_error<gs::InputError>([&] { read_edge_list<float>(path); }, path + ":1: weight '-2.5' is negative");
  ReadOptions allow;
  allow.allow_negative_weights = true;
  EXPECT_EQ(read_edge_list<float>(path, allow).w, (std::vector<float>{-2.5f, 3.0f}));
  expect_error<gs::InputError>([&] { read_edge_list<std::int32_t>(path, allow); },
                               path + ":1: weight '-2.5' is not an integer");
}

TEST(Readers, ReadCsrBuildsSortedAdjacency) {
  const auto g = gs::io::read_csr<std::uint32_t>(good_file("gtgraph.gr"));
  EXPECT_TRUE(g.directed);
  EXPECT_EQ(g.offsets, (std::vector<gs::eid_t>{0, 2, 3, 4, 5}));
  EXPECT_EQ(g.adj, (std::vector<vid_t>{1, 2, 2, 3, 0}));
  EXPECT_EQ(g.w, (std::vector<std::uint32_t>{10, 5, 20, 30, 40}));
}

TEST(Readers, MissingFileDirectoryAndUnknownExtension) {
  const std::string missing = good_file("no-such-file.gr");
  expect_error<gs::InputError>([&] { read_edge_list<std::uint32_t>(missing); }, missing + ":0: cannot open the file");
  gs::io::test::TempDir dir;
  const std::string folder = dir.file("folder.mtx");
  std::filesystem::create_directory(folder);
  expect_error<gs::InputError>([&] { read_edge_list<std::uint32_t>(folder); }, folder + ":0: not a regular file");
  expect_error<gs::InputError>([&] { read_edge_list<std::uint32_t>("graph"); },
                               "graph:0: unknown graph format (no extension)");
}

TEST(Readers, ExitCodesThroughRunMain) {
  const std::string bad = gs::io::test::data_dir() + "/io/bad/gr-vertex-id-zero.gr";
  const std::string huge = gs::io::test::data_dir() + "/io/bad/gr-huge-vertex-count.gr";
  EXPECT_EQ(gs::run_main("test", [&] { return int(read_edge_list<std::uint32_t>(bad).size()); }), gs::kExitBadInput);
  EXPECT_EQ(gs::run_main("test", [&] { return int(read_edge_list<std::uint32_t>(huge).size()); }),
            gs::kExitNoResources);
  EXPECT_EQ(gs::run_main("test", [&] { return int(read_edge_list<std::uint32_t>(good_file("gtgraph.gr")).size()); }),
            5);
}

TEST(Readers, ExtensionsAreCaseInsensitive) {
  gs::io::test::TempDir dir;
  const std::string upper = dir.file("GRAPH.GR");
  std::filesystem::copy_file(good_file("gtgraph.gr"), upper);
  EXPECT_EQ(read_edge_list<std::uint32_t>(upper).size(), 5u);
}

}  // namespace
