// The .gsc cache: exact round trip and rejection of damaged files (checked
// before anything of the declared size is allocated).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>
#include <vector>

#include "common/errors.hpp"
#include "common/io/background_checksum.hpp"
#include "common/io/checksum.hpp"
#include "common/io/graph_io.hpp"
#include "common/io/input_file.hpp"
#include "tests/io/io_test_support.hpp"

namespace {

using gs::io::test::expect_error;
using gs::io::test::TempDir;

std::vector<char> slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void dump(const std::string& path, const std::vector<char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), std::streamsize(bytes.size()));
}

gs::EdgeList<std::uint32_t> sample() {
  gs::EdgeList<std::uint32_t> el;
  el.n = 100;
  el.directed = true;
  for (gs::vid_t i = 0; i < 50; ++i) el.add(i, 99 - i, i * 7);
  return el;
}

class BinaryCache : public ::testing::Test {
 protected:
  void SetUp() override {
    path = dir.file("g.gsc");
    gs::io::write_edge_list(path, sample());
    bytes = slurp(path);
  }
  // Writes `damaged` and expects the reader to refuse it with `fragment`.
  void expect_refused(const std::vector<char>& damaged, const std::string& fragment) {
    dump(path, damaged);
    expect_error<gs::InputError>([&] { gs::io::read_edge_list<std::uint32_t>(path); }, fragment);
    expect_error<gs::InputError>([&] { gs::io::read_edge_list<std::uint32_t>(path); }, path + ":0: ");
  }
  TempDir dir;
  std::string path;
  std::vector<char> bytes;
};

TEST_F(BinaryCache, LayoutIsHeaderThenArrays) {
  EXPECT_EQ(bytes.size(), 64u + 50 * (4 + 4 + 4));
  EXPECT_EQ(std::memcmp(bytes.data(), "GSGRAPH", 8), 0);
  const auto el = gs::io::read_edge_list<std::uint32_t>(path);
  EXPECT_EQ(el.u, sample().u);
  EXPECT_EQ(el.v, sample().v);
  EXPECT_EQ(el.w, sample().w);
  EXPECT_TRUE(el.directed);
}

TEST_F(BinaryCache, FlippedPayloadByteFailsTheChecksum) {
  for (const std::size_t at : {64 + 5, 64 + 4 * 50 + 3, 64 + 8 * 50 + 2}) {  // inside u[], v[], w[]
    auto damaged = bytes;
    damaged[at] ^= 0x10;
    expect_refused(damaged, "checksum mismatch");
  }
}

// Weights skipped by the caller are still read for the checksum.
TEST_F(BinaryCache, SkippedWeightsAreChecked) {
  auto damaged = bytes;
  damaged[64 + 8 * 50 + 2] ^= 0x10;
  std::ofstream(path, std::ios::binary).write(damaged.data(), std::streamsize(damaged.size()));
  gs::io::ReadOptions options;
  options.skip_weights = true;
  expect_error<gs::InputError>([&] { gs::io::read_edge_list<std::uint32_t>(path, options); }, "checksum mismatch");
}

// The payload checksum is part of the format: its values on fixed bytes stay
// what the suite has always written, fed at once or in pieces split anywhere.
TEST(Checksum, ValuesAreTheFormatsInOnePieceOrMany) {
  std::vector<unsigned char> bytes(100);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<unsigned char>(i * 7 + 1);
  const std::pair<std::size_t, std::uint64_t> known[] = {{0, 0xd3b762c83c2fafefULL},  {1, 0xb1b539ee0093bf78ULL},
                                                         {7, 0xccea744d3b2c5263ULL},  {8, 0x6f916346fb3b5c19ULL},
                                                         {31, 0xcffe8fe6c69f0d71ULL}, {32, 0xc7baf9f80bcde0beULL},
                                                         {33, 0xa2f976743360fdcfULL}, {100, 0xf2c82d09a02cb857ULL}};
  for (const auto& [n, value] : known) {
    EXPECT_EQ(gs::io::checksum_bytes(bytes.data(), n, gs::io::kChecksumSeed), value) << n << " bytes";
    for (std::size_t a = 0; a <= n; ++a)
      for (std::size_t b = a; b <= n; b += 5) {
        gs::io::ChecksumStream stream(gs::io::kChecksumSeed);
        stream.feed(bytes.data(), a);
        stream.feed(bytes.data() + a, b - a);
        stream.feed(bytes.data() + b, n - b);
        ASSERT_EQ(stream.finish(), value) << n << " bytes cut at " << a << " and " << b;
      }
  }
}

