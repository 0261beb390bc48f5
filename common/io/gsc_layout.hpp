// The header of a .gsc binary graph cache (binary_cache.cpp has the format),
// read and written here alone: the whole-file reader and writer
// (binary_cache.cpp) and the readers of one part of its edges (an MPI rank's
// range of edge indices) share its checks, where each array starts, the
// payload checksum and the exact conversion of a stored weight to another
// type. Messages are "PATH:0: ...".
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "common/io/weight_types.hpp"

namespace gs::io {

inline constexpr std::size_t kGscHeaderBytes = 64;

struct GscLayout {
  std::uint64_t n = 0;
  std::uint64_t m = 0;
  bool directed = false;
  WeightCode weight_code = WeightCode::kNone;
  std::size_t weight_bytes = 0;  // 0 when unweighted
  std::uint64_t checksum = 0;    // of the payload, as stored

  // Byte offsets of u[0], v[0] and w[0] in the file.
  std::uint64_t u_offset() const { return kGscHeaderBytes; }
  std::uint64_t v_offset() const { return u_offset() + 4 * m; }
  std::uint64_t w_offset() const { return u_offset() + 8 * m; }
};

// Checks the header of a .gsc file of `size` bytes whose first
// min(size, kGscHeaderBytes) bytes are at `first`: magic, version, flags,
// weight code, n < 2^32 and the file length that n and m imply. InputError
// "PATH:0: ..." otherwise. With `required_weights`, a weighted file must store
// that type (a reader that does not convert); otherwise the weight type is the
// caller's to accept or convert (stored_weight_as).
GscLayout read_gsc_layout(const std::string& path, const char* first, std::uint64_t size,
                          std::optional<WeightCode> required_weights = std::nullopt);

// The weight code of a .gsc file whose first bytes are as above, when it has
// the magic and a known code; nullopt otherwise (read_gsc_layout says why).
std::optional<WeightCode> peek_gsc_weight_code(const char* first, std::uint64_t size);

// The header that read_gsc_layout reads back as `layout` (its weight_bytes
// and offsets follow from the rest).
void encode_gsc_header(const GscLayout& layout, char (&header)[kGscHeaderBytes]);

// The checksum of a payload of m edges: u, then v (m ids each), then w (m
// weights of weight_bytes each; none when 0).
std::uint64_t gsc_checksum(const void* u, const void* v, const void* w, std::uint64_t m, std::size_t weight_bytes);

// The checksum of the payload of the mapped file, to compare with layout.checksum.
std::uint64_t gsc_payload_checksum(const char* data, const GscLayout& layout);

// The stored weight at `p` (of type `code`, not kNone) as a W, when W holds
// it exactly (an integer type: an integral value in range; a floating type:
// the same value); nullopt otherwise, and for NaN and infinities.
template <class W>
std::optional<W> stored_weight_as(const char* p, WeightCode code);

// -- implementation --

namespace detail {
template <class W, class S>
std::optional<W> exactly(S x) {
  if constexpr (std::is_floating_point_v<S>) {
    if (!std::isfinite(x)) return std::nullopt;
    if constexpr (std::is_integral_v<W>)
      if (x != std::floor(x)) return std::nullopt;
  }
  if constexpr (std::is_integral_v<W>) {
    // long double holds every 64-bit integer and every limit of W exactly.
    const long double lx = static_cast<long double>(x);
    if (lx < static_cast<long double>(std::numeric_limits<W>::min()) ||
        lx > static_cast<long double>(std::numeric_limits<W>::max()))
      return std::nullopt;
    return W(x);
  } else {
    const W out = W(x);
    if (static_cast<long double>(out) != static_cast<long double>(x)) return std::nullopt;
    return out;
  }
}

template <class S>
S load(const char* p) {
  S x;
  std::memcpy(&x, p, sizeof x);
  return x;
}
}  // namespace detail

template <class W>
std::optional<W> stored_weight_as(const char* p, WeightCode code) {
  switch (code) {
    case WeightCode::kU16:
      return detail::exactly<W>(detail::load<std::uint16_t>(p));
    case WeightCode::kU32:
      return detail::exactly<W>(detail::load<std::uint32_t>(p));
    case WeightCode::kU64:
      return detail::exactly<W>(detail::load<std::uint64_t>(p));
    case WeightCode::kI32:
      return detail::exactly<W>(detail::load<std::int32_t>(p));
    case WeightCode::kF32:
      return detail::exactly<W>(detail::load<float>(p));
    case WeightCode::kF64:
      return detail::exactly<W>(detail::load<double>(p));
    case WeightCode::kNone:
      break;
  }
  return std::nullopt;
}

}  // namespace gs::io
