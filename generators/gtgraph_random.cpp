// Paper A's input: GTgraph `random` (G(n, m) model). See generators.hpp.
#include "generators/generators.hpp"
#include "generators/random_edges.hpp"

namespace gs::gen {

EdgeList<std::uint32_t> gtgraph_random(vid_t n, eid_t m, std::uint32_t min_w, std::uint32_t max_w, std::uint64_t seed) {
  detail::require_two_vertices(n, m, "gtgraph-random");
  if (min_w > max_w)
    throw InputError("gtgraph-random: min weight " + std::to_string(min_w) + " > max weight " + std::to_string(max_w));
  const CounterRng rng(seed, /*stream=*/0xA);
  const std::uint64_t weight_range = std::uint64_t(max_w) - min_w + 1;
  return detail::fill_edge_list<std::uint32_t>(
      n, m, /*directed=*/false, /*weighted=*/true, "gtgraph-random graph", [&](eid_t i) {
        const auto [u, v] = detail::distinct_pair(rng, 3 * i, 3 * i + 1, n);
        return Edge<std::uint32_t>{u, v, std::uint32_t(min_w + rng.below(3 * i + 2, weight_range))};
      });
}

}  // namespace gs::gen
