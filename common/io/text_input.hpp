// Line-by-line access to a text graph file, mapped into memory whole, so that
// parsing runs over one large buffer (no per-line or per-token system calls).
// A LineCursor walks a range of whole lines and knows their numbers, so that
// several cursors can parse parts of one file in parallel.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/io/mapped_file.hpp"

namespace gs::io {

// The longest line any text format may have, in bytes without its line end.
// A real line is a few numbers (a .gr arc line is under 70 bytes) or a
// comment, so 1 MiB is generous for all of them; the bound lets a reader
// refuse input without line ends (/dev/zero, binary data) at the first MiB,
// rather than hold a stream that may never end (stream_text_check.hpp).
inline constexpr std::uint64_t kMaxLineBytes = std::uint64_t(1) << 20;
// The problem with a longer line, the same wherever it is found.
std::string overlong_line_problem();

class LineCursor {
 public:
  // Lines in [begin, end); `lines_before` = the number of the line before begin.
  LineCursor(const std::string& path, const char* begin, const char* end, std::uint64_t lines_before)
      : path_(&path), pos_(begin), end_(end), line_(lines_before) {}

  const std::string& path() const { return *path_; }
  const char* position() const { return pos_; }
  const char* end() const { return end_; }

  // The next line without its line end and without leading and trailing blanks
  // (spaces, tabs, CR); false at the end of the range. A line longer than
  // kMaxLineBytes is an InputError at its line (found within its first MiB).
  bool next_line(std::string_view& line);
  // 1-based number of the line that next_line returned last.
  std::uint64_t line() const { return line_; }

  // InputError "PATH:LINE: what" at the current line, or at a given one.
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void fail_at(std::uint64_t line, const std::string& what) const;

 private:
  const std::string* path_;
  const char* pos_;
  const char* end_;
  std::uint64_t line_;
};

// A cursor at the first line of the text file mapped at [data, data + size),
// past a UTF-8 byte-order mark. An empty (only whitespace) file is an
// InputError at line 0.
LineCursor first_line(const std::string& path, const char* data, std::uint64_t size);

class TextInput {
 public:
  // Opens and maps the file; skips a UTF-8 byte-order mark. An unreadable or
  // empty (only whitespace) file is an InputError at line 0.
  explicit TextInput(const std::string& path);
  // A cursor at the first line; formats read their header through it and
  // then hand it to parse_edge_lines for the rest.
  LineCursor& lines() { return cursor_; }

 private:
  MappedFile file_;
  LineCursor cursor_;
};

// Splits a line into blank-separated fields.
class Fields {
 public:
  explicit Fields(std::string_view line) : rest_(line) {}
  // The next field; false when none is left. Inline: it runs for every field of a file.
  bool next(std::string_view& field) {
    std::size_t i = 0;
    while (i < rest_.size() && is_blank(rest_[i])) ++i;
    if (i == rest_.size()) {
      rest_ = {};
      return false;
    }
    std::size_t j = i + 1;
    while (j < rest_.size() && !is_blank(rest_[j])) ++j;
    field = rest_.substr(i, j - i);
    rest_.remove_prefix(j);
    return true;
  }
  static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

 private:
  std::string_view rest_;
};

// A field as it appears in an error message: quoted, control bytes escaped and
// long fields shortened (a binary file fed to a text reader must give a readable message).
std::string quoted(std::string_view field);

}  // namespace gs::io
