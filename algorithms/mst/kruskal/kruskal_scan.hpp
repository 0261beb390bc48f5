// The union-find scan that every Kruskal program of paper C shares: edges in
// ascending weight order go through a disjoint-set forest (union by rank, path
// compression, as the paper's make_union_find / find_set / union_set), and an
// edge joining two trees becomes a forest edge; the scan stops at n-1 edges.
//
// A scan can run in several batches (filter-Kruskal and the CUB pipeline scan
// a light prefix first and the rest only when the forest is not yet spanning).
// C++17 (included by CUDA sources).
#pragma once

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "algorithms/mst/msf_result.hpp"
#include "common/graph.hpp"

namespace gs::mst {

static_assert(sizeof(KEdge) == 12, "paper C sorts 12-byte edge structs");

class DisjointSets {
 public:
  explicit DisjointSets(vid_t n) : parent_(n), rank_(n, 0) { std::iota(parent_.begin(), parent_.end(), vid_t(0)); }

  vid_t find(vid_t x) {
    vid_t root = x;
    while (parent_[root] != root) root = parent_[root];
    while (parent_[x] != root) {  // path compression
      const vid_t next = parent_[x];
      parent_[x] = root;
      x = next;
    }
    return root;
  }
  // Joins the trees of two distinct roots (union by rank).
  void link(vid_t a, vid_t b) {
    if (rank_[a] < rank_[b]) std::swap(a, b);
    parent_[b] = a;
    if (rank_[a] == rank_[b]) ++rank_[a];
  }
  // A vertex's root without modifying the forest: safe from many threads at
  // once (filter-Kruskal's parallel filter).
  vid_t root_readonly(vid_t x) const {
    while (parent_[x] != x) x = parent_[x];
    return x;
  }
  vid_t size() const { return vid_t(parent_.size()); }

 private:
  std::vector<vid_t> parent_;
  std::vector<std::uint8_t> rank_;
};

class KruskalScan {
 public:
  explicit KruskalScan(vid_t n) : sets_(n), target_(n > 0 ? n - 1 : 0) { forest_.reserve(target_); }

  // Scans edge_at(0..count) in the given (ascending weight) order; returns
  // true once the forest has n-1 edges (later edges cannot join it then).
  template <class EdgeAt>
  bool scan(std::size_t count, EdgeAt&& edge_at) {
    for (std::size_t i = 0; i < count && !complete(); ++i) {
      const KEdge e = edge_at(i);
      const vid_t a = sets_.find(e.u), b = sets_.find(e.v);
      if (a != b) {
        sets_.link(a, b);
        forest_.push_back(e);
      }
    }
    return complete();
  }
  bool scan(const KEdge* sorted, std::size_t count) {
    return scan(count, [sorted](std::size_t i) { return sorted[i]; });
  }

  bool complete() const { return forest_.size() == target_; }
  const DisjointSets& sets() const { return sets_; }
  std::vector<KEdge>& forest() { return forest_; }

 private:
  DisjointSets sets_;
  std::size_t target_;
  std::vector<KEdge> forest_;
};

}  // namespace gs::mst
