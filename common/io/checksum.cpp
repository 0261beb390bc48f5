#include "common/io/checksum.hpp"

#include <bit>
#include <cstring>

namespace gs::io {
namespace {

constexpr std::uint64_t kMulA = 0x9E3779B97F4A7C15ULL;  // odd constants with well-mixed bits
constexpr std::uint64_t kMulB = 0xC2B2AE3D27D4EB4FULL;

std::uint64_t load64(const unsigned char* p) {
  std::uint64_t x;
  std::memcpy(&x, p, 8);
  return x;
}

std::uint64_t round(std::uint64_t lane, std::uint64_t word) { return std::rotl(lane + word * kMulB, 31) * kMulA; }

std::uint64_t avalanche(std::uint64_t h) {
  h ^= h >> 33;
  h *= kMulB;
  h ^= h >> 29;
  h *= kMulA;
  return h ^ (h >> 32);
}

}  // namespace

std::uint64_t checksum_bytes(const void* data, std::size_t bytes, std::uint64_t seed) {
  const auto* p = static_cast<const unsigned char*>(data);
  const unsigned char* const end = p + bytes;
  std::uint64_t lane[4] = {seed + kMulA, seed ^ kMulB, seed - kMulA, std::rotl(seed, 17) + kMulB};
  for (; end - p >= 32; p += 32)
    for (int i = 0; i < 4; ++i) lane[i] = round(lane[i], load64(p + 8 * i));
  std::uint64_t h = bytes * kMulA;
  for (int i = 0; i < 4; ++i) h = (h ^ round(0, lane[i])) * kMulB + std::uint64_t(i);
  for (; end - p >= 8; p += 8) h = std::rotl(h ^ round(0, load64(p)), 27) * kMulA + kMulB;
  for (; p < end; ++p) h = std::rotl(h ^ (*p * kMulB), 11) * kMulA;
  return avalanche(h);
}

}  // namespace gs::io
