// Row views over the matrices a Sollin level reads. Every level holds only
// 16-bit weights (the input, and each contracted matrix: the minimum weight
// between two new vertices), so that the passes stream as few bytes as possible;
// which input edge realises a selected contracted edge is found afterwards
// (see resolve_edge in sollin.cpp) through the kept levels and member lists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "algorithms/mst/sollin/edge_key.hpp"

namespace gs::mst {

// A full n x n matrix of 16-bit weights: the input, or a contracted level
// (symmetric; its diagonal is never read as an edge).
struct FullView {
  const std::uint16_t* a;
  vid_t n;
  const std::uint16_t* row(vid_t i) const { return a + std::size_t(i) * n; }
  std::uint16_t weight(vid_t i, vid_t j) const { return a[std::size_t(i) * n + j]; }
};

// The input's lower triangle: row i holds columns 0..i-1 at i*(i-1)/2.
struct TriangularInputView {
  const std::uint16_t* a;
  vid_t n;
  const std::uint16_t* row(vid_t i) const { return a + std::size_t(i) * (i ? i - 1 : 0) / 2; }
  std::uint16_t weight(vid_t i, vid_t j) const { return i > j ? row(i)[j] : row(j)[i]; }
};

// The full input read below its diagonal only (row i, columns 0..i-1): each
// edge once, as the triangular input holds it, at the full matrix's row stride.
struct FullLowerView {
  const std::uint16_t* a;
  vid_t n;
  const std::uint16_t* row(vid_t i) const { return a + std::size_t(i) * n; }
  std::uint16_t weight(vid_t i, vid_t j) const { return a[std::size_t(i) * n + j]; }
};

// Views that hold each edge once, below the diagonal.
template <class View>
inline constexpr bool kLowerView = std::is_same_v<View, TriangularInputView> || std::is_same_v<View, FullLowerView>;

// The members of each new vertex of one level, ascending, stored contiguously:
// those of a are members[offset[a] .. offset[a + 1]).
struct MemberLists {
  const vid_t* offset;
  const vid_t* members;
};

}  // namespace gs::mst
