// Paper B: Sollin (Boruvka) on a complete graph's weight matrix, serial and
// conflict-free parallel, over full or lower-triangular storage.
//
// Each level: select (every vertex's lightest edge, ties to the lower index),
// add the selected edges (the mutual pair A<->B once, at the larger index),
// contract (the paper's "linked list": every vertex points to a lower-indexed
// vertex of its tree, then one ascending pass renumbers), and merge edges into
// the contracted matrix keeping the minimum between two new vertices, with the
// next select fused into the merge.
//
//  - serial (the paper's program 2): the merge traverses the OLD edges in
//    storage order and scatters them into the new matrix.
//  - conflict_free (programs 3 and 4): the merge is parallel over NEW vertices;
//    one thread builds a new vertex's whole row, walking its members through the
//    head/next lists, so no two threads ever write the same entry.
//
// Storage: with a TriangularMatrix16 input only the lower triangle (half the
// memory) is read. Contracted matrices are full symmetric rows of 16-bit
// weights (the minimum between two new vertices), kept for every level: a
// selected contracted edge is traced back to an input edge of its weight
// through the levels' member lists after the last level (resolve_edge), so the
// passes never carry edge identities.
//
// The workspace (every level's matrix and member lists) is allocated and
// touched by the constructor, so that solve() times the algorithm rather than
// first-touch page faults.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "algorithms/mst/msf_result.hpp"
#include "algorithms/mst/sollin/edge_key.hpp"
#include "common/graph.hpp"

namespace gs::mst {

enum class SollinStrategy { serial, conflict_free };

// The phases of a solve, in MsfResult::times (wall seconds; the rest of the
// solve's time is start-up and bookkeeping): select_s (level 1's select over
// the input), contract_s (every level's selected edges, contraction and member
// lists), first_merge_s (the merge that reads the input, with level 2's
// select), later_merges_s (the merges of the contracted matrices), traceback_s
// (selected edges traced back to input edges).
inline constexpr const char* kSollinTimes[] = {"select_s", "contract_s", "first_merge_s", "later_merges_s",
                                               "traceback_s"};

class SollinSolver {
 public:
  // `threads` is used by conflict_free only (serial runs on the calling thread).
  // Throws InputError for n > kMaxSollinVertices.
  SollinSolver(vid_t n, SollinStrategy strategy, int threads = 1);

  // The forest alone (what a timed run calls), then the last solve's phases
  // by their kSollinTimes names; solve() is both.
  std::vector<KEdge> forest(const DenseMatrix16& a);
  std::vector<KEdge> forest(const TriangularMatrix16& a);
  std::map<std::string, double> phase_times() const;
  MsfResult solve(const DenseMatrix16& a) { return {forest(a), phase_times(), {}}; }
  MsfResult solve(const TriangularMatrix16& a) { return {forest(a), phase_times(), {}}; }

  // Vertices per level of the last solve (n, then the contracted sizes).
  const std::vector<vid_t>& level_sizes() const { return level_sizes_; }
  std::uint64_t workspace_bytes() const { return matrices_.size() * sizeof(std::uint16_t); }

 private:
  struct Phases {
    double select_s = 0, contract_s = 0, first_merge_s = 0, later_merges_s = 0, traceback_s = 0;
  };

  // An edge selected at a level: level-`level` vertices a -> b of weight w.
  struct Selected {
    int level;
    vid_t a, b;
    std::uint16_t w;
  };

  template <class InputView>
  std::vector<Edge<std::uint32_t>> run(const InputView& input);
  template <class InputView>
  Edge<std::uint32_t> resolve_edge(const InputView& input, Selected s) const;

  vid_t n_;
  SollinStrategy strategy_;
  int threads_;
  // Level L >= 1 (level_sizes_[L] vertices): its contracted matrix starts at
  // matrices_[matrix_at_[L]], its member lists (level L-1 vertices per level-L
  // vertex) at offsets_[offsets_at_[L]] and members_[members_at_[L]].
  std::vector<std::uint16_t> matrices_;
  std::vector<vid_t> offsets_, members_;
  std::vector<std::size_t> matrix_at_, offsets_at_, members_at_;
  std::vector<Choice> choice_;                        // per vertex of the current level
  std::vector<vid_t> new_id_, link_, jump_, number_;  // contraction (link_ serial; the rest parallel)
  std::vector<vid_t> flags_;                          // parallel contraction's per-thread flags
  std::vector<std::uint16_t> rows_;  // per thread: the conflict-free merge's rows (conflict_free_scratch)
  std::vector<Choice> scratch_;      // per thread: choices for the triangular passes
  std::vector<Selected> selected_;
  std::vector<vid_t> level_sizes_;
  Phases phases_;  // of the last solve
};

}  // namespace gs::mst
