// Row views over the three matrices a Sollin level can read, with the key of
// the edge an element stands for. `lower` is for column j < row i, `upper` for
// j > i (full storage only); splitting the two keeps min/max out of hot loops.
#pragma once

#include <cstddef>
#include <cstdint>

#include "algorithms/mst/sollin/edge_key.hpp"

namespace gs::mst {

// The input as a full n x n matrix of 16-bit weights.
struct FullInputView {
  const std::uint16_t* a;
  vid_t n;
  const std::uint16_t* row(vid_t i) const { return a + std::size_t(i) * n; }
  static std::uint32_t weight(std::uint16_t w) { return w; }
  static EdgeKey lower(std::uint16_t w, vid_t i, vid_t j) { return edge_key(w, j, i); }
  static EdgeKey upper(std::uint16_t w, vid_t i, vid_t j) { return edge_key(w, i, j); }
};

// The input's lower triangle: row i holds columns 0..i-1 at i*(i-1)/2.
struct TriangularInputView {
  const std::uint16_t* a;
  vid_t n;
  const std::uint16_t* row(vid_t i) const { return a + std::size_t(i) * (i ? i - 1 : 0) / 2; }
  static EdgeKey lower(std::uint16_t w, vid_t i, vid_t j) { return edge_key(w, j, i); }
};

// A contracted level: full symmetric rows holding, per pair of new vertices,
// the key of the input edge that realises their minimum (kNoEdgeKey on the diagonal).
struct ContractedView {
  EdgeKey* a;
  vid_t n;
  EdgeKey* row(vid_t i) const { return a + std::size_t(i) * n; }
  static std::uint32_t weight(EdgeKey k) { return key_weight(k); }
  static EdgeKey lower(EdgeKey k, vid_t, vid_t) { return k; }
  static EdgeKey upper(EdgeKey k, vid_t, vid_t) { return k; }
};

}  // namespace gs::mst
