#include "experiments/sollin_multicore/read_bandwidth.hpp"

#include <omp.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

#include "common/timer.hpp"

namespace gs::sollin_multicore {
namespace {

// One streaming pass of each kernel, each thread over its static share; GB/s.
// Two kernels, as the floor should be the best the machine's reads achieve:
// a 64-bit sum, and a 16-bit minimum (the Sollin select's own access pattern).
template <class Word, class Kernel>
double pass_gbs(const Word* buffer, std::size_t words, int threads, Kernel kernel) {
  std::uint64_t result = 0;
  WallTimer t;
#pragma omp parallel num_threads(threads) reduction(+ : result)
  {
    const int T = omp_get_num_threads(), me = omp_get_thread_num();
    result += kernel(buffer + words * me / T, buffer + words * (me + 1) / T);
  }
  const double s = t.seconds();
  static volatile std::uint64_t sink;
  sink = sink + result;  // keeps the reads alive
  return double(words * sizeof(Word)) / s / 1e9;
}

std::uint64_t sum64(const std::uint64_t* begin, const std::uint64_t* end) {
  std::uint64_t acc = 0;
#pragma omp simd reduction(+ : acc)
  for (const std::uint64_t* p = begin; p < end; ++p) acc += *p;
  return acc;
}

std::uint64_t min16(const std::uint16_t* begin, const std::uint16_t* end) {
  std::uint16_t acc = 0xffff;  // a plain loop: GCC vectorises it (vpminuw), not the omp simd form
  for (const std::uint16_t* p = begin; p < end; ++p) acc = std::min(acc, *p);
  return acc;
}

}  // namespace

double measure_read_bandwidth_gbs(int threads, std::size_t bytes, int repeats) {
  // 2 MiB-aligned and marked for huge pages (where the kernel honours it) so
  // that TLB misses do not lower the measurement; first touched by the threads
  // that read it (NUMA placement), not zero-filled by one thread.
  constexpr std::size_t kAlign = std::size_t(2) << 20;
  const std::size_t size = (bytes + kAlign - 1) / kAlign * kAlign;
  std::unique_ptr<std::uint64_t, decltype(&std::free)> holder(
      static_cast<std::uint64_t*>(std::aligned_alloc(kAlign, size)), &std::free);
  if (!holder) throw std::bad_alloc();
  madvise(holder.get(), size, MADV_HUGEPAGE);  // advice only: ignored where huge pages are off
  std::uint64_t* const buffer = holder.get();
  const std::size_t words = size / sizeof(std::uint64_t);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::int64_t k = 0; k < std::int64_t(words); ++k) buffer[k] = std::uint64_t(k) * 0x9E3779B97F4A7C15ull;
  const auto* halves = reinterpret_cast<const std::uint16_t*>(buffer);
  double best = 0;
  for (int r = -1; r < repeats; ++r) {  // r = -1: a warm-up pass of each kernel
    const double sum = pass_gbs(buffer, words, threads, sum64);
    const double min = pass_gbs(halves, 4 * words, threads, min16);
    if (r >= 0) best = std::max({best, sum, min});
  }
  return best;
}

}  // namespace gs::sollin_multicore
