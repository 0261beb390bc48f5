// Paper C's CUDA approach 2: a recursive quicksort on the GPU with dynamic
// parallelism, written for CDP2 (the only model on Hopper: no device-side
// cudaDeviceSynchronize, children go to cudaStreamFireAndForget).
//
// Each segment longer than the leaf size is partitioned by a grid of blocks
// (out of place, ping-ponging between the data and a scratch buffer); the last
// block of that grid to finish launches the two halves as child grids.
// Segments at or below the leaf size are sorted by one block with a parallel
// selection sort (each thread selects the final position of its elements by
// counting the smaller keys). Past the maximum depth a segment falls back to a
// single-thread heap sort: slow but correct, and never reached on the paper's
// inputs. Elements equal to the pivot alternate between the halves, so runs of
// equal weights (or all-equal inputs) still split in two; the pivot is the
// median of an insertion-sorted strided sample, so sorted and reverse-sorted
// inputs split evenly. Host header (C++17/20).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "common/graph.hpp"

namespace gs::sort {

struct CdpQuicksortConfig {
  int max_depth = 20;              // partition levels before the fallback (CDP nesting limit is 24)
  std::uint32_t leaf_size = 4096;  // at or below: one block's selection sort (at most 4096)
};

struct CdpQuicksortStats {
  unsigned long long partition_grids = 0;
  unsigned long long leaf_blocks = 0;
  unsigned long long fallback_segments = 0;  // segments that hit max_depth
};

// Sorts d_data[0..n) by weight (.w), ascending; d_scratch holds n elements.
// Waits for the sort; throws std::runtime_error when a device-side launch or
// allocation failed (the data is then not sorted).
CdpQuicksortStats cdp_quicksort_by_weight(Edge<std::uint32_t>* d_data, Edge<std::uint32_t>* d_scratch, std::size_t n,
                                          const CdpQuicksortConfig& config = {}, cudaStream_t stream = 0);

}  // namespace gs::sort
