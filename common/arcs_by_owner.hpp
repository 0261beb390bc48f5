// The arcs of an edge list, each delivered to the thread that owns its tail.
//
// Building a CSR without atomics gives each thread a range of vertices (a
// part) and lets only that thread write the lists of its vertices. The arcs
// reach their parts a window of edges at a time, as in one pass of a
// distribution (counting) sort: each thread counts the arcs of its slice of
// the window per part, the arcs are scattered into one buffer grouped by part
// (slices in order), and each part's thread then reads its group. The edge
// list is read once whatever the thread count, the buffer is a window's worth,
// and every part sees its arcs in edge order (an undirected edge's arc u->v
// before v->u), so what is built from them does not depend on the thread count.
#pragma once

#include <algorithm>
#include <cstdint>
#include <omp.h>
#include <vector>

#include "common/graph.hpp"
#include "common/large_vector.hpp"

namespace gs {

namespace detail {

// Thread t's share [bounds[t], bounds[t + 1]) of n vertices, cut where the
// running total `weight_before(x)` (non-decreasing, weight_before(n) = total)
// crosses t / threads of the total.
template <class WeightBefore>
std::vector<vid_t> owner_bounds(vid_t n, int threads, std::uint64_t total, WeightBefore weight_before) {
  std::vector<vid_t> bounds(std::size_t(threads) + 1, n);
  bounds[0] = 0;
  for (int t = 1; t < threads; ++t) {
    const std::uint64_t target = total / std::uint64_t(threads) * std::uint64_t(t);
    vid_t lo = bounds[t - 1], hi = n;  // the first x with weight_before(x) >= target
    while (lo < hi) {
      const vid_t mid = lo + (hi - lo) / 2;
      if (weight_before(mid) < target) lo = mid + 1;
      else hi = mid;
    }
    bounds[t] = lo;
  }
  return bounds;
}

// owner_bounds by arcs estimated from every k-th edge (at most about 2^24 of
// them), counted per block of vertices and spread evenly inside a block.
template <class W>
std::vector<vid_t> sampled_bounds(const EdgeList<W>& el, int parts) {
  const vid_t n = el.n;
  const eid_t m = el.size();
  if (n == 0 || parts == 1) return owner_bounds(n, parts, n, [](vid_t x) { return std::uint64_t(x); });
  constexpr std::uint64_t kBlocks = 4096;
  const std::uint64_t block = (std::uint64_t(n) + kBlocks - 1) / kBlocks;  // vertices per block
  const eid_t stride = std::max<eid_t>(1, m >> 24);
  std::vector<std::uint64_t> hist(kBlocks + 1, 0);
  std::uint64_t* const h = hist.data();
#pragma omp parallel for schedule(static) reduction(+ : h[:kBlocks])
  for (std::int64_t e = 0; e < std::int64_t(m); e += std::int64_t(stride)) {
    ++h[el.u[e] / block];
    if (!el.directed) ++h[el.v[e] / block];
  }
  // A block weighs its estimated arcs and one per vertex.
  const auto weight = [&](std::uint64_t b) { return hist[b] * stride + block; };
  std::vector<std::uint64_t> before(kBlocks + 1, 0);
  for (std::uint64_t b = 0; b < kBlocks; ++b) before[b + 1] = before[b] + weight(b);
  const auto weight_before = [&](vid_t x) {
    const std::uint64_t b = x / block;
    return before[b] + weight(b) * (x % block) / block;
  };
  return owner_bounds(n, parts, weight_before(n), weight_before);
}

}  // namespace detail

// The part of a vertex for parts cut at `bounds` (part p owns [bounds[p],
// bounds[p + 1]); some may be empty): a table by the id's high bits gives the
// part of a block's first vertex, and the few cuts inside a block are stepped over.
class PartOf {
 public:
  explicit PartOf(const std::vector<vid_t>& bounds) : bounds_(bounds) {
    const vid_t n = bounds.back();
    while ((std::uint64_t(n) >> shift_) >= (std::uint64_t(1) << kTableBits)) ++shift_;
    first_.resize((std::size_t(n) >> shift_) + 1);
    for (std::size_t b = 0; b < first_.size(); ++b) {
      const vid_t x = std::min<std::uint64_t>(std::uint64_t(b) << shift_, n);
      // The last part starting at or before x.
      first_[b] = int(std::upper_bound(bounds_.begin(), bounds_.end() - 1, x) - bounds_.begin()) - 1;
    }
  }
  int operator()(vid_t x) const {
    int p = first_[x >> shift_];
    while (x >= bounds_[std::size_t(p) + 1]) ++p;
    return p;
  }

