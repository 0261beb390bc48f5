#include "algorithms/traversal/degree_order.hpp"

#include <omp.h>

#include <algorithm>

#include "common/csr_buckets.hpp"
#include "common/large_vector.hpp"
#include "common/memory.hpp"
#include "common/parallel_sum.hpp"

namespace gs::traversal {

namespace {

// Bytes the transposed build needs beyond the copy: the mapped lists and the buckets' buffers.
std::uint64_t transpose_bytes(vid_t n, const std::vector<eid_t>& offsets) {
  const eid_t arcs = offsets[n];
  const int shift = bucket_shift(n, arcs);
  eid_t largest = 0;
  for (std::uint64_t x = 0; x < n; x += std::uint64_t(1) << shift)
    largest = std::max(largest, offsets[std::min<std::uint64_t>(x + (std::uint64_t(1) << shift), n)] - offsets[x]);
  return arcs * sizeof(vid_t) + CsrBuckets<TransposedLists>::extra_bytes(arcs, largest, false);
}

}  // namespace

DegreeOrdered::DegreeOrdered(const CsrView& g, Lists lists) : n_(g.n) {
  // On huge pages (large_vector.hpp): the lists are mapped through new_id_, one random read per arc.
  assign_large(offsets_, std::size_t(g.n) + 1);
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
  // Offsets in the new order, then each list mapped.
  offsets_[0] = 0;
#pragma omp parallel for schedule(static)
  for (vid_t x = 0; x < g.n; ++x) offsets_[x + 1] = g.degree(old_id[x]);
  inclusive_sum_in_place(offsets_.data() + 1, g.n);
  transposed_ = lists == Lists::transposed ||
                (lists == Lists::automatic &&
                 g.arcs * sizeof(vid_t) + transpose_bytes(g.n, offsets_) <= host_memory_for_admission());
  std::vector<vid_t> mapped;  // the transposed build's input; else the lists are mapped in place
  assign_large(transposed_ ? mapped : adj_, g.arcs);
#pragma omp parallel for schedule(dynamic, 256)
  for (vid_t x = 0; x < g.n; ++x) {
    const vid_t v = old_id[x];
    vid_t* const list = (transposed_ ? mapped : adj_).data() + offsets_[x];
    vid_t* out = list;
    for (eid_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) *out++ = new_id_[g.adj[e]];
    if (!transposed_) std::sort(list, out);
  }
  if (transposed_) {
    // Scattered into adj_'s storage, then ordered into `mapped` once it is read; the lists end there.
    std::vector<vid_t>().swap(old_id);
    assign_large(adj_, g.arcs);
    CsrBuckets<TransposedLists> buckets{TransposedLists(g.n, offsets_.data(), mapped.data())};
    buckets.place(offsets_.data(), mapped.data(), nullptr, adj_.data());
    adj_.swap(mapped);
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
