// Streaming-read bandwidth of this machine's memory (for paper B's bandwidth
// floor: matrix bytes / read bandwidth).
#pragma once

#include <cstddef>

namespace gs::sollin_multicore {

// GB/s (1e9 bytes/s) for `threads` OpenMP threads each streaming through its
// part of a buffer of `bytes` (use far more than the last-level cache): the
// best of `repeats` passes of two kernels (64-bit sum, 16-bit minimum) after
// one warm-up pass of each.
double measure_read_bandwidth_gbs(int threads, std::size_t bytes, int repeats = 5);

}  // namespace gs::sollin_multicore
