// Deferred claims for large branches (propagation blocking: Beamer, Asanovic,
// Patterson, IPDPS 2017). A large branch's expansion meets hundreds of
// millions of arcs; testing and claiming each target in the shared 4 MB
// visited bitmap is a random access that misses each core's 2 MB L2, and a
// claim is a locked OR on a line other cores share. Instead, while a large
// branch is expanded, threads file every neighbour (or, with test_first, every
// neighbour whose bit looked clear) into a bucket by vertex range (region):
// sequential 4-byte writes. Then each region is settled by one thread, which
// tests and sets its bits with plain stores (the region's 16 KB of bitmap stay
// in L1 and are its own) and claims the vertices whose bit was still clear:
// every vertex is claimed exactly once, no locked instruction, no line written
// by two cores, no random access outside a region. The price is writing and
// reading the filed vertices (duplicates included) once, in sequence, and
// memory for them: up to 4 bytes per arc of the largest branch, kept between
// traversals.
// (C++17: gpu_traversal.cu includes this header through the workspace.)
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/traversal/visited_bitmap.hpp"

namespace gs::traversal {

class ClaimBuckets {
 public:
  // Before a deferred step on an n-vertex graph with up to `threads` threads.
  // A region is 2^shift vertices, whole bitmap words (shift >= 6), small
  // enough that its bits stay in a core's L1 while it is settled.
  void prepare(vid_t n, int threads) {
    shift_ = 6;
    while (((std::uint64_t(n) + (std::uint64_t(1) << shift_) - 1) >> shift_) > kMaxRegions) ++shift_;
    regions_ = std::size_t((std::uint64_t(n) + (std::uint64_t(1) << shift_) - 1) >> shift_);
    if (buckets_.size() < std::size_t(threads)) buckets_.resize(std::size_t(threads));
    for (auto& per_thread : buckets_)
      if (per_thread.size() < regions_) per_thread.resize(regions_);
  }
  std::size_t regions() const { return regions_; }
  // Whether the expansion tests a neighbour's visited bit before filing it
  // (fewer vertices filed) or files every neighbour (no random bitmap read
  // while expanding; the settling reads the bit in cache).
  bool test_first = true;
  // Thread `t` files x (x looked unvisited).
  void file(int t, vid_t x) { buckets_[std::size_t(t)][x >> shift_].push_back(x); }
  // Region r, by one thread while no other touches r's words: sets the bits of
  // every vertex filed for r and hands the ones that were still clear to
  // `claim`. Empties the region's buckets (their capacity is kept).
  template <class Claim>
  void settle(std::size_t r, VisitedBitmap& visited, Claim&& claim) {
    for (auto& per_thread : buckets_) {
      if (r >= per_thread.size()) continue;
      std::vector<vid_t>& b = per_thread[r];
      for (const vid_t x : b) {
        if (visited.test(x)) continue;
        visited.set_unshared(x);
        claim(x);
      }
      b.clear();
    }
  }
  // Vertices filed and not yet settled (tests).
  std::uint64_t filed() const {
    std::uint64_t k = 0;
    for (const auto& per_thread : buckets_)
      for (const auto& b : per_thread) k += b.size();
    return k;
  }

 private:
  static constexpr std::uint64_t kMaxRegions = 256;
  unsigned shift_ = 6;
  std::size_t regions_ = 0;
  std::vector<std::vector<std::vector<vid_t>>> buckets_;  // [thread][region]
};

}  // namespace gs::traversal
