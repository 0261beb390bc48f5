// Parallel delta-stepping (Meyer & Sanders 2003) on the CPU with OpenMP:
// beyond paper E, the multicore counterpart of its GPU programs.
#pragma once

#include <vector>

#include "common/graph.hpp"

namespace gs::sssp {

// Distances from `source` (+infinity where unreachable). `delta` > 0 is the
// bucket width (default_delta() is a good start; a round may span several
// buckets where they are thin, see the .cpp); `threads` 0 = OpenMP default.
// Throws InputError on negative weights or a bad source.
std::vector<float> delta_stepping_omp(const Csr<float>& g, vid_t source, float delta, int threads = 0);

// The same without the O(m) weight scan, for callers that ran
// require_nonnegative_weights(g) once when they loaded the graph (a timed
// run must not re-validate the input). Still checks source and delta.
std::vector<float> delta_stepping_omp_prevalidated(const Csr<float>& g, vid_t source, float delta, int threads = 0);

}  // namespace gs::sssp
