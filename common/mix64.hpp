// SplitMix64's finaliser (Stafford's Mix13 variant): a bijective 64-bit mixer,
// used for counter-based random numbers (generators/counter_rng.hpp) and for
// fingerprints of answers (common/verify/verified_levels.hpp).
#pragma once

#include <cstdint>

namespace gs {

constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace gs
