// What every GPU minimum-spanning-forest program returns: the forest and the
// three GPU phases, so that an experiment can time the computation alone
// (what paper A timed) and still report the copies; programs with a finer
// breakdown of compute_s add it to `phases`.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/graph.hpp"

namespace gs::mst_gpu {

struct GpuMsfResult {
  std::vector<Edge<std::uint32_t>> forest;
  double h2d_s = 0;      // CSR upload
  double compute_s = 0;  // first kernel to forest ready on the device (CUDA events)
  double d2h_s = 0;      // forest download
  // Parts of compute_s ("*_s", seconds, CUDA events) and counts, by name.
  std::map<std::string, double> phases;
};

}  // namespace gs::mst_gpu
