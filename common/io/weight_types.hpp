// The weight types that the readers and writers are compiled for, their names
// in messages and their codes in the binary cache.
#pragma once

#include <cstdint>
#include <type_traits>

namespace gs::io {

// X(W) for every weight type with explicit instantiations.
#define GS_IO_FOR_EACH_WEIGHT(X) \
  X(std::uint16_t)               \
  X(std::uint32_t)               \
  X(std::uint64_t)               \
  X(std::int32_t)                \
  X(float)                       \
  X(double)

// Codes stored in .gsc headers; never renumber (old caches would read wrongly).
enum class WeightCode : std::uint32_t { kNone = 0, kU16 = 1, kU32 = 2, kU64 = 3, kI32 = 4, kF32 = 5, kF64 = 6 };

template <class W>
constexpr WeightCode weight_code() {
  if constexpr (std::is_same_v<W, std::uint16_t>) return WeightCode::kU16;
  else if constexpr (std::is_same_v<W, std::uint32_t>) return WeightCode::kU32;
  else if constexpr (std::is_same_v<W, std::uint64_t>) return WeightCode::kU64;
  else if constexpr (std::is_same_v<W, std::int32_t>) return WeightCode::kI32;
  else if constexpr (std::is_same_v<W, float>) return WeightCode::kF32;
  else if constexpr (std::is_same_v<W, double>) return WeightCode::kF64;
  else static_assert(sizeof(W) == 0, "no readers/writers for this weight type");
}

inline const char* weight_code_name(WeightCode c) {
  switch (c) {
    case WeightCode::kNone:
      return "none (unweighted)";
    case WeightCode::kU16:
      return "uint16";
    case WeightCode::kU32:
      return "uint32";
    case WeightCode::kU64:
      return "uint64";
    case WeightCode::kI32:
      return "int32";
    case WeightCode::kF32:
      return "float32";
    case WeightCode::kF64:
      return "float64";
  }
  return "unknown";
}

template <class W>
const char* weight_type_name() {
  return weight_code_name(weight_code<W>());
}

// Calls f(S{}) with S the C++ type of a stored weight code (kNone: W).
template <class W, class F>
auto with_weight_type(WeightCode code, F&& f) {
  switch (code) {
    case WeightCode::kU16:
      return f(std::uint16_t{});
    case WeightCode::kU32:
      return f(std::uint32_t{});
    case WeightCode::kU64:
      return f(std::uint64_t{});
    case WeightCode::kI32:
      return f(std::int32_t{});
    case WeightCode::kF32:
      return f(float{});
    case WeightCode::kF64:
      return f(double{});
    case WeightCode::kNone:
      break;
  }
  return f(W{});
}

}  // namespace gs::io
