#include "experiments/sollin_multicore/read_bandwidth.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "common/timer.hpp"

namespace gs::sollin_exp {

double measure_read_bandwidth_gbs(int threads, std::size_t bytes, int repeats) {
  const std::size_t words = bytes / sizeof(std::uint64_t);
  std::vector<std::uint64_t> buffer(words);
  // Filled by the same threads and schedule that read it (first touch).
#pragma omp parallel for schedule(static) num_threads(threads)
  for (std::int64_t k = 0; k < std::int64_t(words); ++k) buffer[k] = std::uint64_t(k) * 0x9E3779B97F4A7C15ull;
  double best = 0;
  volatile std::uint64_t sink = 0;
  for (int r = -1; r < repeats; ++r) {
    std::uint64_t total = 0;
    WallTimer t;
#pragma omp parallel for schedule(static) num_threads(threads) reduction(+ : total)
    for (std::int64_t k = 0; k < std::int64_t(words); ++k) total += buffer[k];
    const double s = t.seconds();
    sink = sink + total;  // keeps the sum alive
    if (r >= 0) best = std::max(best, double(words * sizeof(std::uint64_t)) / s / 1e9);
  }
  return best;
}

}  // namespace gs::sollin_exp
