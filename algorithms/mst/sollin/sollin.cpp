#include "algorithms/mst/sollin/sollin.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "algorithms/mst/sollin/contraction.hpp"
#include "algorithms/mst/sollin/level_passes.hpp"
#include "common/errors.hpp"
#include "common/timer.hpp"

namespace gs::mst {

SollinSolver::SollinSolver(vid_t n, SollinStrategy strategy, int threads)
    : n_(n), strategy_(strategy), threads_(strategy == SollinStrategy::serial ? 1 : std::max(1, threads)) {
  if (n > kMaxSollinVertices)
    throw InputError("Sollin programs take at most " + std::to_string(kMaxSollinVertices) +
                     " vertices (16-bit ids), got " + std::to_string(n));
  // Each level at least halves the vertex count: level L has at most n >> L
  // vertices, which bounds every level's matrix and lists. Filling the buffers
  // touches every page now.
  std::size_t matrix_entries = 0, offset_entries = 0;
  for (vid_t k = n / 2; k > 0; k /= 2) {
    matrix_entries += std::size_t(k) * k;
    offset_entries += k + 1;
  }
  matrices_.assign(std::max<std::size_t>(1, matrix_entries), kNoWeight);
  offsets_.assign(offset_entries + 1, 0);
  members_.assign(2 * std::size_t(n) + 1, 0);
  choice_.assign(n, kNoChoice);
  new_id_.assign(n, 0);
  link_.assign(n, 0);
  jump_.assign(strategy == SollinStrategy::conflict_free ? n : 0, 0);
  number_.assign(jump_.size(), 0);
  rows_.assign(strategy == SollinStrategy::conflict_free ? std::size_t(threads_) * conflict_free_scratch(n) : 1,
               kNoWeight);
  scratch_.assign(std::size_t(threads_) * n, kNoChoice);
  selected_.reserve(n);
}

std::map<std::string, double> SollinSolver::phase_times() const {
  return {{"select_s", phases_.select_s},
          {"contract_s", phases_.contract_s},
          {"first_merge_s", phases_.first_merge_s},
          {"later_merges_s", phases_.later_merges_s},
          {"traceback_s", phases_.traceback_s}};
}

std::vector<KEdge> SollinSolver::forest(const DenseMatrix16& a) {
  if (a.n != n_)
    throw InputError("Sollin solver sized for n = " + std::to_string(n_) + ", matrix has " + std::to_string(a.n));
  return run(FullView{a.a.data(), a.n});
}

std::vector<KEdge> SollinSolver::forest(const TriangularMatrix16& a) {
  if (a.n != n_)
    throw InputError("Sollin solver sized for n = " + std::to_string(n_) + ", matrix has " + std::to_string(a.n));
  return run(TriangularInputView{a.a.data(), a.n});
}

template <class InputView>
std::vector<Edge<std::uint32_t>> SollinSolver::run(const InputView& input) {
  level_sizes_.assign(1, n_);
  selected_.clear();
  matrix_at_.assign(1, 0);  // level 0 is the input
  offsets_at_.assign(1, 0);
  members_at_.assign(1, 0);
  phases_ = {};
  if (n_ < 2) return {};
  const bool conflict_free = strategy_ == SollinStrategy::conflict_free;

  WallTimer phase;
  if constexpr (std::is_same_v<InputView, FullView>) {
    if (conflict_free) select_lower_triangle(FullLowerView{input.a, input.n}, choice_.data(), threads_, scratch_);
    else select_full_rows(input, choice_.data());
  } else {
    select_lower_triangle(input, choice_.data(), threads_, scratch_);
  }
  phases_.select_s = phase.seconds();
  FullView cur{nullptr, n_};  // the current contracted level; cur.a == nullptr while on the input
  vid_t nn = n_;
  std::size_t matrix_at = 0, offsets_at = 0, members_at = 0;
  for (int level = 0;; ++level) {
    phase.restart();
    // Selected edges; the mutual pair v <-> t is added once, at the larger index.
    for (vid_t v = 0; v < nn; ++v) {
      const vid_t t = choice_target(choice_[v]);
      if (t > v && choice_target(choice_[t]) == v) continue;
      selected_.push_back({level, v, t, std::uint16_t(choice_weight(choice_[v]))});
    }
    // jump_ and link_ are the parallel form's two pointer-jumping arrays.
    const vid_t nn2 = conflict_free && threads_ > 1 && nn >= kParallelContractMinVertices
                          ? contract_parallel(choice_.data(), nn, jump_.data(), link_.data(), number_.data(),
                                              new_id_.data(), threads_, flags_)
                          : contract(choice_.data(), nn, link_.data(), new_id_.data());
    level_sizes_.push_back(nn2);
    if (nn2 <= 1) {
      phases_.contract_s += phase.seconds();
      break;
    }

    vid_t* offset = offsets_.data() + offsets_at;
    vid_t* members = members_.data() + members_at;
    build_member_lists(new_id_.data(), nn, nn2, offset, members);
    std::uint16_t* out = matrices_.data() + matrix_at;
    matrix_at_.push_back(matrix_at);
    offsets_at_.push_back(offsets_at);
    members_at_.push_back(members_at);
    matrix_at += std::size_t(nn2) * nn2;
    offsets_at += nn2 + 1;
    members_at += nn;

    const MemberLists lists{offset, members};
    phases_.contract_s += phase.seconds();
    phase.restart();
    auto merge = [&](const auto& view) {
      if (conflict_free)
        merge_conflict_free(view, new_id_.data(), lists, nn2, out, choice_.data(), threads_, rows_, scratch_,
                            level % 2 == 0);
      else merge_serial(view, new_id_.data(), nn2, out, choice_.data());
    };
    if (cur.a) {
      merge(cur);
      phases_.later_merges_s += phase.seconds();
    } else {
      merge(input);
      phases_.first_merge_s = phase.seconds();
    }
    cur = FullView{out, nn2};
    nn = nn2;
  }

  phase.restart();
  std::vector<Edge<std::uint32_t>> forest(selected_.size());
#pragma omp parallel for schedule(dynamic, 64) num_threads(threads_) if (threads_ > 1)
  for (std::int64_t k = 0; k < std::int64_t(selected_.size()); ++k) forest[k] = resolve_edge(input, selected_[k]);
  phases_.traceback_s = phase.seconds();
  return forest;
}

// Walks a selected edge down the levels: at each, some member of a and some
// member of b are joined by an edge of the same weight (the contracted weight
// is the minimum over the members' pairs); the first such pair, in ascending
// order, is taken. At level 0 the pair is an input edge.
template <class InputView>
Edge<std::uint32_t> SollinSolver::resolve_edge(const InputView& input, Selected s) const {
  vid_t a = s.a, b = s.b;
  for (int level = s.level; level > 0; --level) {
    const vid_t* offset = offsets_.data() + offsets_at_[level];
    const vid_t* members = members_.data() + members_at_[level];
    const FullView below{matrices_.data() + matrix_at_[level - 1], level_sizes_[level - 1]};
    auto weight = [&](vid_t x, vid_t y) { return level == 1 ? input.weight(x, y) : below.weight(x, y); };
    bool found = false;
    for (vid_t p = offset[a]; p < offset[a + 1] && !found; ++p)
      for (vid_t q = offset[b]; q < offset[b + 1] && !found; ++q)
        if (weight(members[p], members[q]) == s.w) {
          a = members[p];
          b = members[q];
          found = true;
        }
    if (!found) throw std::logic_error("Sollin: a contracted edge has no member edge of its weight");
  }
  return {std::min(a, b), std::max(a, b), s.w};
}

}  // namespace gs::mst
