#include <cstdlib>
#include <new>

#include "common/timer.hpp"
#include "common/bench/read_bandwidth.hpp"

namespace gs::bench {

std::uint64_t expected_sequential_checksum(std::uint64_t words) {
  std::uint64_t s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(words); ++i) s += word_value(std::uint64_t(i));
  return s;
}

std::uint64_t expected_random_checksum(std::uint64_t words, std::uint64_t reads) {
  std::uint64_t s = 0;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (std::int64_t k = 0; k < std::int64_t(reads); ++k) s += word_value(random_position(std::uint64_t(k), words));
  return s;
}

std::uint64_t expected_dependent_checksum(std::uint64_t words, std::uint64_t reads) {
  std::uint64_t s = 0, last = 0;
  for (std::uint64_t k = 0; k < reads; ++k) {
    last = word_value(random_position(k ^ last, words));
    s += last;
  }
  return s;
}

CpuReadBench::CpuReadBench(std::uint64_t words) : words_(words) {
  data_ = static_cast<std::uint64_t*>(std::aligned_alloc(64, words * sizeof(std::uint64_t)));
  if (!data_) throw std::bad_alloc();
#pragma omp parallel for schedule(static)  // first touch spreads pages over the threads' nodes
  for (std::int64_t i = 0; i < std::int64_t(words); ++i) data_[i] = word_value(std::uint64_t(i));
}

CpuReadBench::~CpuReadBench() { std::free(data_); }

ReadBandwidth CpuReadBench::sequential() const {
  ReadBandwidth r;
  std::uint64_t s = 0;
  WallTimer t;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(words_); ++i) s += data_[i];
  r.seconds = t.seconds();
  r.bytes = words_ * sizeof(std::uint64_t);
  r.checksum = s;
  return r;
}

ReadBandwidth CpuReadBench::random(std::uint64_t reads) const {
  ReadBandwidth r;
  std::uint64_t s = 0;
  WallTimer t;
#pragma omp parallel for reduction(+ : s) schedule(static)
  for (std::int64_t k = 0; k < std::int64_t(reads); ++k) s += data_[random_position(std::uint64_t(k), words_)];
  r.seconds = t.seconds();
  r.bytes = reads * sizeof(std::uint64_t);
  r.checksum = s;
  return r;
}

ReadBandwidth CpuReadBench::dependent(std::uint64_t reads) const {
  ReadBandwidth r;
  std::uint64_t s = 0, last = 0;
  WallTimer t;
  for (std::uint64_t k = 0; k < reads; ++k) {
    last = data_[random_position(k ^ last, words_)];
    s += last;
  }
  r.seconds = t.seconds();
  r.bytes = reads * sizeof(std::uint64_t);
  r.checksum = s;
  return r;
}

}  // namespace gs::bench
