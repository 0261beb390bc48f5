#include "generators/cached_generators.hpp"

#include "generators/cache.hpp"

namespace gs::gen {
namespace {

template <class W, class F>
EdgeList<W> cached_if_large(eid_t m, const CacheKey& key, F&& make) {
  if (m < kMinCachedEdges) return make();
  return cached<W>(key.str(), make);
}

}  // namespace

EdgeList<std::uint32_t> cached_gtgraph_random(vid_t n, eid_t m, std::uint32_t min_w, std::uint32_t max_w,
                                              std::uint64_t seed) {
  const auto key =
      CacheKey("gtgraph-random").with("n", n).with("m", m).with("min_w", min_w).with("max_w", max_w).seed(seed);
  return cached_if_large<std::uint32_t>(m, key, [&] { return gtgraph_random(n, m, min_w, max_w, seed); });
}

EdgeList<std::uint32_t> cached_path_random(vid_t n, eid_t m, std::uint32_t max_w, std::uint64_t seed) {
  const auto key = CacheKey("path-random").with("n", n).with("m", m).with("max_w", max_w).seed(seed);
  return cached_if_large<std::uint32_t>(m, key, [&] { return path_random(n, m, max_w, seed); });
}

EdgeList<std::uint32_t> cached_rmat(int scale, eid_t m, double a, double b, double c, std::uint64_t seed) {
  const auto key = CacheKey("rmat").with("scale", scale).with("m", m).with("a", a).with("b", b).with("c", c).seed(seed);
  return cached_if_large<std::uint32_t>(m, key, [&] { return rmat(scale, m, a, b, c, seed); });
}

EdgeList<float> cached_fixed_degree(vid_t n, int degree, float min_w, float max_w, std::uint64_t seed) {
  const auto key =
      CacheKey("fixed-degree").with("n", n).with("degree", degree).with("min_w", min_w).with("max_w", max_w).seed(seed);
  return cached_if_large<float>(eid_t(n) * eid_t(degree > 0 ? degree : 0), key,
                                [&] { return fixed_degree(n, degree, min_w, max_w, seed); });
}

EdgeList<float> cached_grid(vid_t rows, vid_t cols, float min_w, float max_w, std::uint64_t seed) {
  const auto key =
      CacheKey("grid").with("rows", rows).with("cols", cols).with("min_w", min_w).with("max_w", max_w).seed(seed);
  return cached_if_large<float>(grid_arcs(rows, cols), key, [&] { return grid(rows, cols, min_w, max_w, seed); });
}

}  // namespace gs::gen
