// A road-network stand-in with a high diameter: the rows x cols 4-neighbour
// grid, every arc in both directions. See generators.hpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "generators/generators.hpp"
#include "generators/random_edges.hpp"

namespace gs::gen {

eid_t grid_arcs(vid_t rows, vid_t cols) {
  const eid_t r = rows, c = cols;
  if (r == 0 || c == 0) return 0;
  return 2 * (r * (c - 1) + (r - 1) * c);
}

EdgeList<float> grid(vid_t rows, vid_t cols, float min_w, float max_w, std::uint64_t seed) {
  if (rows < 1 || cols < 1)
    throw InputError("grid: rows and cols must be >= 1, got " + std::to_string(rows) + " x " + std::to_string(cols));
  const std::uint64_t n64 = std::uint64_t(rows) * cols;
  if (n64 >= std::uint64_t(kNoVertex))
    throw InputError("grid: " + std::to_string(rows) + " x " + std::to_string(cols) + " = " + std::to_string(n64) +
                     " vertices do not fit 32-bit vertex ids");
  if (!(std::isfinite(min_w) && std::isfinite(max_w) && min_w < max_w))
    throw InputError("grid: need finite weights with min < max, got [" + std::to_string(min_w) + ", " +
                     std::to_string(max_w) + ")");
  const CounterRng rng(seed, /*stream=*/0x6D);
  const float top = std::nextafter(max_w, min_w);  // as in fixed_degree: rounding may reach max_w
  // Four blocks of arcs, each a pure function of its index within the block:
  // x -> x+1 (right), x+1 -> x (left), x -> x+cols (down), x+cols -> x (up).
  const eid_t horizontal = eid_t(rows) * (cols - 1), vertical = eid_t(rows - 1) * cols;
  return detail::fill_edge_list<float>(
      vid_t(n64), grid_arcs(rows, cols), /*directed=*/true, /*weighted=*/true, "grid graph", [&](eid_t i) {
        const float w = float(double(min_w) + (double(max_w) - double(min_w)) * rng.unit(i));
        Edge<float> e{0, 0, std::min(w, top)};
        if (i < 2 * horizontal) {
          const eid_t k = i < horizontal ? i : i - horizontal;
          const auto x = vid_t(k / (cols - 1) * cols + k % (cols - 1));
          e.u = x, e.v = x + 1;
          if (i >= horizontal) std::swap(e.u, e.v);
        } else {
          const eid_t k = i - 2 * horizontal;
          const auto x = vid_t(k < vertical ? k : k - vertical);
          e.u = x, e.v = x + cols;
          if (k >= vertical) std::swap(e.u, e.v);
        }
        return e;
      });
}

}  // namespace gs::gen
