// Paper C's input (its listing 1): a path through all vertices, which makes the
// graph connected, then uniform random edges. See generators.hpp.
#include "generators/generators.hpp"
#include "generators/random_edges.hpp"

namespace gs::gen {

EdgeList<std::uint32_t> path_random(vid_t n, eid_t m, std::uint32_t max_w, std::uint64_t seed) {
  detail::require_two_vertices(n, m, "path-random");
  if (n > 0 && m < eid_t(n) - 1)
    throw InputError("path-random: m = " + std::to_string(m) + " is smaller than the path's n-1 = " +
                     std::to_string(n - 1) + " edges");
  if (max_w < 1) throw InputError("path-random: max weight must be >= 1");
  const CounterRng rng(seed, /*stream=*/0xC);
  const eid_t path_edges = n ? n - 1 : 0;
  return detail::fill_edge_list<std::uint32_t>(
      n, m, /*directed=*/false, /*weighted=*/true, "path-random graph", [&](eid_t i) {
        const auto w = std::uint32_t(1 + rng.below(3 * i + 2, max_w));
        if (i < path_edges) return Edge<std::uint32_t>{vid_t(i), vid_t(i + 1), w};
        const auto [u, v] = detail::distinct_pair(rng, 3 * i, 3 * i + 1, n);
        return Edge<std::uint32_t>{u, v, w};
      });
}

}  // namespace gs::gen
