// Every file of tests/data/io/bad/ must be rejected with the exception type,
// line number and message that its MANIFEST.tsv row names, and every file
// there must have a row (so that nothing in the corpus goes untested).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

#include "common/errors.hpp"
#include "common/io/graph_io.hpp"
#include "tests/io/io_test_support.hpp"

namespace {

namespace fs = std::filesystem;

std::string bad_dir() { return gs::io::test::data_dir() + "/io/bad"; }

struct Case {
  std::string file, weight, options, error, fragment;
  std::uint64_t line = 0;
};

// gtest names a failing case by its file.
void PrintTo(const Case& c, std::ostream* os) { *os << c.file; }

std::vector<Case> load_manifest() {
  std::vector<Case> cases;
  std::ifstream in(bad_dir() + "/MANIFEST.tsv");
  std::string row;
  while (std::getline(in, row)) {
    if (row.empty() || row[0] == '#') continue;
    std::istringstream fields(row);
    Case c;
    std::string line;
    std::getline(fields, c.file, '\t');
    std::getline(fields, c.weight, '\t');
    std::getline(fields, c.options, '\t');
    std::getline(fields, c.error, '\t');
    std::getline(fields, line, '\t');
    std::getline(fields, c.fragment);
    c.line = std::stoull(line);
    cases.push_back(c);
  }
  return cases;
}

// Runs the reader for the row's weight type; rethrows whatever it throws.
void read_as(const Case& c, const std::string& path, const gs::io::ReadOptions& options) {
  if (c.weight == "u16") gs::io::read_edge_list<std::uint16_t>(path, options);
  else if (c.weight == "u32") gs::io::read_edge_list<std::uint32_t>(path, options);
  else if (c.weight == "f32") gs::io::read_edge_list<float>(path, options);
  else FAIL() << "unknown weight type in the manifest: " << c.weight;
}

class MalformedFile : public ::testing::TestWithParam<Case> {};

TEST_P(MalformedFile, IsRejectedAtTheRightLine) {
  const Case& c = GetParam();
  const std::string path = bad_dir() + "/" + c.file;
  gs::io::ReadOptions options;
  std::string memory_limit = "1073741824";  // 1 GiB: the same verdict on every machine
  std::istringstream words(c.options);
  for (std::string word; std::getline(words, word, ',');) {
    if (word == "no-self-loops") options.allow_self_loops = false;
    else if (word == "allow-negative") options.allow_negative_weights = true;
    else if (word.rfind("memlimit=", 0) == 0) memory_limit = word.substr(9);
    else ASSERT_EQ(word, "-") << "unknown option in the manifest";
  }
  ::setenv("GS_HOST_MEMORY_LIMIT", memory_limit.c_str(), 1);
  const std::string where = path + ":" + std::to_string(c.line) + ": ";
  std::string message;
  bool right_type = false;
  try {
    read_as(c, path, options);
    ADD_FAILURE() << c.file << " was accepted";
    return;
  } catch (const gs::InputError& e) {
    right_type = c.error == "input";
    message = e.what();
  } catch (const gs::ResourceError& e) {
    right_type = c.error == "resource";
    message = e.what();
  }
  ::unsetenv("GS_HOST_MEMORY_LIMIT");
  EXPECT_TRUE(right_type) << "expected a " << c.error << " error, got: " << message;
  EXPECT_EQ(message.rfind(where, 0), 0u) << "message should start with \"" << where << "\": " << message;
  EXPECT_NE(message.find(c.fragment), std::string::npos)
      << "message should contain \"" << c.fragment << "\": " << message;
}

INSTANTIATE_TEST_SUITE_P(Corpus, MalformedFile, ::testing::ValuesIn(load_manifest()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name;
                           for (char ch : info.param.file)
                             name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
                           return name;
                         });

TEST(MalformedCorpus, EveryFileHasAManifestRowAndThereAreAtLeast30) {
  std::set<std::string> listed;
  for (const Case& c : load_manifest()) {
    EXPECT_TRUE(listed.insert(c.file).second) << "listed twice: " << c.file;
    EXPECT_TRUE(fs::exists(bad_dir() + "/" + c.file)) << "listed but missing: " << c.file;
  }
  for (const auto& entry : fs::directory_iterator(bad_dir())) {
    const std::string name = entry.path().filename().string();
    if (name != "MANIFEST.tsv") {
      EXPECT_TRUE(listed.count(name)) << "no manifest row for " << name;
    }
  }
  EXPECT_GE(listed.size(), 30u);
}

}  // namespace
