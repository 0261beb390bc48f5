// A plain union-find used by the verifiers (kept separate from the
// algorithms' own union-find so that a bug there cannot hide here).
#pragma once

#include <numeric>
#include <vector>

#include "common/graph.hpp"

namespace gs::verify {

class UnionFind {
 public:
  explicit UnionFind(vid_t n) : parent_(n), size_(n, 1) { std::iota(parent_.begin(), parent_.end(), vid_t(0)); }
  vid_t find(vid_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }
  // False when a and b were already in one set.
  bool unite(vid_t a, vid_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    if (size_[a] < size_[b]) std::swap(a, b);
    parent_[b] = a;
    size_[a] += size_[b];
    return true;
  }

 private:
  std::vector<vid_t> parent_;
  std::vector<vid_t> size_;
};

}  // namespace gs::verify
