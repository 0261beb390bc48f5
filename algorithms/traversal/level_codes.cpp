#include "algorithms/traversal/level_codes.hpp"

namespace gs::traversal {

void widen_levels(const std::uint8_t* codes, vid_t n, std::vector<std::uint32_t>& level) {
  level.resize(n);
  std::uint32_t* out = level.data();
#pragma omp parallel for schedule(static)
  for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
    const std::uint8_t c = codes[v];
    if (c == kUnreachedCode) out[v] = 0xFFFFFFFFu;
    else if (c != kDeepCode) out[v] = c;
  }
}

void patch_codes(std::uint8_t* codes, const vid_t* vertices, const std::uint8_t* late_codes, std::uint64_t count) {
#pragma omp parallel for schedule(static) if (count > 65536)
  for (std::int64_t i = 0; i < std::int64_t(count); ++i) codes[vertices[i]] = late_codes[i];
}

}  // namespace gs::traversal
