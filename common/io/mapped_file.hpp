// A whole file in memory, read-only: mapped (POSIX mmap) where the system
// allows, for parsing without copies; otherwise read into a buffer under
// memory admission (stream_buffer.hpp: exit 3 for a stream that does not
// end). Files whose size the system reports as 0 (/proc files), pipes and
// character devices cannot be mapped: text is read from them and checked as
// it arrives (stream_text_check.hpp: exit 2 at the first NUL byte or overlong
// line); binary files (.gsc) must be regular files, as binary_cache.cpp reads
// them. Unmapped when destroyed.
#pragma once

#include <cstdint>
#include <string>

#include "common/io/stream_buffer.hpp"

namespace gs::io {

// What the file holds: text (the line formats) or binary data (.gsc).
enum class FileContents { text, binary };

class MappedFile {
 public:
  // InputError "PATH:LINE: ..." when the file cannot be opened, is a
  // directory, is binary but not a regular file, a read fails, or a text
  // stream fails its check. An empty file gives an empty range.
  MappedFile(std::string path, FileContents contents);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  const std::string& path() const { return path_; }
  const char* data() const { return data_; }
  std::uint64_t size() const { return size_; }

 private:
  void read_stream(int fd, FileContents contents);

  std::string path_;
  const char* data_ = nullptr;
  std::uint64_t size_ = 0;
  bool mapped_ = false;
  StreamBuffer stream_;  // the contents of a file that could not be mapped
};

}  // namespace gs::io
