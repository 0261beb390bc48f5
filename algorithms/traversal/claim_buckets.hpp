// Deferred claims for large branches (propagation blocking: Beamer, Asanovic,
// Patterson, IPDPS 2017). Claiming a neighbour with a locked OR on the shared
// visited bitmap moves a cache line between cores for every claim, and the
// lock orders the core's memory accesses, so those transfers do not overlap:
// with millions of claims per branch that is most of a large branch's time.
// Instead, while a large branch is expanded, threads only READ the bitmap and
// file every neighbour that looked unvisited into a bucket by vertex range
// (region). Then each region is settled by one thread, which sets its bits
// with plain stores (the region's words are its own) and claims the vertices
// whose bit was still clear: every vertex is claimed exactly once, no locked
// instruction, no line written by two cores. The price is writing and reading
// the filed vertices (duplicates included) once, sequentially.
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
