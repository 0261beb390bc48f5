// Beyond paper A: a GPU Boruvka minimum spanning forest on the CSR, the
// method of modern GPU MST codes: a sampled weight threshold splits the edges;
// Boruvka rounds over the light ones (boruvka_engine.cuh, its default mode);
// the heavy ones are filtered against the light forest's components and
// added only when that forest does not span yet.
#pragma once

#include <cstdint>

#include "algorithms/mst/msf_result.hpp"
#include "common/graph.hpp"

namespace gs::mst {

struct BoruvkaGpuOptions {
  // Graphs with fewer undirected edges take every edge as light (no sample,
  // no heavy pass): their rounds are launch-bound, a smaller list gains nothing.
  std::uint64_t split_min_edges = std::uint64_t(1) << 19;
  // Light edges aimed at per vertex: on a random graph (average light degree
  // 4) they join all but a few percent of the vertices into one component,
  // which leaves few heavy edges between components.
  double light_edges_per_vertex = 2.0;
};

// What boruvka_gpu puts in MsfResult::times besides the GPU phases: parts of
// compute_s (threshold and engine reset; light and heavy edge selection;
// Boruvka min-edge (offer), hook and flatten (relabel) steps; host read-back
// gaps); and in MsfResult::counts.
inline constexpr const char* kBoruvkaGpuTimes[] = {"threshold_s", "filter_s", "minedge_s",
                                                   "hook_s",      "jump_s",   "wait_s"};
inline constexpr const char* kBoruvkaGpuCounts[] = {"light_edges", "heavy_edges", "boruvka_rounds"};

// Undirected weighted CSR (both arcs per edge), any weights, multi-edges and
// self loops allowed; fewer than 2^32 - 1 arcs. Returns a minimum spanning
// forest and the phases above.
MsfResult boruvka_gpu(const Csr<std::uint32_t>& g, const BoruvkaGpuOptions& opt = {});

// Device bytes it needs for `g` (for require_device_memory).
std::uint64_t boruvka_gpu_device_bytes(const Csr<std::uint32_t>& g);

}  // namespace gs::mst
