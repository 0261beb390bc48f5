// Degree-ordered relabelling: untimed preprocessing for dobfs_gpu, dobfs_mgpu and
// dobfs_omp (ordered_copy.hpp).
//
// Vertices are renumbered by decreasing degree (ties by id), and every
// adjacency list is sorted by the new ids. On a skewed graph (RMAT) the hubs
// then share a few words of the frontier and visited bitmaps, and a bottom-up
// search, which stops at the first neighbour in the frontier, tries the hubs
// first: those are the vertices most likely to be in it. (The GAP benchmark
// suite's BFS and Beamer et al., SC 2012, use the same ordering for the same
// reason.) The traversal runs on the relabelled graph; its levels are mapped
// back to the graph's own ids before they are verified.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/traversal/csr_view.hpp"

namespace gs::traversal {

class DegreeOrdered {
 public:
  // Builds the relabelled copy of `g` (OpenMP, all threads).
  explicit DegreeOrdered(const CsrView& g);

  CsrView view() const { return {n_, eid_t(adj_.size()), offsets_.data(), adj_.data()}; }
  // The relabelled id of vertex v of the original graph.
  vid_t new_id(vid_t v) const { return new_id_[v]; }
  // levels indexed by new id -> levels indexed by the original graph's ids.
  void to_original(const std::vector<std::uint32_t>& relabelled, std::vector<std::uint32_t>& original) const;
  // Host bytes of the copy for a graph of n vertices and `arcs` arcs (admission).
  static std::uint64_t host_bytes(std::uint64_t n, std::uint64_t arcs);

 private:
  vid_t n_ = 0;
  std::vector<eid_t> offsets_;
  std::vector<vid_t> adj_;
  std::vector<vid_t> new_id_;  // original -> relabelled
};

}  // namespace gs::traversal
