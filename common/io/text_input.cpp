#include "common/io/text_input.hpp"

#include <algorithm>
#include <cstring>

#include "common/errors.hpp"
#include "common/memory.hpp"

namespace gs::io {
namespace {

bool is_blank(char c) { return Fields::is_blank(c); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

LineCursor first_line(const std::string& path, const char* data, std::uint64_t size) {
  const char* begin = data;
  const char* const end = data + size;
  static constexpr char kBom[] = "\xEF\xBB\xBF";
  if (size >= 3 && std::memcmp(begin, kBom, 3) == 0) begin += 3;
  if (std::all_of(begin, end, [](char c) { return is_blank(c) || c == '\n'; }))
    throw file_error(path, 0, size == 0 ? "the file is empty" : "the file has no content (only whitespace)");
  return LineCursor(path, begin, end, 0);
}

TextInput::TextInput(const std::string& path)
    : file_(path, FileContents::text), cursor_(first_line(file_.path(), file_.data(), file_.size())) {}

std::string overlong_line_problem() {
  return "a line longer than " + format_bytes(kMaxLineBytes) + ": not a text graph file (binary data?)";
}

bool LineCursor::next_line(std::string_view& line) {
  if (pos_ >= end_) return false;
  const auto rest = std::uint64_t(end_ - pos_);
  const auto* nl = static_cast<const char*>(std::memchr(pos_, '\n', std::size_t(std::min(rest, kMaxLineBytes + 1))));
  if (!nl && rest > kMaxLineBytes) fail_at(line_ + 1, overlong_line_problem());
  const char* stop = nl ? nl : end_;
  line = trim(std::string_view(pos_, std::size_t(stop - pos_)));
  pos_ = nl ? nl + 1 : end_;
  ++line_;
  return true;
}

void LineCursor::fail(const std::string& what) const { throw file_error(path(), line_, what); }

void LineCursor::fail_at(std::uint64_t line, const std::string& what) const { throw file_error(path(), line, what); }

std::string quoted(std::string_view field) {
  constexpr std::size_t kMax = 40;
  std::string out = "'";
  for (std::size_t i = 0; i < field.size() && i < kMax; ++i) {
    const auto c = static_cast<unsigned char>(field[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += char(c);
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (field.size() > kMax) out += "...";
  return out + "'";
}

}  // namespace gs::io
