// What a text graph file read from a stream (mapped_file.hpp) must look like,
// checked block by block as it arrives, before the rest is read: no NUL byte
// and no line longer than kMaxLineBytes. /dev/zero, /dev/urandom or a binary
// file behind a text name is then refused at its first bytes (exit 2), not
// held in memory until it ends, which a device never does. A mapped file is
// not held in memory: its parse refuses bad bytes and overlong lines at their line.
#pragma once

#include <cstdint>
#include <string>

namespace gs::io {

class StreamTextCheck {
 public:
  explicit StreamTextCheck(std::string path) : path_(std::move(path)) {}

  // Checks the next `bytes` bytes of the stream; InputError "PATH:LINE: ..."
  // at the first NUL byte or overlong line.
  void check(const char* data, std::uint64_t bytes);
  // The number of the line that the next byte belongs to.
  std::uint64_t line() const { return lines_ended_ + 1; }

 private:
  void check_slice(const char* data, std::uint64_t bytes);

  std::string path_;
  std::uint64_t lines_ended_ = 0;  // line ends seen so far
  std::uint64_t line_bytes_ = 0;   // bytes of the current line so far
};

}  // namespace gs::io
