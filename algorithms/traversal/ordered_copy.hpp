// The graph's degree-ordered copy (degree_order.hpp), for the
// direction-optimising programs on the CPU and the GPUs: built untimed by the
// first of them that prepares on a graph and kept for the others (each reports
// its build time as relabel_s), traversed from the source's new id, and its
// levels mapped back to the graph's ids untimed (widen_s) for the verifier,
// while bytes_read counts the copy itself. One copy per graph: the generated
// graph's edge list, freed once the CSR is built, leaves room for it.
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
  explicit OrderedCopy(const CsrView& g) {
    WallTimer t;
    ordered_ = std::make_unique<DegreeOrdered>(g);
    view_ = ordered_->view();
    level_.resize(g.n);  // here, not in the first timed traversal
    build_s_ = t.seconds();
  }
  // How long building it took.
  double build_seconds() const { return build_s_; }
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
  static std::uint64_t host_bytes(const harness::GraphSize& size) {
    return DegreeOrdered::host_bytes(size.n, 2 * size.m);
  }

 private:
  std::unique_ptr<DegreeOrdered> ordered_;
  CsrView view_;
  std::vector<std::uint32_t> level_;
  double build_s_ = 0;
};

// The graph's copy, built on first use.
inline OrderedCopy& ordered_copy(const TraversalGraph& g) {
  SharedState& s = *g.shared;
  if (!s.ordered) s.ordered = std::make_unique<OrderedCopy>(view_of(g.csr));
  return *s.ordered;
}

}  // namespace gs::traversal
