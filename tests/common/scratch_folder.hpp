// A fresh folder under the system's temporary one for a test's made-up files,
// removed with everything in it when the test ends.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace gs::testing {

struct ScratchFolder {
  std::filesystem::path dir;
  ScratchFolder() {
    std::string path = (std::filesystem::temp_directory_path() / "gs-test-XXXXXX").string();
    if (!mkdtemp(path.data())) throw std::runtime_error("mkdtemp failed under " + path);
    dir = path;
  }
  ~ScratchFolder() { std::filesystem::remove_all(dir); }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  // Writes `text` to `file` (a path below the folder), making its folders.
  void write(const std::string& file, const std::string& text) const {
    std::filesystem::create_directories((dir / file).parent_path());
    std::ofstream(dir / file) << text;
  }
  std::string path() const { return dir.string(); }
};

}  // namespace gs::testing