// The checksum on its own thread is the arrays' checksum_bytes chained in
// order, at any sizes (a word's tail, empty arrays), added whole or in pieces;
// destroyed with arrays pending, it stops without hashing them.
TEST(BackgroundChecksum, IsTheChainedChecksumOfTheArraysInOrder) {
  std::vector<unsigned char> a(1001), b(64), c(3);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<unsigned char>(i * 7 + 1);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<unsigned char>(i * 13 + 5);
  c = {1, 2, 3};
  std::uint64_t want = gs::io::checksum_bytes(a.data(), a.size(), 42);
  want = gs::io::checksum_bytes(b.data(), 0, want);
  want = gs::io::checksum_bytes(b.data(), b.size(), want);
  want = gs::io::checksum_bytes(c.data(), c.size(), want);
  gs::io::BackgroundChecksum sum(42);
  sum.add(a.data(), a.size());
  sum.add(b.data(), 0);
  sum.add(b.data(), b.size());
  sum.add(c.data(), c.size());
  EXPECT_EQ(sum.result(), want);
  gs::io::BackgroundChecksum pieces(42);  // a in three pieces, b in two, c left open
  pieces.add(a.data(), 300, false);
  pieces.add(a.data() + 300, 1, false);
  pieces.add(a.data() + 301, a.size() - 301, true);
  pieces.add(b.data(), 0);
  pieces.add(b.data(), 10, false);
  pieces.add(b.data() + 10, b.size() - 10, true);
  pieces.add(c.data(), c.size(), false);
  EXPECT_EQ(pieces.result(), want);
  gs::io::BackgroundChecksum other_order(42);  // b then a: that chain, not a then b's
  other_order.add(b.data(), b.size());
  other_order.add(a.data(), a.size());
  const std::uint64_t b_then_a = other_order.result();
  EXPECT_EQ(b_then_a, gs::io::checksum_bytes(a.data(), a.size(), gs::io::checksum_bytes(b.data(), b.size(), 42)));
  EXPECT_NE(b_then_a, gs::io::checksum_bytes(b.data(), b.size(), gs::io::checksum_bytes(a.data(), a.size(), 42)));
  {
    gs::io::BackgroundChecksum abandoned(1);
    for (int i = 0; i < 100; ++i) abandoned.add(a.data(), a.size());
  }
}

TEST_F(BinaryCache, TruncatedOrExtendedFilesAreRefused) {
  expect_refused(std::vector<char>(bytes.begin(), bytes.end() - 1),
                 "m = 50 edges, more than the file's 663 bytes hold");
  auto longer = bytes;
  longer.push_back(0);
  expect_refused(longer, "the file has 665 bytes, but its header (m = 50) implies 664");
  expect_refused(std::vector<char>(bytes.begin(), bytes.begin() + 40), "less than a .gsc header");
  expect_refused({}, "the file is empty");
}

TEST_F(BinaryCache, HeaderFieldsAreChecked) {
  auto version = bytes;
  version[8] = 9;
  expect_refused(version, "unsupported .gsc version 9");
  auto weight = bytes;
  weight[12] = 77;
  expect_refused(weight, "unknown weight type code 77");
  auto flags = bytes;
  flags[16] = 2;
  expect_refused(flags, "unknown flags 2");
  auto huge_m = bytes;
  const std::uint64_t m = std::uint64_t(1) << 60;  // must fail on the length check, not in an allocation
  std::memcpy(huge_m.data() + 32, &m, 8);
  expect_refused(huge_m, "more than the file's 664 bytes hold");
  auto huge_n = bytes;
  const std::uint64_t n = std::uint64_t(1) << 40;
  std::memcpy(huge_n.data() + 24, &n, 8);
  expect_refused(huge_n, "more than 32-bit vertex ids allow");
}

TEST_F(BinaryCache, WeightTypeMustMatchUnlessUnweighted) {
  expect_error<gs::InputError>([&] { gs::io::read_edge_list<float>(path); },
                               "stores uint32 weights, but float32 weights were requested");
  gs::EdgeList<double> unweighted;
  unweighted.n = 3;
  unweighted.add(0, 2);
  const std::string other = dir.file("u.gsc");
  gs::io::write_edge_list(other, unweighted);
  const auto back = gs::io::read_edge_list<std::uint16_t>(other);
  EXPECT_FALSE(back.weighted());
  EXPECT_EQ(back.n, 3u);
  EXPECT_FALSE(back.directed);
}

TEST_F(BinaryCache, EdgeRulesApplyAsForTextFormats) {
  gs::EdgeList<float> el;
  el.n = 3;
  el.add(0, 1, 1.0f);
  el.add(2, 2, -1.0f);
  const std::string p = dir.file("f.gsc");
  gs::io::write_edge_list(p, el);
  expect_error<gs::InputError>([&] { gs::io::read_edge_list<float>(p); }, p + ":0: edge 1 (2, 2) has a weight");
  gs::io::ReadOptions options;
  options.allow_negative_weights = true;
  EXPECT_EQ(gs::io::read_edge_list<float>(p, options).w[1], -1.0f);
  options.allow_self_loops = false;
  expect_error<gs::InputError>([&] { gs::io::read_edge_list<float>(p, options); }, "is a self loop");
}

// The parallel block reader: every block in place at any block size, and a
// read past the end refused with the file's name.
TEST_F(BinaryCache, BlockReadsCopyTheFileAtAnyBlockSize) {
  gs::io::InputFile file(path);
  for (const std::uint64_t block : {1ull, 7ull, 64ull, 1ull << 26}) {
    std::vector<char> got(bytes.size() - 5, 0);
    file.read_exact_at(got.data(), got.size(), 5, block);
    EXPECT_TRUE(std::equal(got.begin(), got.end(), bytes.begin() + 5)) << "block " << block;
  }
  std::vector<char> past(bytes.size());
  expect_error<gs::InputError>([&] { file.read_exact_at(past.data(), past.size(), 1, 7); }, "ends early");
  expect_error<gs::InputError>([&] { file.read_exact_at(past.data(), past.size(), 1, 7); }, path + ":0: ");
}

}  // namespace
