// Building a CSR's offsets and lists by buckets of vertices: for
// edge_list_to_csr (an edge list's arcs) and for the traversals'
// degree-ordered copy (lists read the other way round).
//
// Placing each arc straight into its list writes one cache line per arc
// anywhere in the lists, which bounds a large graph's load. Here the arcs go
// by buckets of 2^shift consecutive vertices (at most 2^16, so that a tail's
// offset in its bucket fits 16 bits): each thread counts its slice of the
// arcs per bucket; every arc's head is then written straight into its
// bucket's region of the lists, with the tail's offset beside it, the slices
// in order (so a bucket's arcs stay in the order they were read); last, each
// bucket counts its vertices' degrees from those offsets and puts its region
// in list order while the region sits in the cache. A heavy bucket (skewed
// graphs put many arcs on a few vertices) is ordered by all threads at once,
// each a chunk of its region. The lists come out in the order the arcs were
// read. The price is 2 bytes per arc and a scratch copy of the regions being
// ordered; callers take this way only where the host has room (extra_bytes).
#pragma once

#include <algorithm>
#include <cstdint>
#include <omp.h>
#include <vector>

#include "common/graph.hpp"
#include "common/large_vector.hpp"
#include "common/parallel_sum.hpp"

namespace gs {

// An edge list's arcs: edge e gives (u, v) and, when undirected, (v, u).
template <class W>
class EdgeListArcs {
 public:
  using weight_type = W;
  explicit EdgeListArcs(const EdgeList<W>& el) : el_(el) {}
  vid_t n() const { return el_.n; }
  eid_t items() const { return el_.size(); }
  eid_t arcs() const { return el_.directed ? el_.size() : 2 * el_.size(); }
  const W* weights() const { return el_.weighted() ? el_.w.data() : nullptr; }  // per item
  template <class Put>
  void visit(eid_t begin, eid_t end, Put&& put) const {
    const vid_t* const u = el_.u.data();
    const vid_t* const v = el_.v.data();
    for (eid_t e = begin; e < end; ++e) {
      put(u[e], v[e], e);
      if (!el_.directed) put(v[e], u[e], e);
    }
  }

 private:
  const EdgeList<W>& el_;
};

struct Unweighted {};

// Lists read the other way round: entry i of x's list, y = adj[i], gives
// the arc (y, x). Of a symmetric graph's lists this builds the same lists,
// each in ascending order of x: sorted without sorting.
class TransposedLists {
 public:
  using weight_type = Unweighted;
  TransposedLists(vid_t n, const eid_t* offsets, const vid_t* adj) : n_(n), offsets_(offsets), adj_(adj) {}
  vid_t n() const { return n_; }
  eid_t items() const { return offsets_[n_]; }
  eid_t arcs() const { return offsets_[n_]; }
  const Unweighted* weights() const { return nullptr; }
  template <class Put>
  void visit(eid_t begin, eid_t end, Put&& put) const {
    if (begin >= end) return;
    // The list holding entry `begin`: the last x with offsets[x] <= begin.
    vid_t x = vid_t(std::upper_bound(offsets_, offsets_ + n_ + 1, begin) - offsets_ - 1);
    for (eid_t i = begin; i < end; ++i) {
      while (offsets_[x + 1] <= i) ++x;
      put(adj_[i], x, i);
    }
  }

 private:
  vid_t n_;
  const eid_t* offsets_;
  const vid_t* adj_;
};

// log2 of the vertices per bucket: about 2^18 arcs per bucket on average, at most 2^16 vertices.
inline int bucket_shift(vid_t n, eid_t arcs) {
  int shift = 0;
  while (shift < 16 && (std::uint64_t(n) >> (shift + 1)) >= std::max<std::uint64_t>(1, arcs >> 18)) ++shift;
  return shift;
}

// Arcs: EdgeListArcs or TransposedLists (n, items, arcs, weights, visit).
template <class Arcs>
class CsrBuckets {
 public:
  using W = typename Arcs::weight_type;

  // Regions of more arcs than this are ordered by all threads at once.
  static constexpr eid_t kHeavy = eid_t(1) << 20;

  // Host bytes beyond the CSR itself, for `arcs` arcs whose largest bucket
  // region holds `largest_region` arcs: the tails' offsets, and the scratch of
  // the regions ordered at once.
  static std::uint64_t extra_bytes(eid_t arcs, eid_t largest_region, bool weighted) {
    const std::uint64_t per_arc = sizeof(vid_t) + sizeof(std::uint16_t) + (weighted ? sizeof(W) : 0);
    const std::uint64_t threads = std::uint64_t(std::max(1, omp_get_max_threads()));
    const std::uint64_t scratch = std::max<std::uint64_t>(largest_region, threads * kHeavy);
    return arcs * sizeof(std::uint16_t) + scratch * per_arc + threads * (std::uint64_t(1) << 16) * sizeof(eid_t);
  }

