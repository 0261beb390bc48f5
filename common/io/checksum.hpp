// The payload checksum of .gsc files: a 64-bit hash written for this suite
// (four independent multiply-rotate lanes over 8-byte words, like xxHash's
// structure, so that it runs at memory speed). It detects corruption and
// truncation; it is not cryptographic. Chaining: pass the previous result as
// `seed` to hash several arrays as one payload.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gs::io {

inline constexpr std::uint64_t kChecksumSeed = 0x6773636163686531ULL;  // "gscache1"

std::uint64_t checksum_bytes(const void* data, std::size_t bytes, std::uint64_t seed);

// The same checksum fed in pieces: feed() the bytes in order, then finish()
// gives checksum_bytes of all of them (checksum_bytes is one feed).
class ChecksumStream {
 public:
  explicit ChecksumStream(std::uint64_t seed);
  void feed(const void* data, std::size_t bytes);
  std::uint64_t finish() const;

 private:
  std::uint64_t lane_[4];
  std::uint64_t bytes_ = 0;
  unsigned char held_[32];  // the bytes after the last whole block of 32
  std::size_t held_bytes_ = 0;
};

}  // namespace gs::io
