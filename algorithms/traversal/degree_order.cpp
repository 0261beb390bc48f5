#include "algorithms/traversal/degree_order.hpp"

#include <omp.h>

#include <algorithm>

#include "common/large_vector.hpp"
#include "common/parallel_sum.hpp"

namespace gs::traversal {

namespace {

// old_id and new_id (each n entries) for the vertices ordered by decreasing
// degree, ties by id: a stable counting sort, parallel. Each thread counts
// its slice's degrees below kSmall; the few vertices of larger degree (at
// most arcs / kSmall) come first, sorted on their own, so that no count
// table grows with the largest degree.
void order_by_degree(const CsrView& g, vid_t* old_id, vid_t* new_id) {
  constexpr eid_t kSmall = eid_t(1) << 16;
  const int slices = std::max(1, omp_get_max_threads());
  const auto slice_begin = [&](int t) { return vid_t(std::uint64_t(g.n) * std::uint64_t(t) / std::uint64_t(slices)); };
  // next[t][k]: slice t's vertices of degree kSmall - 1 - k, then where the next of them goes.
  std::vector<eid_t> next(std::size_t(slices) * kSmall, 0);
  std::vector<std::vector<vid_t>> large(slices);
#pragma omp parallel for schedule(static, 1)
  for (int t = 0; t < slices; ++t) {
    eid_t* const count = next.data() + std::size_t(t) * kSmall;
    for (vid_t v = slice_begin(t); v < slice_begin(t + 1); ++v) {
      const eid_t degree = g.degree(v);
      if (degree < kSmall) ++count[kSmall - 1 - degree];
      else large[t].push_back(v);
    }
  }
  std::vector<vid_t> first;  // the large-degree vertices, in id order, then by decreasing degree
  for (const auto& part : large) first.insert(first.end(), part.begin(), part.end());
  std::stable_sort(first.begin(), first.end(), [&](vid_t a, vid_t b) { return g.degree(a) > g.degree(b); });
  std::copy(first.begin(), first.end(), old_id);
  eid_t at = first.size();
  for (eid_t k = 0; k < kSmall; ++k)
    for (int t = 0; t < slices; ++t) {
      eid_t& slot = next[std::size_t(t) * kSmall + k];
      const eid_t here = slot;
      slot = at;
      at += here;
    }
#pragma omp parallel for schedule(static, 1)
  for (int t = 0; t < slices; ++t) {
    eid_t* const slot = next.data() + std::size_t(t) * kSmall;
    for (vid_t v = slice_begin(t); v < slice_begin(t + 1); ++v)
      if (const eid_t degree = g.degree(v); degree < kSmall) old_id[slot[kSmall - 1 - degree]++] = v;
  }
#pragma omp parallel for schedule(static)
  for (vid_t x = 0; x < g.n; ++x) new_id[old_id[x]] = x;
}

}  // namespace

DegreeOrdered::DegreeOrdered(const CsrView& g) : n_(g.n) {
  // On huge pages (large_vector.hpp): the lists are mapped through new_id_, one random read per arc.
  assign_large(offsets_, std::size_t(g.n) + 1);
  assign_large(adj_, g.arcs);
  assign_large(new_id_, g.n);
  std::vector<vid_t> old_id;
  assign_large(old_id, g.n);
  order_by_degree(g, old_id.data(), new_id_.data());
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
