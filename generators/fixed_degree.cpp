// Paper E's input: every vertex has the same out-degree. See generators.hpp.
#include "generators/edge_at.hpp"
#include "generators/generators.hpp"
#include "generators/random_edges.hpp"

namespace gs::gen {

EdgeList<float> fixed_degree(vid_t n, int degree, float min_w, float max_w, std::uint64_t seed) {
  const detail::FixedDegreeEdges edges(n, degree, min_w, max_w, seed);
  return detail::fill_edge_list<float>(n, edges.size(), /*directed=*/true, /*weighted=*/true, "fixed-degree graph",
                                       edges);
}

}  // namespace gs::gen