 private:
  static constexpr int kTableBits = 16;
  std::vector<vid_t> bounds_;
  std::vector<int> first_;
  int shift_ = 0;
};

// Edges per window: the buffer holds two arcs per edge, 8 bytes each plus a weight.
inline constexpr eid_t kOwnerWindowEdges = eid_t(1) << 24;

// Calls visit(part, tail, head, weight) for every arc of `el` (one per directed
// edge, two per undirected edge), on the thread that owns `part` for the whole
// call, each part's arcs in edge order. With kHeads false only the tails travel
// (head 0, weight W{}); weights travel when `el` has them. `el`'s ids must be
// below el.n (edge_list_to_csr checks them first).
template <bool kHeads, class W, class Visit>
void for_each_arc_by_owner(const EdgeList<W>& el, const std::vector<vid_t>& bounds, Visit visit,
                           eid_t window_edges = kOwnerWindowEdges) {
  const int parts = int(bounds.size()) - 1;
  const eid_t m = el.size();
  if (m == 0 || parts < 1) return;
  const bool both = !el.directed;
  const bool weights = kHeads && el.weighted();
  const eid_t window = std::max<eid_t>(1, std::min(m, window_edges));
  const std::size_t capacity = std::size_t(window) * (both ? 2 : 1);
  std::vector<vid_t> tails, heads;
  std::vector<W> weight;
  assign_large(tails, capacity);
  if (kHeads) assign_large(heads, capacity);
  if (weights) assign_large(weight, capacity);
  // count[s * parts + p]: arcs of slice s for part p; then where the next one goes.
  std::vector<eid_t> count(std::size_t(parts) * std::size_t(parts)), group(std::size_t(parts) + 1);
  const PartOf part_of(bounds);
  const vid_t* const u = el.u.data();
  const vid_t* const v = el.v.data();
#pragma omp parallel num_threads(parts)
  {
    const int threads = omp_get_num_threads(), me = omp_get_thread_num();
    for (eid_t w0 = 0; w0 < m; w0 += window) {
      const eid_t len = std::min(m - w0, window);
      const auto slice_begin = [&](int s) { return w0 + len * eid_t(s) / eid_t(parts); };
      for (int s = me; s < parts; s += threads) {
        eid_t* const c = count.data() + std::size_t(s) * std::size_t(parts);
        std::fill(c, c + parts, eid_t(0));
        for (eid_t e = slice_begin(s); e < slice_begin(s + 1); ++e) {
          ++c[part_of(u[e])];
          if (both) ++c[part_of(v[e])];
        }
      }
#pragma omp barrier
#pragma omp single
      {
        eid_t at = 0;
        for (int p = 0; p < parts; ++p) {
          group[p] = at;
          for (int s = 0; s < parts; ++s) {
            eid_t& c = count[std::size_t(s) * std::size_t(parts) + std::size_t(p)];
            const eid_t arcs = c;
            c = at;
            at += arcs;
          }
        }
        group[parts] = at;
      }  // (the single's barrier)
      for (int s = me; s < parts; s += threads) {
        eid_t* const next = count.data() + std::size_t(s) * std::size_t(parts);
        const auto put = [&](vid_t tail, vid_t head, eid_t e) {
          const eid_t k = next[part_of(tail)]++;
          tails[k] = tail;
          if constexpr (kHeads) {
            heads[k] = head;
            if (weights) weight[k] = el.w[e];
          }
        };
        for (eid_t e = slice_begin(s); e < slice_begin(s + 1); ++e) {
          put(u[e], v[e], e);
          if (both) put(v[e], u[e], e);
        }
      }
#pragma omp barrier
      for (int p = me; p < parts; p += threads)
        for (eid_t k = group[p]; k < group[p + 1]; ++k)
          visit(p, tails[k], kHeads ? heads[k] : vid_t(0), weights ? weight[k] : W{});
#pragma omp barrier
    }
  }
}

}  // namespace gs
