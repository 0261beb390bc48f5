// A program's own degree-ordered copy of the graph (degree_order.hpp), for
// the direction-optimising programs on the CPU and the GPU: built untimed
// when the program prepares (its relabel_s column), traversed from the
// source's new id, and its levels mapped back to the graph's ids untimed
// (widen_s) for the verifier, while bytes_read counts the copy itself.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/traversal/degree_order.hpp"
#include "algorithms/traversal/traversal_programs.hpp"
#include "common/timer.hpp"

namespace gs::traversal {

class OrderedCopy {
 public:
  // Builds the copy of `g`; returns the seconds it took.
  double build(const CsrView& g) {
    WallTimer t;
    ordered_ = std::make_unique<DegreeOrdered>(g);
    view_ = ordered_->view();
    level_.resize(g.n);  // here, not in the first timed traversal
    return t.seconds();
  }
  explicit operator bool() const { return bool(ordered_); }
  const CsrView& view() const { return view_; }
  vid_t source(vid_t original) const { return ordered_->new_id(original); }
  // The levels of a traversal of the copy, indexed by new id.
  std::vector<std::uint32_t>& level() { return level_; }
  // The levels into `original` (the graph's ids) and `answer` pointed at
  // the copy for bytes_read; returns the seconds the mapping took.
  double map_back(std::vector<std::uint32_t>& original, TraversalAnswer& answer) const {
    WallTimer t;
    ordered_->to_original(level_, original);
    answer.traversed = &view_;
    answer.traversed_level = &level_;
    return t.seconds();
  }
  void release() {
    ordered_.reset();
    level_ = {};
  }
  static std::uint64_t host_bytes(const harness::GraphSize& size) {
    return DegreeOrdered::host_bytes(size.n, 2 * size.m);
  }

 private:
  std::unique_ptr<DegreeOrdered> ordered_;
  CsrView view_;
  std::vector<std::uint32_t> level_;
};

}  // namespace gs::traversal
