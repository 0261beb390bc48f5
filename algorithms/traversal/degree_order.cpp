#include "algorithms/traversal/degree_order.hpp"

#include <omp.h>

#include <algorithm>

#include "common/large_vector.hpp"
#include "common/parallel_sum.hpp"

namespace gs::traversal {

DegreeOrdered::DegreeOrdered(const CsrView& g) : n_(g.n) {
  // On huge pages (large_vector.hpp): the lists are mapped through new_id_, one random read per arc.
  assign_large(offsets_, std::size_t(g.n) + 1);
  assign_large(adj_, g.arcs);
  assign_large(new_id_, g.n);
  // A counting sort by degree, largest first, stable (ties keep the original order).
  eid_t max_degree = 0;
#pragma omp parallel for reduction(max : max_degree)
  for (vid_t v = 0; v < g.n; ++v) max_degree = std::max(max_degree, g.degree(v));
  std::vector<eid_t> first(std::size_t(max_degree) + 2, 0);  // first[k]: where degree max_degree - k starts
  for (vid_t v = 0; v < g.n; ++v) ++first[max_degree - g.degree(v) + 1];
  for (std::size_t k = 1; k < first.size(); ++k) first[k] += first[k - 1];
  std::vector<vid_t> old_id;
  assign_large(old_id, g.n);
  for (vid_t v = 0; v < g.n; ++v) {
    const vid_t x = vid_t(first[max_degree - g.degree(v)]++);
    old_id[x] = v;
    new_id_[v] = x;
  }
  // Offsets in the new order, then each list mapped and sorted.
  offsets_[0] = 0;
#pragma omp parallel for schedule(static)
  for (vid_t x = 0; x < g.n; ++x) offsets_[x + 1] = g.degree(old_id[x]);
  inclusive_sum_in_place(offsets_.data() + 1, g.n);
#pragma omp parallel for schedule(dynamic, 256)
  for (vid_t x = 0; x < g.n; ++x) {
    const vid_t v = old_id[x];
    vid_t* out = adj_.data() + offsets_[x];
    for (eid_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) *out++ = new_id_[g.adj[e]];
    std::sort(adj_.data() + offsets_[x], out);
  }
}

void DegreeOrdered::to_original(const std::vector<std::uint32_t>& relabelled,
                                std::vector<std::uint32_t>& original) const {
  original.resize(n_);
#pragma omp parallel for
  for (vid_t v = 0; v < n_; ++v) original[v] = relabelled[new_id_[v]];
}

std::uint64_t DegreeOrdered::host_bytes(std::uint64_t n, std::uint64_t arcs) {
  // offsets and the two id maps (one freed after the build), the arcs, and the relabelled levels.
  return (n + 1) * sizeof(eid_t) + 2 * n * sizeof(vid_t) + arcs * sizeof(vid_t) + n * sizeof(std::uint32_t);
}

}  // namespace gs::traversal