  // Counts the arcs (ids already checked against arcs.n()) per slice and bucket.
  explicit CsrBuckets(const Arcs& arcs, eid_t heavy = kHeavy)
      : arcs_(arcs),
        heavy_(heavy),
        shift_(bucket_shift(arcs.n(), arcs.arcs())),
        buckets_((std::size_t(arcs.n()) >> shift_) + 1),
        slices_(std::max(1, omp_get_max_threads())),
        next_(std::size_t(slices_) * buckets_, 0),
        start_(buckets_ + 1, 0) {
#pragma omp parallel for schedule(static, 1)
    for (int k = 0; k < slices_; ++k) {
      eid_t* const count = next_.data() + std::size_t(k) * buckets_;
      arcs_.visit(slice_begin(k), slice_begin(k + 1), [&](vid_t tail, vid_t, eid_t) { ++count[tail >> shift_]; });
    }
    // Bucket b's region starts at start_[b]; slice k's arcs of it after the earlier slices'.
#pragma omp parallel for schedule(static)
    for (std::int64_t b = 0; b < std::int64_t(buckets_); ++b) {
      eid_t at = 0;
      for (int k = 0; k < slices_; ++k) at += next_[std::size_t(k) * buckets_ + std::size_t(b)];
      start_[std::size_t(b) + 1] = at;
    }
    inclusive_sum_in_place(start_.data() + 1, buckets_);
#pragma omp parallel for schedule(static)
    for (std::int64_t b = 0; b < std::int64_t(buckets_); ++b) {
      eid_t at = start_[b];
      for (int k = 0; k < slices_; ++k) {
        eid_t& slot = next_[std::size_t(k) * buckets_ + std::size_t(b)];
        const eid_t arcs_here = slot;
        slot = at;
        at += arcs_here;
      }
    }
  }

  std::uint64_t extra_bytes() const {
    eid_t largest = 0;
    for (std::size_t b = 0; b < buckets_; ++b) largest = std::max(largest, region(b));
    return extra_bytes(arcs_.arcs(), largest, arcs_.weights() != nullptr);
  }

  // Fills offsets (n + 1), adj and, when the arcs are weighted, w (arcs() each;
  // w may be null for unweighted arcs). The arcs are first scattered into their
  // buckets' regions: into `spare` (arcs() entries) when given, and ordered
  // from there into adj, which may then be the arcs' own storage (written only
  // once they are read); without a spare, into adj, each region ordered
  // through a scratch copy.
  void place(eid_t* offsets, vid_t* adj, W* w, vid_t* spare = nullptr) {
    const W* const weight = w ? arcs_.weights() : nullptr;
    const vid_t mask = (vid_t(1) << shift_) - 1;
    vid_t* const scattered = spare ? spare : adj;
    std::vector<std::uint16_t> offset;  // the tail's offset in its bucket, per arc
    assign_large(offset, arcs_.arcs());
#pragma omp parallel for schedule(static, 1)
    for (int k = 0; k < slices_; ++k) {
      eid_t* const next = next_.data() + std::size_t(k) * buckets_;
      arcs_.visit(slice_begin(k), slice_begin(k + 1), [&](vid_t tail, vid_t head, eid_t item) {
        const eid_t at = next[tail >> shift_]++;
        scattered[at] = head;
        offset[at] = std::uint16_t(tail & mask);
        if (weight) w[at] = weight[item];
      });
    }
    const Region order{offsets, adj, weight ? w : nullptr, spare, offset.data()};
    for (std::size_t b = 0; b < buckets_; ++b)
      if (region(b) > heavy_) order_heavy(b, order);
#pragma omp parallel
    {
      Scratch scratch;
#pragma omp for schedule(dynamic, 1)
      for (std::int64_t b = 0; b < std::int64_t(buckets_); ++b)
        if (region(std::size_t(b)) <= heavy_) order_light(std::size_t(b), order, scratch);
    }
    offsets[arcs_.n()] = arcs_.arcs();
  }

 private:
  struct Region {
    eid_t* offsets;
    vid_t* adj;
    W* w;                       // null when unweighted; weights are ordered in place
    const vid_t* spare;         // where the heads were scattered; null: in adj
    const std::uint16_t* tail;  // per arc, its tail's offset in the bucket
  };
  struct Scratch {
    std::vector<eid_t> cursor;
    std::vector<vid_t> heads;
    std::vector<W> weights;
  };

