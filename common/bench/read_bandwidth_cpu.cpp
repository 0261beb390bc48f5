#include <cstdlib>
#include <new>

#include "common/timer.hpp"
#include "common/bench/read_bandwidth.hpp"

namespace gs::bench {
namespace {

// The sum of word(k) for k < count, over the OpenMP threads: the sequential and
// random reads, and their expected checksums.
template <class Word>
std::uint64_t parallel_sum(std::uint64_t count, Word word) {
  std::uint64_t s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (std::int64_t k = 0; k < std::int64_t(count); ++k) s += word(std::uint64_t(k));
  return s;
}

// The sum of `reads` dependent reads on the calling thread, each position
// taken from the value read before it.
template <class Word>
std::uint64_t chained_sum(std::uint64_t words, std::uint64_t reads, Word word) {
  std::uint64_t s = 0, last = 0;
  for (std::uint64_t k = 0; k < reads; ++k) {
    last = word(random_position(k ^ last, words));
    s += last;
  }
  return s;
}

// `reads` 8-byte reads that `sum` performs, timed.
template <class Sum>
ReadBandwidth timed(std::uint64_t reads, Sum sum) {
  ReadBandwidth r;
  WallTimer t;
  r.checksum = sum();
  r.seconds = t.seconds();
  r.bytes = reads * sizeof(std::uint64_t);
  return r;
}

}  // namespace

std::uint64_t expected_sequential_checksum(std::uint64_t words) { return parallel_sum(words, word_value); }

std::uint64_t expected_random_checksum(std::uint64_t words, std::uint64_t reads) {
  return parallel_sum(reads, [words](std::uint64_t k) { return word_value(random_position(k, words)); });
}

std::uint64_t expected_dependent_checksum(std::uint64_t words, std::uint64_t reads) {
  return chained_sum(words, reads, word_value);
}

CpuReadBench::CpuReadBench(std::uint64_t words) : words_(words) {
  data_ = static_cast<std::uint64_t*>(std::aligned_alloc(64, words * sizeof(std::uint64_t)));
  if (!data_) throw std::bad_alloc();
#pragma omp parallel for schedule(static)  // first touch spreads pages over the threads' nodes
  for (std::int64_t i = 0; i < std::int64_t(words); ++i) data_[i] = word_value(std::uint64_t(i));
}

CpuReadBench::~CpuReadBench() { std::free(data_); }

ReadBandwidth CpuReadBench::sequential() const {
  return timed(words_, [this] { return parallel_sum(words_, [this](std::uint64_t i) { return data_[i]; }); });
}

ReadBandwidth CpuReadBench::random(std::uint64_t reads) const {
  return timed(reads, [&] {
    return parallel_sum(reads, [this](std::uint64_t k) { return data_[random_position(k, words_)]; });
  });
}

ReadBandwidth CpuReadBench::dependent(std::uint64_t reads) const {
  return timed(reads, [&] { return chained_sum(words_, reads, [this](std::uint64_t p) { return data_[p]; }); });
}

}  // namespace gs::bench
