// The text readers parse in parallel chunks. With tiny chunks (GS_IO_CHUNK_BYTES,
// read once per process, so this is its own test program) small files cross
// many chunk borders: results must equal a serial reading, and the error
// reported must be the first in file order, at its true line.
#include <gtest/gtest.h>

#include <omp.h>

#include <cstdio>
#include <random>
#include <string>

#include "common/errors.hpp"
#include "common/io/graph_io.hpp"
#include "tests/io/io_test_support.hpp"

namespace {

using gs::io::test::expect_error;
using gs::io::test::TempDir;

class ParallelParse : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ::setenv("GS_IO_CHUNK_BYTES", "64", 1); }

  // A .gr file of `m` arc lines after a 3-line header, with comment lines
  // sprinkled in; line_of[i] is the line number of arc i.
  std::string write_gr(std::uint64_t declared_m, int m, const std::string& bad_line = "", int bad_at = -1,
                       const std::string& bad_line2 = "", int bad_at2 = -1) {
    std::string text = "c test\nc graph\np sp 50 " + std::to_string(declared_m) + "\n";
    std::uint64_t line = 3;
    line_of.clear();
    std::mt19937 rng(7);
    for (int i = 0; i < m; ++i) {
      if (i % 17 == 5) {
        text += "c comment between arcs\n";
        ++line;
      }
      line_of.push_back(++line);
      if (i == bad_at) text += bad_line + "\n";
      else if (i == bad_at2) text += bad_line2 + "\n";
      else
        text += "a " + std::to_string(1 + rng() % 50) + " " + std::to_string(1 + rng() % 50) + " " +
                std::to_string(rng() % 1000) + "\n";
    }
    std::string name = std::to_string(count++);
    name += ".gr";
    const std::string path = dir.file(name);
    FILE* f = std::fopen(path.c_str(), "w");
    std::fputs(text.c_str(), f);
    std::fclose(f);
    return path;
  }

  TempDir dir;
  std::vector<std::uint64_t> line_of;
  int count = 0;
};

TEST_F(ParallelParse, SameEdgesForEveryThreadCount) {
  const std::string path = write_gr(2000, 2000);
  omp_set_num_threads(1);
  const auto serial = gs::io::read_edge_list<std::uint32_t>(path);
  for (int threads : {2, 3, 8}) {
    omp_set_num_threads(threads);
    const auto parallel = gs::io::read_edge_list<std::uint32_t>(path);
    EXPECT_EQ(parallel.u, serial.u);
    EXPECT_EQ(parallel.v, serial.v);
    EXPECT_EQ(parallel.w, serial.w);
  }
  EXPECT_EQ(serial.size(), 2000u);
}

TEST_F(ParallelParse, FirstErrorInFileOrderWins) {
  omp_set_num_threads(8);
  const std::string path = write_gr(1000, 1000, "a 1 2 x", 300, "a 0 2 1", 700);
  expect_error<gs::InputError>([&] { gs::io::read_edge_list<std::uint32_t>(path); },
                               path + ":" + std::to_string(line_of[300]) + ": weight 'x' is not a number");
  const std::string late = write_gr(1000, 1000, "a 0 2 1", 990);
  expect_error<gs::InputError>([&] { gs::io::read_edge_list<std::uint32_t>(late); },
                               late + ":" + std::to_string(line_of[990]) + ": vertex id 0");
}

TEST_F(ParallelParse, CountMismatchesAreReportedAtTheirLines) {
  omp_set_num_threads(8);
  // 400 declared, 1000 present: the 401st arc is the first problem, before a later bad line.
  const std::string more = write_gr(400, 1000, "a 1 2 x", 800);
  expect_error<gs::InputError>(
      [&] { gs::io::read_edge_list<std::uint32_t>(more); },
      more + ":" + std::to_string(line_of[400]) + ": more arcs than the 400 declared on line 3");
  // A malformed line where the excess starts reports its own problem.
  const std::string bad_excess = write_gr(400, 1000, "a 1 2 x", 400);
  expect_error<gs::InputError>([&] { gs::io::read_edge_list<std::uint32_t>(bad_excess); },
                               bad_excess + ":" + std::to_string(line_of[400]) + ": weight 'x' is not a number");
  const std::string fewer = write_gr(1001, 1000);
  expect_error<gs::InputError>([&] { gs::io::read_edge_list<std::uint32_t>(fewer); },
                               fewer + ":" + std::to_string(line_of.back()) + ": the file ends after 1000 arcs");
}

TEST_F(ParallelParse, PlainEdgeListsAcrossChunks) {
  omp_set_num_threads(8);
  std::string text = "# header\n";
  for (int i = 0; i < 3000; ++i) text += std::to_string(i) + "\t" + std::to_string((i * 7) % 3001) + "\n";
  const std::string path = dir.file("big.txt");
  FILE* f = std::fopen(path.c_str(), "w");
  std::fputs(text.c_str(), f);
  std::fclose(f);
  const auto el = gs::io::read_edge_list<float>(path);
  ASSERT_EQ(el.size(), 3000u);
  EXPECT_EQ(el.n, 3001u);  // the largest id is 3000 (= 7 * 1286 % 3001)
  for (int i = 0; i < 3000; ++i) {
    ASSERT_EQ(el.u[i], gs::vid_t(i));
    ASSERT_EQ(el.v[i], gs::vid_t((i * 7) % 3001));
  }
}

}  // namespace