  eid_t slice_begin(int k) const { return arcs_.items() * eid_t(k) / eid_t(slices_); }
  eid_t region(std::size_t b) const { return start_[b + 1] - start_[b]; }
  vid_t first_vertex(std::size_t b) const {
    return vid_t(std::min<std::uint64_t>(std::uint64_t(b) << shift_, arcs_.n()));
  }

  // One thread: degrees from the tails' offsets, then the region in list order.
  void order_light(std::size_t b, const Region& o, Scratch& s) const {
    const vid_t x0 = first_vertex(b), x1 = first_vertex(b + 1);
    const eid_t r0 = start_[b], r1 = start_[b + 1];
    s.cursor.assign(x1 - x0, 0);
    for (eid_t i = r0; i < r1; ++i) ++s.cursor[o.tail[i]];
    eid_t at = r0;
    for (vid_t x = x0; x < x1; ++x) {
      const eid_t degree = s.cursor[x - x0];
      o.offsets[x] = s.cursor[x - x0] = at;
      at += degree;
    }
    if (x1 - x0 < 2 || r1 == r0) {  // one list: already in order
      if (o.spare) std::copy(o.spare + r0, o.spare + r1, o.adj + r0);
      return;
    }
    const vid_t* heads = o.spare ? o.spare + r0 : nullptr;
    if (!heads) {
      s.heads.assign(o.adj + r0, o.adj + r1);
      heads = s.heads.data();
    }
    if (o.w) s.weights.assign(o.w + r0, o.w + r1);
    for (eid_t i = r0; i < r1; ++i) {
      const eid_t slot = s.cursor[o.tail[i]]++;
      o.adj[slot] = heads[i - r0];
      if (o.w) o.w[slot] = s.weights[i - r0];
    }
  }

  // All threads, each a chunk of the region: per-chunk degrees, then each
  // chunk's arcs of a vertex after the earlier chunks' (a stable order).
  void order_heavy(std::size_t b, const Region& o) const {
    const vid_t x0 = first_vertex(b), x1 = first_vertex(b + 1), width = x1 - x0;
    const eid_t r0 = start_[b], r1 = start_[b + 1];
    if (width < 2) {  // one list: already in order
      if (width == 1) o.offsets[x0] = r0;
      if (o.spare) std::copy(o.spare + r0, o.spare + r1, o.adj + r0);
      return;
    }
    const int chunks = slices_;
    const auto chunk_begin = [&](int c) { return r0 + (r1 - r0) * eid_t(c) / eid_t(chunks); };
    std::vector<eid_t> cursor(std::size_t(chunks) * width, 0);  // [chunk][vertex]
    std::vector<vid_t> copy;                                    // the heads, where they were scattered into adj
    std::vector<W> weights;
    if (!o.spare) assign_large(copy, r1 - r0);
    if (o.w) assign_large(weights, r1 - r0);
    const vid_t* const heads = o.spare ? o.spare + r0 : copy.data();
#pragma omp parallel for schedule(static, 1)
    for (int c = 0; c < chunks; ++c) {
      eid_t* const count = cursor.data() + std::size_t(c) * width;
      for (eid_t i = chunk_begin(c); i < chunk_begin(c + 1); ++i) {
        ++count[o.tail[i]];
        if (!o.spare) copy[i - r0] = o.adj[i];
        if (o.w) weights[i - r0] = o.w[i];
      }
    }
    eid_t at = r0;
    for (vid_t j = 0; j < width; ++j) {
      o.offsets[x0 + j] = at;
      for (int c = 0; c < chunks; ++c) {
        eid_t& slot = cursor[std::size_t(c) * width + j];
        const eid_t here = slot;
        slot = at;
        at += here;
      }
    }
#pragma omp parallel for schedule(static, 1)
    for (int c = 0; c < chunks; ++c) {
      eid_t* const next = cursor.data() + std::size_t(c) * width;
      for (eid_t i = chunk_begin(c); i < chunk_begin(c + 1); ++i) {
        const eid_t slot = next[o.tail[i]]++;
        o.adj[slot] = heads[i - r0];
        if (o.w) o.w[slot] = weights[i - r0];
      }
    }
  }

  const Arcs arcs_;  // a view: the arcs' storage outlives the buckets
  eid_t heavy_;
  int shift_;
  std::size_t buckets_;
  int slices_;
  std::vector<eid_t> next_;   // [slice][bucket]: its arcs, then where its next arc goes
  std::vector<eid_t> start_;  // buckets + 1: where each bucket's region starts
};

}  // namespace gs
