// One byte per vertex for the GPU traversals' levels, so that copying the
// result back moves n bytes instead of 4n (the copy is inside the paper's
// timed region). Exact for any depth: levels 0..253 are stored as they are,
// deeper vertices carry kDeepCode and their level in a separate 4-byte array
// that is copied back only when the traversal went that deep.
#pragma once

#include <cstdint>
#include <vector>

#include "common/graph.hpp"

namespace gs::traversal {

inline constexpr std::uint8_t kDeepCode = 254;       // level >= 254: see the 4-byte array
inline constexpr std::uint8_t kUnreachedCode = 255;  // not reached

// Expands the codes into `level` (verify::kUnreached for unreached). Where a
// code is kDeepCode, `level` must already hold that vertex's exact level (the
// 4-byte array was copied into it); those entries are left as they are.
void widen_levels(const std::uint8_t* codes, vid_t n, std::vector<std::uint32_t>& level);

// codes[vertices[i]] = late_codes[i] for i < count: the vertices found after an
// early copy of the codes started.
void patch_codes(std::uint8_t* codes, const vid_t* vertices, const std::uint8_t* late_codes, std::uint64_t count);

}  // namespace gs::traversal
