// Random complete graphs for paper B's tests (CPU and GPU programs alike).
#pragma once

#include <cstdint>
#include <random>

#include "common/graph.hpp"

namespace gs::test {

// Symmetric matrix with weights uniform in [0, max_w]; small max_w gives many ties.
inline DenseMatrix16 random_matrix(vid_t n, std::uint32_t max_w, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::uint32_t> w(0, max_w);
  DenseMatrix16 d;
  d.n = n;
  d.a.assign(std::size_t(n) * n, 0);
  for (vid_t i = 1; i < n; ++i)
    for (vid_t j = 0; j < i; ++j) d.at(i, j) = d.at(j, i) = std::uint16_t(w(rng));
  return d;
}

}  // namespace gs::test
