// Runs a generator with a given OpenMP thread count, for determinism tests.
#pragma once

#include <omp.h>

template <class F>
auto with_threads(int threads, F&& f) {
  const int before = omp_get_max_threads();
  omp_set_num_threads(threads);
  auto result = f();
  omp_set_num_threads(before);
  return result;
}
