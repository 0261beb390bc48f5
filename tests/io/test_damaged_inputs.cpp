// Damaged versions of every good file (bytes replaced, inserted, deleted,
// truncated) must be read or refused with an InputError/ResourceError: never a
// crash, a hang or another exception. Deterministic (fixed seeds).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/io/graph_io.hpp"
#include "tests/io/io_test_support.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<char> slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Bytes that matter to the parsers, plus random ones.
char interesting_byte(std::mt19937& rng) {
  static const char kBytes[] = {'0', '1', '9', '-', '+', '.',  'e',  'n',  'a',
                                'p', 'c', '%', '#', ' ', '\t', '\r', '\n', '\0'};
  return rng() % 3 ? kBytes[rng() % sizeof kBytes] : char(rng());
}

std::vector<char> damage(std::vector<char> bytes, std::mt19937& rng) {
  const int edits = 1 + int(rng() % 4);
  for (int i = 0; i < edits; ++i) {
    const std::size_t at = bytes.empty() ? 0 : rng() % bytes.size();
    switch (rng() % 4) {
      case 0:
        if (!bytes.empty()) bytes[at] = interesting_byte(rng);
        break;
      case 1:
        bytes.insert(bytes.begin() + std::ptrdiff_t(at), interesting_byte(rng));
        break;
      case 2:
        if (!bytes.empty()) bytes.erase(bytes.begin() + std::ptrdiff_t(at));
        break;
      case 3:
        bytes.resize(at);
        break;
    }
  }
  return bytes;
}

// Reads `path` as W; true when accepted, false when refused the documented way.
template <class W>
bool read_or_refuse(const std::string& path) {
  try {
    const auto el = gs::io::read_edge_list<W>(path);
    for (gs::eid_t e = 0; e < el.size(); ++e) {
      EXPECT_LT(el.u[e], el.n);
      EXPECT_LT(el.v[e], el.n);
    }
    return true;
  } catch (const gs::InputError&) {
    return false;
  } catch (const gs::ResourceError&) {
    return false;
  }
}

TEST(DamagedInputs, AreReadOrRefusedNeverCrash) {
  ::setenv("GS_HOST_MEMORY_LIMIT", "1073741824", 1);  // a lying header must not allocate much either
  gs::io::test::TempDir dir;
  std::vector<std::string> sources;
  for (const auto& entry : fs::directory_iterator(gs::io::test::data_dir() + "/io/good"))
    sources.push_back(entry.path());
  // A valid .gsc, so that binary damage is covered too.
  {
    gs::EdgeList<std::uint32_t> el;
    el.n = 20;
    for (gs::vid_t i = 0; i < 19; ++i) el.add(i, i + 1, i);
    sources.push_back(dir.file("seed.gsc"));
    gs::io::write_edge_list(sources.back(), el);
  }
  std::sort(sources.begin(), sources.end());
  int accepted = 0, refused = 0;
  std::mt19937 rng(12345);
  for (const std::string& source : sources) {
    const std::vector<char> original = slurp(source);
    for (int round = 0; round < 200; ++round) {
      // A new name each round: truncating a file in place is slow on ext4 (it flushes).
      const std::string damaged = dir.file("damaged" + std::to_string(round) + fs::path(source).extension().string());
      const std::vector<char> bytes = damage(original, rng);
      {
        std::ofstream out(damaged, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), std::streamsize(bytes.size()));
      }
      SCOPED_TRACE(source + " round " + std::to_string(round));
      for (const bool ok : {read_or_refuse<std::uint16_t>(damaged), read_or_refuse<std::int32_t>(damaged),
                            read_or_refuse<float>(damaged)})
        (ok ? accepted : refused)++;
      fs::remove(damaged);
    }
  }
  ::unsetenv("GS_HOST_MEMORY_LIMIT");
  // Both outcomes must occur, or the damage is not exercising the parsers.
  EXPECT_GT(accepted, 100);
  EXPECT_GT(refused, 1000);
}

}  // namespace
