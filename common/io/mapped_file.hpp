// A whole file in memory, read-only: mapped (POSIX mmap) where the system
// allows, for text parsing without copies; otherwise read into a buffer.
// Files whose size the system reports as 0 (/proc files), pipes and character
// devices cannot be mapped and are read to their end. Unmapped when destroyed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gs::io {

class MappedFile {
 public:
  // InputError "PATH:0: ..." when the file cannot be opened, is a directory,
  // or a read fails. An empty file gives an empty range.
  explicit MappedFile(std::string path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  const std::string& path() const { return path_; }
  const char* data() const { return data_; }
  std::uint64_t size() const { return size_; }

 private:
  void read_to_end(int fd);

  std::string path_;
  const char* data_ = nullptr;
  std::uint64_t size_ = 0;
  bool mapped_ = false;
  std::vector<char> buffer_;  // the contents of a file that could not be mapped
};

}  // namespace gs::io
