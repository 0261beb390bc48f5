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
//
// The sorted lists are built by reading the mapped lists the other way round
// (csr_buckets.hpp's TransposedLists: a symmetric graph's lists come out
// sorted without a sort) where the host has room for the scratch; else each
// mapped list is sorted in place. Both give the same copy.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/traversal/csr_view.hpp"

namespace gs::traversal {

class DegreeOrdered {
 public:
  enum class Lists {
    automatic,  // transposed where the host has room, else sorted
    sorted,     // each mapped list sorted in place
    transposed  // the mapped lists read the other way round, by buckets
  };
  // Builds the relabelled copy of `g`, which must be symmetric (an undirected
  // graph's lists with both arcs, as every traversal reads). OpenMP, all threads.
  explicit DegreeOrdered(const CsrView& g, Lists lists = Lists::automatic);

  CsrView view() const { return {n_, eid_t(adj_.size()), offsets_.data(), adj_.data()}; }
  // The relabelled id of vertex v of the original graph.
  vid_t new_id(vid_t v) const { return new_id_[v]; }
  // levels indexed by new id -> levels indexed by the original graph's ids.
  void to_original(const std::vector<std::uint32_t>& relabelled, std::vector<std::uint32_t>& original) const;
  // Host bytes of the copy for a graph of n vertices and `arcs` arcs (admission).
  static std::uint64_t host_bytes(std::uint64_t n, std::uint64_t arcs);
  // Whether the lists were built transposed.
  bool transposed() const { return transposed_; }

 private:
  vid_t n_ = 0;
  std::vector<eid_t> offsets_;
  std::vector<vid_t> adj_;
  std::vector<vid_t> new_id_;  // original -> relabelled
  bool transposed_ = false;
};

}  // namespace gs::traversal
