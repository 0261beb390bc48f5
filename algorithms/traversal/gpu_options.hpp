// The options of the GPU traversals (gpu_traversal.hpp, mgpu_traversal.hpp),
// apart from them so that a CPU-only build can hold and bind them (the
// experiment's command line) without the CUDA code. Compiled as CUDA (C++17) too.
#pragma once

#include <cstdint>

namespace gs::traversal {

struct GpuOptions {
  // Start copying the level codes back while the last, small branches still
  // run (once a branch finds fewer than n / 24 vertices and fewer than the one
  // before); the vertices found after that are gathered and patched in.
  bool early_copy = true;
  // Bottom-up: visited-bitmap words per warp (a lane searches for that many
  // vertices at once) and arcs per vertex per round. Built: 1/1 (one search
  // at a time), 2/2, 4/1, 4/2.
  int bottom_up_words = 4;
  int bottom_up_arcs = 2;
  // Direction-optimising: consecutive small top-down branches run in one
  // persistent cooperative launch of this many blocks per multiprocessor
  // (gpu_traversal.cu, small_levels_kernel); 0: a launch and a host round
  // trip per branch.
  int small_level_blocks_per_sm = 1;
  // The frontier arcs below which a top-down branch is small; 0: the
  // device's resident threads x 4.
  std::uint64_t small_level_arcs = 0;
  // dobfs_gpu: traverse a copy of the graph relabelled by decreasing degree
  // (degree_order.hpp), built untimed when it prepares (relabel_s); the levels
  // are mapped back to the graph's ids untimed (in widen_s). On RMAT the hubs
  // come first in every list, so bottom-up searches stop sooner
  // (experiments/hybrid_dfs/NOTES.md).
  bool degree_order = true;
};

}  // namespace gs::traversal
