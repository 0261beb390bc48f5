// Paper E's input: every vertex has the same out-degree. See generators.hpp.
#include <algorithm>
#include <cmath>

#include "generators/generators.hpp"
#include "generators/random_edges.hpp"

namespace gs::gen {

EdgeList<float> fixed_degree(vid_t n, int degree, float min_w, float max_w, std::uint64_t seed) {
  if (degree < 0) throw InputError("fixed-degree: degree must be >= 0, got " + std::to_string(degree));
  const eid_t m = eid_t(n) * eid_t(degree);
  detail::require_two_vertices(n, m, "fixed-degree");
  if (!(std::isfinite(min_w) && std::isfinite(max_w) && min_w < max_w))
    throw InputError("fixed-degree: need finite weights with min < max, got [" + std::to_string(min_w) + ", " +
                     std::to_string(max_w) + ")");
  const CounterRng rng(seed, /*stream=*/0xE);
  // Largest float below max_w: rounding min + span * x to float may reach max_w.
  const float top = std::nextafter(max_w, min_w);
  return detail::fill_edge_list<float>(n, m, /*directed=*/true, /*weighted=*/true, "fixed-degree graph", [&](eid_t i) {
    const auto u = vid_t(i / eid_t(degree));
    auto v = vid_t(rng.below(2 * i, n - 1));
    if (v >= u) ++v;
    const float w = float(double(min_w) + (double(max_w) - double(min_w)) * rng.unit(2 * i + 1));
    return Edge<float>{u, v, std::min(w, top)};
  });
}

}  // namespace gs::gen
