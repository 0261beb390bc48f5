// Running sums of large arrays on every OpenMP thread: each thread sums its
// block, the block totals are summed in order, and each thread adds the total
// before its block. Integers only, so the result does not depend on the
// thread count.
#pragma once

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <omp.h>
#include <type_traits>
#include <vector>

namespace gs {

// a[i] becomes a[0] + ... + a[i].
template <class T>
void inclusive_sum_in_place(T* a, std::size_t count) {
  static_assert(std::is_integral_v<T>, "an exact sum: integers only");
  const int blocks = std::max(1, omp_get_max_threads());
  const std::size_t per = (count + std::size_t(blocks) - 1) / std::size_t(blocks);
  std::vector<T> before(std::size_t(blocks) + 1, 0);
#pragma omp parallel for schedule(static, 1)
  for (int b = 0; b < blocks; ++b) {
    const std::size_t lo = std::min(count, b * per), hi = std::min(count, lo + per);
    T sum = 0;
    for (std::size_t i = lo; i < hi; ++i) a[i] = sum += a[i];
    before[std::size_t(b) + 1] = sum;
  }
  std::partial_sum(before.begin(), before.end(), before.begin());
#pragma omp parallel for schedule(static, 1)
  for (int b = 1; b < blocks; ++b) {
    const std::size_t lo = std::min(count, b * per), hi = std::min(count, lo + per);
    for (std::size_t i = lo; i < hi; ++i) a[i] += before[b];
  }
}

}  // namespace gs
