// A regular file opened for reading (POSIX), with its size, and exact reads in
// large blocks. Closed when destroyed.
#pragma once

#include <cstdint>
#include <string>

namespace gs::io {

class InputFile {
 public:
  // InputError "PATH:0: ..." when the file does not exist, cannot be opened or
  // is not a regular file (a directory, a pipe).
  explicit InputFile(std::string path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const { return path_; }
  int fd() const { return fd_; }
  std::uint64_t size() const { return size_; }

  // Reads exactly `bytes` at the current position, in blocks of up to 1 GiB;
  // InputError when the file ends early or the read fails.
  void read_exact(void* destination, std::uint64_t bytes);
  // Reads exactly `bytes` from byte `offset` on (the position stays), in
  // blocks spread over the OpenMP threads: a file in the page cache is copied
  // at memory speed, not at one core's. The same errors.
  void read_exact_at(void* destination, std::uint64_t bytes, std::uint64_t offset,
                     std::uint64_t block = std::uint64_t(64) << 20);

 private:
  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

}  // namespace gs::io
