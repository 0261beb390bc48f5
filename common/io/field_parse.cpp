#include "common/io/field_parse.hpp"

namespace gs::io {

std::uint64_t parse_count(const LineCursor& in, std::string_view field, const char* what) {
  std::uint64_t x = 0;
  const auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), x);
  if (ec == std::errc::result_out_of_range) in.fail(std::string(what) + " " + quoted(field) + " is too large");
  if (ec != std::errc() || p != field.data() + field.size())
    in.fail(std::string(what) + " " + quoted(field) + " is not a non-negative integer");
  return x;
}

std::uint64_t parse_file_id(const LineCursor& in, std::string_view field, unsigned base,
                            std::optional<std::uint64_t> declared_n) {
  std::uint64_t x = 0;
  const auto [p, ec] = std::from_chars(field.data(), field.data() + field.size(), x);
  if (ec == std::errc() && p == field.data() + field.size()) {
    if (x < base) in.fail("vertex id 0 in a 1-based format (ids run from 1 to N)");
    const std::uint64_t id = x - base;
    if (declared_n && id >= *declared_n)
      in.fail("vertex id " + std::string(field) + " is out of range: the header declares " +
              std::to_string(*declared_n) + " vertices");
    return id;
  }
  if (!field.empty() && field.front() == '-') in.fail("vertex id " + quoted(field) + " is negative");
  if (ec == std::errc::result_out_of_range)
    in.fail("vertex id " + quoted(field) + " is too large (ids are below 2^64)");
  in.fail("vertex id " + quoted(field) + " is not a non-negative integer");
}

vid_t parse_vertex(const LineCursor& in, std::string_view field, unsigned base,
                   std::optional<std::uint64_t> declared_n) {
  std::uint64_t x = 0;
  if (std::from_chars(field.data(), field.data() + field.size(), x).ec == std::errc::result_out_of_range)
    in.fail("vertex id " + quoted(field) + " is too large: vertex ids are 32-bit (n < 2^32)");
  const std::uint64_t id = parse_file_id(in, field, base, declared_n);
  if (id >= std::uint64_t(kNoVertex))
    in.fail("vertex id " + std::string(field) + " is too large: vertex ids are 32-bit (n < 2^32); " +
            "--relabel yes renumbers the ids that occur");
  return vid_t(id);
}

void require_integer_text(const LineCursor& in, std::string_view field) {
  std::int64_t i = 0;
  const char* last = field.data() + field.size();
  if (const auto [p, ec] = std::from_chars(field.data(), last, i); ec == std::errc() && p == last) return;
  double d = 0;
  const auto [p, ec] = std::from_chars(field.data(), last, d);
  if (ec == std::errc() && p == last && std::isfinite(d) && d != std::floor(d))
    in.fail("weight " + quoted(field) + " is not an integer, but the file declares integer weights");
  // Anything else (too large, not a number) is parse_weight's to report.
}

}  // namespace gs::io
