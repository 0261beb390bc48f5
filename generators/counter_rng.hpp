// Counter-based random numbers: the value for draw `i` is a pure function of
// (seed, stream, i), so a generator can compute any draw on any thread in any
// order and produce the same graph whatever the thread count.
//
// The function is SplitMix64 evaluated at position i of a sequence whose start
// is derived from (seed, stream); SplitMix64's output function is a strong
// 64-bit mixer and the sequence passes BigCrush. Different streams start at
// independently mixed positions, so their overlap within the 2^40 or so draws a
// generator uses has probability ~2^-24 at worst and is irrelevant in practice.
#pragma once

#include <cstdint>

#include "common/mix64.hpp"

namespace gs::gen {

using ::gs::mix64;

class CounterRng {
 public:
  // `stream` separates independent uses of one seed (e.g. RMAT's level noise
  // and its edge draws); callers pass small distinct constants.
  constexpr CounterRng(std::uint64_t seed, std::uint64_t stream)
      : start_(mix64(mix64(seed) ^ mix64(stream * kGamma + 0x5851f42d4c957f2dULL))) {}

  // 64 random bits for draw `counter`.
  constexpr std::uint64_t bits(std::uint64_t counter) const { return mix64(start_ + (counter + 1) * kGamma); }

  // Uniform integer in [0, range), range >= 1, by Lemire's multiply-high. The
  // bias is below range / 2^64 (< 2^-32 for 32-bit ranges): far beneath anything
  // a graph experiment can detect, and it keeps one draw per value, no loop.
  constexpr std::uint64_t below(std::uint64_t counter, std::uint64_t range) const {
    return std::uint64_t((unsigned __int128)bits(counter) * range >> 64);
  }

  // Uniform double in [0, 1) with 53 random bits.
  constexpr double unit(std::uint64_t counter) const { return double(bits(counter) >> 11) * 0x1.0p-53; }

 private:
  static constexpr std::uint64_t kGamma = 0x9e3779b97f4a7c15ULL;  // SplitMix64's increment
  std::uint64_t start_;
};

}  // namespace gs::gen
