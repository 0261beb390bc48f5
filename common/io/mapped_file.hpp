// A whole file mapped read-only into memory (POSIX mmap), for text parsing
// without copies. Unmapped when destroyed.
#pragma once

#include <cstdint>
#include <string>

namespace gs::io {

class MappedFile {
 public:
  // InputError "PATH:0: ..." when the file cannot be opened, is not a regular
  // file or cannot be mapped. An empty file maps to an empty range.
  explicit MappedFile(std::string path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  const std::string& path() const { return path_; }
  const char* data() const { return data_; }
  std::uint64_t size() const { return size_; }

 private:
  std::string path_;
  const char* data_ = nullptr;
  std::uint64_t size_ = 0;
};

}  // namespace gs::io
