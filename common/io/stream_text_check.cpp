#include "common/io/stream_text_check.hpp"

#include <algorithm>
#include <cstring>

#include "common/errors.hpp"
#include "common/io/text_input.hpp"

namespace gs::io {

void StreamTextCheck::check(const char* data, std::uint64_t bytes) {
  // In slices no longer than the bound a line that starts and ends within one
  // is shorter than the bound: only the lines that cross a slice's ends are
  // measured, and the rest is counted by fast whole-slice scans.
  for (std::uint64_t done = 0; done < bytes; done += kMaxLineBytes)
    check_slice(data + done, std::min(bytes - done, kMaxLineBytes));
}

void StreamTextCheck::check_slice(const char* data, std::uint64_t bytes) {
  const auto* nul = static_cast<const char*>(std::memchr(data, '\0', std::size_t(bytes)));
  // The lines before a NUL byte first: an overlong one among them is the first problem.
  const char* const stop = nul ? nul : data + bytes;
  const auto* first_end = static_cast<const char*>(std::memchr(data, '\n', std::size_t(stop - data)));
  if (first_end) {
    line_bytes_ += std::uint64_t(first_end - data);
    if (line_bytes_ > kMaxLineBytes) throw file_error(path_, line(), overlong_line_problem());
    const auto* last_end = static_cast<const char*>(::memrchr(first_end, '\n', std::size_t(stop - first_end)));
    lines_ended_ += std::uint64_t(std::count(first_end, last_end + 1, '\n'));
    line_bytes_ = std::uint64_t(stop - (last_end + 1));
  } else {
    line_bytes_ += std::uint64_t(stop - data);
  }
  if (line_bytes_ > kMaxLineBytes) throw file_error(path_, line(), overlong_line_problem());
  if (nul) throw file_error(path_, line(), "a NUL byte: binary data, not a text graph file");
}

}  // namespace gs::io
