// Read bandwidth of this machine's CPU and GPU: hybrid_dfs's Table 1 and the
// host characterisation every run records (common/host_profile.hpp).
//
// Sequential: every 8-byte word of a large array read once in order (a sum,
// all threads / all SMs). Random: the same number of 8-byte words read at
// independent pseudo-random positions (a counter-based hash, so no index array
// is read). GB/s = 8 bytes * words / seconds (useful bytes, not cache lines).
// Dependent: one thread, each position hashed from the word read before it, so
// every read waits for the last: the memory latency a pointer-chasing program sees.
// Each measurement returns a checksum that the caller compares with the value
// computed on the host: a benchmark whose reads were optimised away fails.
#pragma once

#include <cstdint>

#ifdef __CUDACC__
#define GS_BENCH_HD __host__ __device__
#else
#define GS_BENCH_HD
#endif

namespace gs::bench {

struct ReadBandwidth {
  double seconds = 0;
  std::uint64_t bytes = 0;
  std::uint64_t checksum = 0;
  double gbs() const { return seconds > 0 ? double(bytes) / seconds / 1e9 : 0; }
};

// Position of the k-th random read in an array of `words` words (a power of two).
GS_BENCH_HD inline std::uint64_t random_position(std::uint64_t k, std::uint64_t words) {
  std::uint64_t z = k + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (z ^ (z >> 31)) & (words - 1);
}
// The value stored at word i (so checksums are known without reading the array).
GS_BENCH_HD inline std::uint64_t word_value(std::uint64_t i) { return i * 0x100000001B3ull + 7; }

// The expected checksums: sum of word_value over all words / over the random positions.
std::uint64_t expected_sequential_checksum(std::uint64_t words);
std::uint64_t expected_random_checksum(std::uint64_t words, std::uint64_t reads);
std::uint64_t expected_dependent_checksum(std::uint64_t words, std::uint64_t reads);

// `words` must be a power of two. The array is filled outside the timing.
class CpuReadBench {
 public:
  explicit CpuReadBench(std::uint64_t words);
  ~CpuReadBench();
  ReadBandwidth sequential() const;
  ReadBandwidth random(std::uint64_t reads) const;
  // `reads` dependent reads on the calling thread; seconds / reads is the latency.
  ReadBandwidth dependent(std::uint64_t reads) const;

 private:
  std::uint64_t words_;
  std::uint64_t* data_;
};

#ifdef GS_HAVE_CUDA
class GpuReadBench {
 public:
  explicit GpuReadBench(std::uint64_t words);
  ~GpuReadBench();
  ReadBandwidth sequential() const;
  ReadBandwidth random(std::uint64_t reads) const;

 private:
  std::uint64_t words_;
  std::uint64_t* data_ = nullptr;
  unsigned long long* sum_ = nullptr;
};
#endif

}  // namespace gs::bench
