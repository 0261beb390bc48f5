// The rules for graphs the suite did not make: compacted vertex ids,
// weights converted, ranked or skipped, Matrix Market integer fields, and files
// that cannot be mapped (pipes, /proc files) read by streaming.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdint>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "common/errors.hpp"
#include "common/harness/input_weights.hpp"
#include "common/harness/vertex_ids.hpp"
#include "common/io/graph_io.hpp"
#include "common/verify/msf.hpp"
#include "tests/io/io_test_support.hpp"

namespace gs::io {
namespace {

using test::expect_error;
using test::TempDir;

void write_text(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

TEST(CompactIds, SnapIdsBeyond32BitsAreRenumberedInAscendingOrder) {
  TempDir dir;
  const std::string path = dir.file("sparse.txt");
  write_text(path, "# Undirected graph\n% also a comment\n18446744073709551615 7\n4000000000 7\n7 4000000000\n");
  ReadOptions o;
  o.compact_ids = true;
  std::vector<std::uint64_t> ids;
  const EdgeList<std::uint32_t> el = read_edge_list<std::uint32_t>(path, o, &ids);
  ASSERT_EQ(ids, (std::vector<std::uint64_t>{7, 4000000000, 18446744073709551615ull}));
  EXPECT_EQ(el.n, 3u);
  EXPECT_FALSE(el.directed);
  EXPECT_EQ(el.u, (std::vector<vid_t>{2, 1, 0}));
  EXPECT_EQ(el.v, (std::vector<vid_t>{0, 0, 1}));
  // Without compacting, the same file is refused at its first too-large id.
  expect_error<InputError>([&] { read_edge_list<std::uint32_t>(path); }, path + ":3: vertex id");
  // The numbering does not depend on the thread count or chunking.
  setenv("GS_IO_CHUNK_BYTES", "8", 1);
  std::vector<std::uint64_t> ids2;
  EXPECT_EQ(read_edge_list<std::uint32_t>(path, o, &ids2).u, el.u);
  EXPECT_EQ(ids2, ids);
}

TEST(CompactIds, IndexFormatsDropVerticesWithoutEdges) {
  TempDir dir;
  const std::string path = dir.file("g.mtx");
  write_text(path, "%%MatrixMarket matrix coordinate pattern symmetric\n10 10 2\n10 3\n3 5\n");
  ReadOptions o;
  o.compact_ids = true;
  std::vector<std::uint64_t> ids;
  const auto el = read_edge_list<float>(path, o, &ids);
  EXPECT_EQ(ids, (std::vector<std::uint64_t>{2, 4, 9}));  // 0-based, as the reader numbers them
  EXPECT_EQ(el.n, 3u);
  EXPECT_THROW(read_edge_list<float>(path, o), std::invalid_argument);
}

TEST(VertexIds, SourcesAreFileIds) {
  const harness::VertexIds ids(std::vector<std::uint64_t>{7, 4000000000, 18446744073709551615ull});
  EXPECT_EQ(ids.vertices({4000000000, 7}, 3, "f.txt"), (std::vector<vid_t>{1, 0}));
  EXPECT_EQ(ids.file_id(2), 18446744073709551615ull);
  expect_error<InputError>([&] { ids.vertices({8}, 3, "f.txt"); },
                           "f.txt: --sources: vertex 8 does not occur in the file");
  const harness::VertexIds identity;
  EXPECT_EQ(identity.vertices({2}, 3, "g"), (std::vector<vid_t>{2}));
  expect_error<InputError>([&] { identity.vertices({3}, 3, "g"); }, "g: --sources: vertex 3 is not a vertex (n = 3)");
}

TEST(MatrixMarket, IntegerFieldMustHoldIntegersWhateverTheWeightType) {
  TempDir dir;
  const std::string path = dir.file("int.mtx");
  write_text(path, "%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 3\n2 3 2.5\n");
  expect_error<InputError>([&] { read_edge_list<double>(path); },
                           path + ":4: weight '2.5' is not an integer, but the file declares integer weights");
  write_text(path, "%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 2 3\n2 3 2.0\n");
  EXPECT_EQ(read_edge_list<double>(path).w, (std::vector<double>{3, 2}));
}

TEST(SkipWeights, WeightsAreNotParsed) {
  TempDir dir;
  const std::string path = dir.file("real.mtx");
  write_text(path, "%%MatrixMarket matrix coordinate real symmetric\n3 3 2\n1 2 4.5\n2 3 -1e400\n");
  ReadOptions o;
  o.skip_weights = true;
  const auto el = read_edge_list<std::uint32_t>(path, o);
  EXPECT_EQ(el.size(), 2u);
  EXPECT_FALSE(el.weighted());
  expect_error<InputError>([&] { read_edge_list<std::uint32_t>(path); }, path + ":3: weight '4.5' is not an integer");
  // A .gsc of another weight type is read without its weights.
  EdgeList<double> g;
  g.n = 3;
  g.add(0, 1, 0.25);
  g.add(1, 2, -3.5);
  const std::string gsc = dir.file("g.gsc");
  write_edge_list(gsc, g);
  EXPECT_EQ(stored_weight_code(gsc), WeightCode::kF64);
  EXPECT_EQ(stored_weight_code(path), std::nullopt);
  const auto skipped = read_edge_list<std::uint32_t>(gsc, o);
  EXPECT_EQ(skipped.v, g.v);
  EXPECT_FALSE(skipped.weighted());
}

TEST(Streaming, PipesAndLinksToThemAreRead) {
  TempDir dir;
  const std::string fifo = dir.file("pipe.el");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string link = dir.file("link.el");
  std::filesystem::create_symlink(fifo, link);
  std::thread writer([&] { write_text(fifo, "0 1\n1 2\n"); });
  const auto el = read_edge_list<std::uint32_t>(link);
  writer.join();
  EXPECT_EQ(el.n, 3u);
  EXPECT_EQ(el.size(), 2u);
  // An empty pipe is still an empty file.
  std::thread empty([&] { write_text(fifo, ""); });
  expect_error<InputError>([&] { read_edge_list<std::uint32_t>(fifo); }, fifo + ":0: the file is empty");
  empty.join();
}

EdgeList<double> three_edges(double a, double b, double c) {
  EdgeList<double> el;
  el.n = 3;
  el.add(0, 1, a);
  el.add(1, 2, b);
  el.add(0, 2, c);
  return el;
}

TEST(ConvertWeights, ExactValuesConvert) {
  const auto c = harness::convert_weights<std::uint32_t>(three_edges(3, 1, 2), harness::Weights::required, "f", "w");
  EXPECT_EQ(c.el.w, (std::vector<std::uint32_t>{3, 1, 2}));
  EXPECT_TRUE(c.rule.starts_with("converted:"));
  EXPECT_EQ(c.value_of_rank, nullptr);
  EdgeList<std::uint32_t> ints;
  ints.n = 2;
  ints.add(0, 1, 16777217);  // 2^24 + 1: not a float32 value
  expect_error<InputError>(
      [&] { harness::convert_weights<float>(std::move(ints), harness::Weights::required, "f.gsc", "w"); },
      "f.gsc:0: edge 0 weighs");
}

TEST(ConvertWeights, FractionalIntoIntegerIsRefusedOrRanked) {
  expect_error<InputError>(
      [&] {
        harness::convert_weights<std::uint32_t>(three_edges(3.5, -1, 2), harness::Weights::required, "f.gsc", "w");
      },
      "would change the answer");
  const auto c = harness::convert_weights<std::uint32_t>(three_edges(3.5, -1, 3.5), harness::Weights::order, "f", "w");
  EXPECT_EQ(c.el.w, (std::vector<std::uint32_t>{1, 0, 1}));  // ties kept
  ASSERT_NE(c.value_of_rank, nullptr);
  EXPECT_EQ(*c.value_of_rank, (std::vector<double>{-1, 3.5}));
  EXPECT_TRUE(c.rule.starts_with("ranked:"));
  // The forest over ranks is reported in the file's values: -1 + 3.5.
  const verify::MsfVerifier<std::uint32_t> v(c.el, c.value_of_rank);
  EXPECT_EQ(v.reference().answer(), msf_answer(2.5, 2));
  const std::vector<Edge<std::uint32_t>> forest{{1, 2, 0}, {0, 2, 1}};
  EXPECT_EQ(v.check(forest, "test").answer(), msf_answer(2.5, 2));
}

TEST(ConvertWeights, Float64IntoFloat32IsRounded) {
  const auto c = harness::convert_weights<float>(three_edges(0.1, 1, 2), harness::Weights::required, "f", "w");
  EXPECT_EQ(c.el.w[0], 0.1f);
  EXPECT_TRUE(c.rule.starts_with("rounded:"));
  expect_error<InputError>(
      [&] { harness::convert_weights<float>(three_edges(1e300, 1, 2), harness::Weights::required, "f", "w"); },
      "beyond float32's range");
}

}  // namespace
}  // namespace gs::io
