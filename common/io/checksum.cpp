#include "common/io/checksum.hpp"

#include <algorithm>
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

ChecksumStream::ChecksumStream(std::uint64_t seed)
    : lane_{seed + kMulA, seed ^ kMulB, seed - kMulA, std::rotl(seed, 17) + kMulB} {}

void ChecksumStream::feed(const void* data, std::size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  const unsigned char* const end = p + bytes;
  bytes_ += bytes;
  const auto block = [this](const unsigned char* b) {
    for (int i = 0; i < 4; ++i) lane_[i] = round(lane_[i], load64(b + 8 * i));
  };
  if (held_bytes_ > 0) {  // complete the block the last piece began
    const std::size_t take = std::min<std::size_t>(32 - held_bytes_, bytes);
    std::memcpy(held_ + held_bytes_, p, take);
    held_bytes_ += take;
    p += take;
    if (held_bytes_ < 32) return;
    block(held_);
    held_bytes_ = 0;
  }
  for (; end - p >= 32; p += 32) block(p);
  held_bytes_ = std::size_t(end - p);
  if (held_bytes_ > 0) std::memcpy(held_, p, held_bytes_);
}

std::uint64_t ChecksumStream::finish() const {
  const unsigned char* p = held_;
  const unsigned char* const end = held_ + held_bytes_;
  std::uint64_t h = bytes_ * kMulA;
  for (int i = 0; i < 4; ++i) h = (h ^ round(0, lane_[i])) * kMulB + std::uint64_t(i);
  for (; end - p >= 8; p += 8) h = std::rotl(h ^ round(0, load64(p)), 27) * kMulA + kMulB;
  for (; p < end; ++p) h = std::rotl(h ^ (*p * kMulB), 11) * kMulA;
  return avalanche(h);
}

std::uint64_t checksum_bytes(const void* data, std::size_t bytes, std::uint64_t seed) {
  ChecksumStream stream(seed);
  stream.feed(data, bytes);
  return stream.finish();
}

}  // namespace gs::io
