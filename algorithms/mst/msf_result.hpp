// What every minimum-spanning-forest program of the suite returns, CPU or
// GPU: the forest, and the phases it measured by their column names, seconds
// apart from counts, so that an experiment can time one part (what its paper
// timed) and still report the rest. C++17 (included by CUDA sources).
//
//   GPU programs on a CSR (prim_gpu, boruvka_gpu): h2d_s (upload), compute_s
//     (first kernel to forest ready on the device, CUDA events), d2h_s (forest
//     download), and parts of compute_s where they have them;
//   Kruskal programs (paper C): sort_s, unionfind_s, and h2d_s/d2h_s where they
//     copy; the dense GPU Boruvka (paper B): compute_s, d2h_s.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/graph.hpp"

namespace gs::mst {

using KEdge = Edge<std::uint32_t>;  // a forest's edge (paper C's 12-byte (u, v, w) struct)

struct MsfResult {
  std::vector<KEdge> forest;
  std::map<std::string, double> times;          // seconds, by column name ("*_s")
  std::map<std::string, std::uint64_t> counts;  // counts, by column name

  // A phase's seconds, 0 where the program did not measure it (nothing to do).
  double time(const std::string& name) const {
    const auto it = times.find(name);
    return it == times.end() ? 0.0 : it->second;
  }
};

}  // namespace gs::mst
