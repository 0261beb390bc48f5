// The degree-ordered copy's vertices dealt out to G GPUs a bitmap word at a
// time, for dobfs_mgpu.
//
// The degree-ordered copy (degree_order.hpp) numbers the vertices by
// decreasing degree, so contiguous ranges of it are as unlike as can be: the
// first holds the hubs, the last millions of vertices of degree one or two,
// and a bottom-up level's work falls mostly on one GPU
// (experiments/hybrid_dfs/mgpu_range_model.cpp models it; NOTES.md there has
// the figures). Here word w of the copy (its vertices
// 32w .. 32w + 31) goes to GPU w mod G: every GPU gets every G-th block of 32
// vertices by degree, about the same vertices, arcs and work. The vertices
// are renumbered so that each GPU's words are one contiguous range again
// (what MultiGpuTraversal partitions by), GPU k's words in their order; the
// last, partial word stays last, on the last GPU. Each list keeps its order
// (decreasing degree, hubs first, what the bottom-up search wants), so the
// lists are no longer sorted by id.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/traversal/csr_view.hpp"

namespace gs::traversal {

class WordStrided {
 public:
  // The renumbering of `g` for `parts` GPUs (OpenMP, all threads).
  WordStrided(const CsrView& g, int parts);

  CsrView view() const { return {n_, eid_t(adj_.size()), offsets_.data(), adj_.data()}; }
  // parts + 1 bounds: GPU k's range is [bounds[k], bounds[k + 1]), inner bounds whole words.
  const std::vector<vid_t>& bounds() const { return bounds_; }
  // The new id of vertex v of `g`, and back.
  vid_t to_strided(vid_t v) const;
  vid_t from_strided(vid_t x) const;
  // levels indexed by new id -> levels indexed by g's ids.
  void to_original(const std::vector<std::uint32_t>& strided, std::vector<std::uint32_t>& original) const;
  // Host bytes of the renumbered graph (admission).
  static std::uint64_t host_bytes(std::uint64_t n, std::uint64_t arcs);

 private:
  vid_t n_ = 0;
  int parts_ = 1;
  vid_t full_words_ = 0;           // words of 32 vertices; a partial last word stays last
  std::vector<vid_t> first_word_;  // parts + 1: where each GPU's words start among the new words
  std::vector<vid_t> bounds_;
  std::vector<eid_t> offsets_;
  std::vector<vid_t> adj_;
};

}  // namespace gs::traversal
