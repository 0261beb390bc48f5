#include "algorithms/distributed/collective.hpp"

namespace gs::dist {

VertexBlock vertex_block(vid_t n, int rank, int ranks) {
  const std::uint64_t q = n / std::uint64_t(ranks), r = n % std::uint64_t(ranks);
  const std::uint64_t k = std::uint64_t(rank);
  const std::uint64_t first = k * (q + 1) - (k > r ? k - r : 0);
  return {vid_t(first), vid_t(q + (k < r ? 1 : 0))};
}

int owner_of(vid_t x, vid_t n, int ranks) {
  const std::uint64_t q = n / std::uint64_t(ranks), r = n % std::uint64_t(ranks);
  const std::uint64_t cutoff = r * (q + 1);
  return int(x < cutoff ? x / (q + 1) : r + (x - cutoff) / q);
}

Slice slice_of(std::uint64_t total, int rank, int ranks) {
  auto at = [&](int r) { return std::uint64_t((unsigned __int128)total * unsigned(r) / unsigned(ranks)); };
  return {at(rank), at(rank + 1)};
}

}  // namespace gs::dist
