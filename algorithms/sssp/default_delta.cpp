#include <algorithm>

#include "algorithms/sssp/sssp_input.hpp"

namespace gs::sssp {

float default_delta(const Csr<float>& g, float factor) {
  const eid_t m = g.num_arcs();
  if (m == 0 || g.n == 0) return 1.0f;
  double sum = 0, min_pos = 0;
#pragma omp parallel for reduction(+ : sum) schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(m); ++i) sum += g.w[i];
  for (eid_t i = 0; i < m; ++i)
    if (g.w[i] > 0 && (min_pos == 0 || g.w[i] < min_pos)) min_pos = g.w[i];
  const double mean_w = sum / double(m), mean_deg = double(m) / double(g.n);
  double delta = factor * mean_w / std::max(1.0, mean_deg);
  delta = std::max(delta, min_pos);
  return delta > 0 ? float(delta) : 1.0f;
}

}  // namespace gs::sssp
