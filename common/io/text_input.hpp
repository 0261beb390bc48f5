// Line-by-line access to a text graph file, mapped into memory whole, so that
// parsing runs over one large buffer (no per-line or per-token system calls).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/io/mapped_file.hpp"

namespace gs::io {

class TextInput {
 public:
  // Opens and maps the file; skips a UTF-8 byte-order mark. An unreadable or
  // empty (only whitespace) file is an InputError at line 0.
  explicit TextInput(const std::string& path);

  const std::string& path() const { return file_.path(); }
  std::uint64_t size_bytes() const { return file_.size(); }

  // The next line without its line end and without leading and trailing blanks
  // (spaces, tabs, CR); false at the end of the file.
  bool next_line(std::string_view& line);
  // 1-based number of the line that next_line returned last (0 before the first).
  std::uint64_t line() const { return line_; }
  // Lines not yet returned (an upper bound on the edges still to come).
  std::uint64_t remaining_lines() const;

  // InputError "PATH:LINE: what" at the current line, or at a given one.
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void fail_at(std::uint64_t line, const std::string& what) const;

 private:
  MappedFile file_;
  const char* pos_ = nullptr;
  const char* end_ = nullptr;
  std::uint64_t line_ = 0;
};

// Splits a line into blank-separated fields.
class Fields {
 public:
  explicit Fields(std::string_view line) : rest_(line) {}
  // The next field; false when none is left.
  bool next(std::string_view& field);
  // True when no field is left.
  bool done();

 private:
  std::string_view rest_;
};

// A field as it appears in an error message: quoted, control bytes escaped and
// long fields shortened (a binary file fed to a text reader must give a readable message).
std::string quoted(std::string_view field);

}  // namespace gs::io
