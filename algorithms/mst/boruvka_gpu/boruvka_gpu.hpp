// Beyond paper A: a GPU Boruvka minimum spanning forest on the CSR, the
// method of modern GPU MST codes (rounds of "every component picks its
// lightest edge, components merge", O(log n) rounds of O(m) parallel work).
#pragma once

#include <cstdint>

#include "algorithms/mst/prim_gpu/gpu_msf_result.hpp"
#include "common/graph.hpp"

namespace gs::mst_gpu {

// Undirected weighted CSR (both arcs per edge), any weights, multi-edges and
// self loops allowed; fewer than 2^32 arcs. Returns a minimum spanning forest.
GpuMsfResult boruvka_gpu(const Csr<std::uint32_t>& g);

// Device bytes it needs for `g` (for require_device_memory).
std::uint64_t boruvka_gpu_device_bytes(const Csr<std::uint32_t>& g);

}  // namespace gs::mst_gpu
