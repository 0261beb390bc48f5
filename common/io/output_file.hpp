// A file written under `path + ".partial"` and renamed to `path` by commit(), so
// that an interrupted or failed write never leaves a file that looks complete.
// Text goes through a 4 MiB buffer; binary blocks are written directly.
#pragma once

#include <charconv>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace gs::io {

class OutputFile {
 public:
  // InputError "PATH:0: ..." when the partial file cannot be created.
  explicit OutputFile(std::string path);
  // Removes the partial file unless commit() succeeded.
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  const std::string& path() const { return path_; }

  void append(std::string_view text) {
    if (text.size() > kCapacity - used_) flush();
    if (text.size() > kCapacity) return write_block(text.data(), text.size());
    std::char_traits<char>::copy(buffer_.get() + used_, text.data(), text.size());
    used_ += text.size();
  }
  void append(char c) {
    if (used_ == kCapacity) flush();
    buffer_[used_++] = c;
  }
  // Integers in decimal; floating values in the shortest form that reads back exactly.
  template <class T>
  void append_number(T x) {
    if (kCapacity - used_ < kMaxNumberChars) flush();
    const auto result = std::to_chars(buffer_.get() + used_, buffer_.get() + kCapacity, x);
    used_ = std::size_t(result.ptr - buffer_.get());
  }
  // Writes the buffered text, then `bytes` from `data` in large blocks.
  void write_block(const void* data, std::uint64_t bytes);
  // Flushes, closes and renames the partial file to the final name.
  void commit();

 private:
  static constexpr std::size_t kCapacity = std::size_t(4) << 20;
  static constexpr std::size_t kMaxNumberChars = 64;
  void flush();
  void write_all(const char* data, std::uint64_t bytes);
  [[noreturn]] void fail(const char* doing, int err) const;

  std::string path_;
  std::string partial_;
  int fd_ = -1;
  bool committed_ = false;
  std::unique_ptr<char[]> buffer_;
  std::size_t used_ = 0;
};

}  // namespace gs::io
