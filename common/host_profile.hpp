// A short characterisation of the host, measured by every run and written to
// its metadata, so that a comparison of two runs (paper/compare.py) can tell a
// difference the machines explain from one they do not: CPU sequential and
// random read bandwidth at each thread count the run uses, the one-thread
// dependent-read latency, and the GPU's sequential and random read bandwidth.
//
// Metadata keys (docs/DESIGN.md, "Results contract"):
//   host_cpu_seq_read_gbs_t<T>, host_cpu_rand_read_gbs_t<T>   GB/s at T threads
//   host_cpu_dependent_read_ns                                 ns per dependent read, one thread
//   host_gpu_seq_read_gbs, host_gpu_rand_read_gbs              GB/s (with a GPU)
//   host_profile_array_bytes, host_profile_seconds             what it read, how long it took
//   host_profile                                               "measured", or why not
// GS_HOST_PROFILE=off skips it (the unit and hardening tests set it: they time nothing).
#pragma once

#include <cstdint>
#include <vector>

#include "common/results.hpp"

namespace gs {

// Measures on this process's threads (OpenMP at each of `thread_counts`) and
// writes the keys above; a checksum that does not match throws VerificationError.
// `cpu_array_bytes` 0: the default size (beyond the last-level caches); tests pass a small one.
void record_host_profile(ResultsWriter& writer, const std::vector<int>& thread_counts,
                         std::uint64_t cpu_array_bytes = 0);

}  // namespace gs
