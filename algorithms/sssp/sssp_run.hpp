// The result of one source on a GPU shortest-path program, with its phases.
#pragma once

#include <cstdint>
#include <vector>

namespace gs::sssp {

struct SsspRun {
  std::vector<float> dist;       // +infinity where unreachable
  double kernel_s = 0;           // initialisation kernel + iterations, with each iteration's
                                 // small read-back of the "continue" flag/queue sizes
  double d2h_s = 0;              // copying the distances back
  std::uint32_t iterations = 0;  // relax rounds (two-kernel) or frontier expansions (near-far)
};

}  // namespace gs::sssp
