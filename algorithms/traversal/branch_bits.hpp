// The branch array that the read states of Alg. 2 / Fig. 1 scan every branch,
// held as bits: a vertex belongs to branch k iff it was reached before step k
// and not before step k-1. Two snapshots of the visited bitmap (N/8 bytes each)
// answer that for 64 vertices per word, so the O(N) scan reads 2N bits instead
// of a 4N-byte level array, and the scan, not the claim, writes each read-state
// vertex's level: in vertex order, where a claim would write at random.
#pragma once

#include <utility>

#include "algorithms/traversal/visited_bitmap.hpp"

namespace gs::traversal {

class BranchBits {
 public:
  explicit BranchBits(vid_t n) : older_(n), newer_(n) {}

  void clear() {
    older_.clear();
    newer_.clear();
  }
  // Before every step whose current or next branch lives in the array: the
  // newer snapshot becomes the older one and `visited` the newer.
  void snapshot(const VisitedBitmap& visited) {
    std::swap(older_, newer_);
    newer_.copy_from(visited);
  }
  // The current branch's vertices among word w's 64.
  std::uint64_t word(std::size_t w) const { return newer_.word(w) & ~older_.word(w); }
  std::size_t words() const { return newer_.words(); }

 private:
  VisitedBitmap older_, newer_;
};

}  // namespace gs::traversal
