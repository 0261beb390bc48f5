#include "experiments/sollin_multicore/complete_input.hpp"

#include <cstdint>
#include <vector>

#include "common/errors.hpp"

namespace gs::sollin_multicore {

void require_enough_edges_for_complete(const EdgeList<std::uint32_t>& el, const std::string& path) {
  const std::uint64_t pairs = std::uint64_t(el.n) * (el.n ? el.n - 1 : 0) / 2;
  if (el.size() < pairs)
    throw InputError(path + ": not a complete graph: " + std::to_string(el.size()) +
                     " edges, but a complete graph on " + std::to_string(el.n) + " vertices has " +
                     std::to_string(pairs) + " (paper B's programs take complete graphs)");
}

DenseMatrix16 complete_matrix_from_edges(const EdgeList<std::uint32_t>& el, const std::string& path) {
  // A graph with edges needs weights; one vertex (no edges) is trivially complete.
  if (!el.weighted() && el.size() > 0) throw InputError(path + ": paper B needs edge weights (0..65535)");
  DenseMatrix16 d;
  d.n = el.n;
  d.a.assign(std::size_t(el.n) * el.n, 0);
  std::vector<bool> seen(std::size_t(el.n) * el.n, false);
  for (eid_t e = 0; e < el.size(); ++e) {
    const vid_t u = el.u[e], v = el.v[e];
    if (u == v) continue;
    if (el.w[e] > 0xffffu)
      throw InputError(path + ": edge " + std::to_string(e) + " has weight " + std::to_string(el.w[e]) + " > 65535");
    const std::size_t k = std::size_t(u) * el.n + v, kt = std::size_t(v) * el.n + u;
    const std::uint16_t w = std::uint16_t(el.w[e]);
    if (!seen[k] || w < d.a[k]) d.a[k] = d.a[kt] = w;
    seen[k] = seen[kt] = true;
  }
  for (vid_t u = 0; u < el.n; ++u)
    for (vid_t v = u + 1; v < el.n; ++v)
      if (!seen[std::size_t(u) * el.n + v])
        throw InputError(path + ": not a complete graph: the pair (" + std::to_string(u) + ", " + std::to_string(v) +
                         ") has no edge (paper B's programs take complete graphs)");
  return d;
}

}  // namespace gs::sollin_multicore
