// OpenMP's thread count for one stretch of code (a trial, a profile pass): set on entry and
// put back on exit, so that code running inside is told its count explicitly
// and never reads OpenMP's global setting back to learn it.
#pragma once

#include <omp.h>

namespace gs {

class ScopedThreads {
 public:
  explicit ScopedThreads(int threads) : before_(omp_get_max_threads()) { omp_set_num_threads(threads); }
  ~ScopedThreads() { omp_set_num_threads(before_); }
  ScopedThreads(const ScopedThreads&) = delete;
  ScopedThreads& operator=(const ScopedThreads&) = delete;

 private:
  int before_;
};

}  // namespace gs
