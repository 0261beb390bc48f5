// Building a CSR's offsets and lists by buckets of vertices, for edge_list_to_csr.
//
// Placing each arc straight into its list writes one cache line per arc
// anywhere in the lists, which bounds a large graph's load. Here the arcs go
// by buckets of 2^shift consecutive vertices (at most 2^16, so that a tail's
// offset in its bucket fits 16 bits): each thread counts its slice of the
// edge list per bucket; every arc's head is then written straight into its
// bucket's region of the lists, with the tail's offset beside it, the slices
// in order (so a bucket's arcs stay in edge order); last, each bucket counts
// its vertices' degrees from those offsets and puts its region in list order
// while the region sits in the cache. The lists come out exactly as the
// owner placement leaves them. The price is 2 bytes per arc and a scratch
// copy of the buckets being ordered; edge_list_to_csr takes this way only
// when the host has room for them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <omp.h>
#include <vector>

#include "common/graph.hpp"
#include "common/large_vector.hpp"
#include "common/parallel_sum.hpp"

namespace gs::detail {

// log2 of the vertices per bucket: about 2^18 arcs per bucket on average, at most 2^16 vertices.
inline int bucket_shift(vid_t n, eid_t arcs) {
  int shift = 0;
  while (shift < 16 && (std::uint64_t(n) >> (shift + 1)) >= std::max<std::uint64_t>(1, arcs >> 18)) ++shift;
  return shift;
}

template <class W>
class CsrBuckets {
 public:
  // Counts the arcs of `el` (ids already checked against el.n) per slice and bucket.
  explicit CsrBuckets(const EdgeList<W>& el)
      : el_(el),
        both_(!el.directed),
        arcs_(el.size() * (el.directed ? 1 : 2)),
        shift_(bucket_shift(el.n, arcs_)),
        buckets_((std::size_t(el.n) >> shift_) + 1),
        slices_(std::max(1, omp_get_max_threads())),
        next_(std::size_t(slices_) * buckets_, 0),
        start_(buckets_ + 1, 0) {
    const vid_t* const u = el.u.data();
    const vid_t* const v = el.v.data();
#pragma omp parallel for schedule(static, 1)
    for (int k = 0; k < slices_; ++k) {
      eid_t* const count = next_.data() + std::size_t(k) * buckets_;
      for (eid_t e = slice_begin(k); e < slice_begin(k + 1); ++e) {
        ++count[u[e] >> shift_];
        if (both_) ++count[v[e] >> shift_];
      }
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
        const eid_t arcs = slot;
        slot = at;
        at += arcs;
      }
    }
  }

  // Host bytes beyond the CSR itself: the tails' offsets, and the scratch of
  // the buckets ordered at once (at most the `slices` largest regions).
  std::uint64_t extra_bytes() const {
    std::vector<eid_t> regions(buckets_);
    for (std::size_t b = 0; b < buckets_; ++b) regions[b] = start_[b + 1] - start_[b];
    const std::size_t most = std::min<std::size_t>(std::size_t(slices_), buckets_);
    std::nth_element(regions.begin(), regions.begin() + std::ptrdiff_t(most) - 1, regions.end(), std::greater<>());
    std::uint64_t largest = 0;
    for (std::size_t i = 0; i < most; ++i) largest += regions[i];
    const std::uint64_t per_arc = sizeof(vid_t) + sizeof(std::uint16_t) + (el_.weighted() ? sizeof(W) : 0);
    return arcs_ * sizeof(std::uint16_t) + (largest + std::uint64_t(slices_) * kKeepScratch) * per_arc;
  }

  // Fills g.offsets, g.adj and g.w (sized by the caller: n + 1 and arcs, w when weighted).
  void place(Csr<W>& g) {
    const vid_t* const u = el_.u.data();
    const vid_t* const v = el_.v.data();
    const bool weighted = el_.weighted();
    const vid_t mask = (vid_t(1) << shift_) - 1;
    std::vector<std::uint16_t> offset;  // the tail's offset in its bucket, per arc
    assign_large(offset, arcs_);
#pragma omp parallel for schedule(static, 1)
    for (int k = 0; k < slices_; ++k) {
      eid_t* const next = next_.data() + std::size_t(k) * buckets_;
      const auto put = [&](vid_t tail, vid_t head, eid_t e) {
        const eid_t at = next[tail >> shift_]++;
        g.adj[at] = head;
        offset[at] = std::uint16_t(tail & mask);
        if (weighted) g.w[at] = el_.w[e];
      };
      for (eid_t e = slice_begin(k); e < slice_begin(k + 1); ++e) {
        put(u[e], v[e], e);
        if (both_) put(v[e], u[e], e);
      }
    }
    const vid_t n = el_.n;
#pragma omp parallel
    {
      std::vector<eid_t> cursor(std::size_t(1) << shift_);
      std::vector<vid_t> heads;
      std::vector<W> weights;
#pragma omp for schedule(dynamic, 1)
      for (std::int64_t b = 0; b < std::int64_t(buckets_); ++b) {
        const vid_t x0 = vid_t(std::min<std::uint64_t>(std::uint64_t(b) << shift_, n));
        const vid_t x1 = vid_t(std::min<std::uint64_t>((std::uint64_t(b) + 1) << shift_, n));
        const eid_t r0 = start_[b], r1 = start_[b + 1];
        std::fill(cursor.begin(), cursor.begin() + (x1 - x0), eid_t(0));
        for (eid_t i = r0; i < r1; ++i) ++cursor[offset[i]];
        eid_t at = r0;
        for (vid_t x = x0; x < x1; ++x) {
          const eid_t degree = cursor[x - x0];
          g.offsets[x] = cursor[x - x0] = at;
          at += degree;
        }
        if (x1 - x0 < 2 || r1 == r0) continue;  // one list: already in edge order
        heads.assign(g.adj.begin() + r0, g.adj.begin() + r1);
        if (weighted) weights.assign(g.w.begin() + r0, g.w.begin() + r1);
        for (eid_t i = r0; i < r1; ++i) {
          const eid_t slot = cursor[offset[i]]++;
          g.adj[slot] = heads[i - r0];
          if (weighted) g.w[slot] = weights[i - r0];
        }
        if (heads.capacity() > kKeepScratch) {  // a heavy bucket's scratch is not kept
          std::vector<vid_t>().swap(heads);
          std::vector<W>().swap(weights);
        }
      }
    }
    g.offsets[n] = arcs_;
  }

  eid_t arcs() const { return arcs_; }

 private:
  static constexpr std::size_t kKeepScratch = std::size_t(1) << 20;  // arcs
  eid_t slice_begin(int k) const { return el_.size() * eid_t(k) / eid_t(slices_); }

  const EdgeList<W>& el_;
  bool both_;
  eid_t arcs_;
  int shift_;
  std::size_t buckets_;
  int slices_;
  std::vector<eid_t> next_;   // [slice][bucket]: its arcs, then where its next arc goes
  std::vector<eid_t> start_;  // buckets + 1: where each bucket's region starts
};

}  // namespace gs::detail
