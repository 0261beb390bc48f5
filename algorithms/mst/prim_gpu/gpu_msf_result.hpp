// What every GPU minimum-spanning-forest program returns: the forest and the
// three GPU phases, so that an experiment can time the computation alone
// (what paper A timed) and still report the copies.
#pragma once

#include <cstdint>
#include <vector>

#include "common/graph.hpp"

namespace gs::mst_gpu {

struct GpuMsfResult {
  std::vector<Edge<std::uint32_t>> forest;
  double h2d_s = 0;      // CSR upload
  double compute_s = 0;  // first kernel to forest ready on the device (CUDA events)
  double d2h_s = 0;      // forest download
};

}  // namespace gs::mst_gpu
