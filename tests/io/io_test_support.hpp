// Helpers shared by the common/io tests: where the test data lives, a private
// temporary folder, and exception checks on the message.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace gs::io::test {

// tests/data, from GS_TEST_DATA (set by ctest) or the source tree.
inline std::string data_dir() {
  if (const char* d = std::getenv("GS_TEST_DATA")) return d;
  return std::string(GS_SOURCE_DIR) + "/tests/data";
}

inline std::string good_file(const std::string& name) { return data_dir() + "/io/good/" + name; }

// A fresh folder under the system's temporary folder, removed at the end.
class TempDir {
 public:
  TempDir() {
    path_ = std::filesystem::temp_directory_path() /
            ("gs-io-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  static int& counter() {
    static int c = 0;
    return c;
  }
  std::filesystem::path path_;
};

// Runs `f`, expecting exception E whose message contains `fragment`.
template <class E, class F>
void expect_error(F&& f, const std::string& fragment) {
  try {
    f();
    ADD_FAILURE() << "no exception; expected one containing \"" << fragment << "\"";
  } catch (const E& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << "message: " << e.what();
  }
}

}  // namespace gs::io::test
