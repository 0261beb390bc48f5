// GPU Prim programs of paper A (Guo, Wang, Wang 2011) and the beyond-the-paper
// device-resident variant. Host-callable; no CUDA headers needed.
//
// Input: an undirected CSR (both arcs per edge) whose adjacency lists are
// sorted by (neighbour, weight), as edge_list_to_csr produces, with weights
// below UINT32_MAX (that value is the paper's "max_weight": no edge).
// Violations throw InputError. On a disconnected graph every program returns a
// minimum spanning forest: when the cheapest candidate is "no edge", the
// candidate's vertex becomes the root of a new tree (Prim restarted from an
// unreached vertex), and its entry carries no edge.
#pragma once

#include <cstdint>

#include "algorithms/mst/msf_result.hpp"
#include "common/graph.hpp"

namespace gs::mst {

// Paper's non-primitive CUDA Prim: identical edge table and decrease-distance,
// minimum found by one plain kernel (every block reduces its slice, the last
// block to finish reduces the block results; no index tree, no templates).
MsfResult prim_naive_gpu(const Csr<std::uint32_t>& g);

// Paper's CUDA Prim with the two-kernel min-reduction primitive (section 2).
MsfResult prim_minreduce_gpu(const Csr<std::uint32_t>& g, unsigned max_blocks = 64);

// Where prim_resident_gpu keeps the vertex keys: in shared memory when they
// fit (automatic), or in global memory whatever the size (lets the tests put
// the global-key path through the slow sanitizer tools on a small graph).
enum class ResidentKeys { automatic, global_memory };

// Beyond the paper: the whole Prim loop in one persistent single-block kernel
// (a block barrier is the grid-wide barrier of a one-block grid).
MsfResult prim_resident_gpu(const Csr<std::uint32_t>& g, ResidentKeys keys = ResidentKeys::automatic);

// Device bytes each program needs for `g` (for require_device_memory).
std::uint64_t prim_gpu_device_bytes(const Csr<std::uint32_t>& g);

}  // namespace gs::mst
