// Parsing of single fields (counts, vertex ids, weights) with std::from_chars,
// each failure an InputError at the current line that quotes the field.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "common/graph.hpp"
#include "common/io/graph_io.hpp"
#include "common/io/text_input.hpp"
#include "common/io/weight_types.hpp"

namespace gs::io {

// A non-negative integer that fits in 64 bits (header counts such as N and M).
std::uint64_t parse_count(const LineCursor& in, std::string_view field, const char* what);

// A vertex id in a format whose ids start at `base` (0 or 1). With a declared
// vertex count n, ids must be < base + n; without one (nullopt), the id must
// leave n = id + 1 representable as a 32-bit vertex count. Returns the 0-based id.
vid_t parse_vertex(const LineCursor& in, std::string_view field, unsigned base,
                   std::optional<std::uint64_t> declared_n);
// The same without the 32-bit limit (ids that compact_ids renumbers): any
// value below 2^64, and below base + n where n is declared.
std::uint64_t parse_file_id(const LineCursor& in, std::string_view field, unsigned base,
                            std::optional<std::uint64_t> declared_n);

// InputError unless the field is an integer ("3", "-3", "3.0", "3e2"), for
// formats that declare integer weights whatever type the program reads them into.
void require_integer_text(const LineCursor& in, std::string_view field);

// A weight of type W. Integer W accepts integers and integral decimals ("3.0");
// floating W accepts any finite decimal. Rejects NaN and infinities, negative
// values unless options.allow_negative_weights, and values that do not fit W.
template <class W>
W parse_weight(const LineCursor& in, std::string_view field, const ReadOptions& options) {
  const std::string_view original = field;
  if (field.size() > 1 && field.front() == '+' && field[1] != '-') field.remove_prefix(1);
  const char* first = field.data();
  const char* last = first + field.size();
  const auto not_a_number = [&] { in.fail("weight " + quoted(original) + " is not a number"); };
  const auto does_not_fit = [&] {
    in.fail("weight " + quoted(original) + " does not fit the weight type " + weight_type_name<W>());
  };
  const auto negative = [&] {
    in.fail("weight " + quoted(original) + " is negative (negative weights are not allowed here)");
  };

  if constexpr (std::is_integral_v<W>) {
    // Fast path: a plain integer.
    if (field.front() == '-') {
      std::int64_t x = 0;
      const auto [p, ec] = std::from_chars(first, last, x);
      if (ec == std::errc() && p == last) {
        if (x < 0 && !options.allow_negative_weights) negative();
        if (x < std::int64_t(std::numeric_limits<W>::min()) ||
            (x >= 0 && std::uint64_t(x) > std::uint64_t(std::numeric_limits<W>::max())))
          does_not_fit();
        return W(x);
      }
      if (ec == std::errc::result_out_of_range) does_not_fit();
    } else {
      std::uint64_t x = 0;
      const auto [p, ec] = std::from_chars(first, last, x);
      if (ec == std::errc() && p == last) {
        if (x > std::uint64_t(std::numeric_limits<W>::max())) does_not_fit();
        return W(x);
      }
      if (ec == std::errc::result_out_of_range) does_not_fit();
    }
    // Otherwise it may be an integral decimal such as "3.0" or "1e3".
    double d = 0;
    const auto [p, ec] = std::from_chars(first, last, d);
    if (ec == std::errc::result_out_of_range) does_not_fit();
    if (ec != std::errc() || p != last) not_a_number();
    if (!std::isfinite(d))
      in.fail("weight " + quoted(original) + " is not finite (NaN and infinities are not allowed)");
    if (d < 0 && !options.allow_negative_weights) negative();
    if (d != std::floor(d))
      in.fail("weight " + quoted(original) + " is not an integer: reading it as " + weight_type_name<W>() +
              " would change the answer");
    // long double holds every limit of W exactly (double rounds 2^64 - 1 up).
    const long double x = d;
    if (x < static_cast<long double>(std::numeric_limits<W>::min()) ||
        x > static_cast<long double>(std::numeric_limits<W>::max()))
      does_not_fit();
    return W(d);
  } else {
    // Parsed straight into W: correctly rounded (no double rounding through
    // double), and out of range when the value overflows or underflows W.
    W d = 0;
    const auto [p, ec] = std::from_chars(first, last, d);
    if (ec == std::errc::result_out_of_range) does_not_fit();
    if (ec != std::errc() || p != last) not_a_number();
    if (!std::isfinite(d))
      in.fail("weight " + quoted(original) + " is not finite (NaN and infinities are not allowed)");
    if (d < 0 && !options.allow_negative_weights) negative();
    return d;
  }
}

}  // namespace gs::io
