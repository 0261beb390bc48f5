// Packed keys shared by the Sollin programs (paper B).
//
// Weights are 16-bit and vertex ids fit 16 bits (n <= kMaxSollinVertices), so
//  - a vertex's choice packs into 32 bits as weight | target, so that the
//    minimum is the lightest edge with ties to the lower target index (the
//    paper's selection rule), and selecting over a row is a plain, vectorisable min;
//  - an edge of the input graph packs into 48 bits as weight | lower id | higher id
//    (the GPU program's contracted matrices keep the key of the input edge an
//    entry stands for; the CPU programs keep weights only, see matrix_views.hpp).
// (constexpr so that the GPU program uses the same packing.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

#include "common/graph.hpp"

namespace gs::mst {

using EdgeKey = std::uint64_t;
using Choice = std::uint32_t;

inline constexpr EdgeKey kNoEdgeKey = std::numeric_limits<EdgeKey>::max();
inline constexpr Choice kNoChoice = std::numeric_limits<Choice>::max();
// 16-bit ids; n - 1 < 65535 also keeps every real choice below kNoChoice.
inline constexpr vid_t kMaxSollinVertices = 65535;

inline constexpr EdgeKey edge_key(std::uint32_t w, vid_t lo, vid_t hi) {
  return (EdgeKey(w) << 32) | (EdgeKey(lo) << 16) | EdgeKey(hi);
}
inline constexpr std::uint32_t key_weight(EdgeKey k) { return std::uint32_t(k >> 32); }
inline constexpr Edge<std::uint32_t> key_edge(EdgeKey k) {
  return {vid_t((k >> 16) & 0xffffu), vid_t(k & 0xffffu), key_weight(k)};
}

inline constexpr Choice make_choice(std::uint32_t w, vid_t target) { return (Choice(w) << 16) | Choice(target); }
inline constexpr vid_t choice_target(Choice c) { return vid_t(c & 0xffffu); }
inline constexpr std::uint32_t choice_weight(Choice c) { return c >> 16; }

}  // namespace gs::mst
