#include "algorithms/mst/sollin/sollin.hpp"

#include <string>

#include "algorithms/mst/sollin/contraction.hpp"
#include "algorithms/mst/sollin/level_passes.hpp"
#include "common/errors.hpp"

namespace gs::mst {

SollinSolver::SollinSolver(vid_t n, SollinStrategy strategy, int threads)
    : n_(n), strategy_(strategy), threads_(strategy == SollinStrategy::serial ? 1 : std::max(1, threads)) {
  if (n > kMaxSollinVertices)
    throw InputError("Sollin programs take at most " + std::to_string(kMaxSollinVertices) + " vertices (16-bit ids), got " +
                     std::to_string(n));
  // Each level at least halves the vertex count, so levels 2, 4, ... fit (n/2)^2
  // entries and levels 3, 5, ... fit (n/4)^2. Filling them touches every page now.
  big_.assign(std::size_t(n / 2) * (n / 2), kNoEdgeKey);
  small_.assign(std::size_t(n / 4) * (n / 4), kNoEdgeKey);
  choice_.assign(n, kNoChoice);
  new_id_.assign(n, 0);
  link_.assign(n, 0);
  head_.assign(n, 0);
  next_.assign(n, 0);
  scratch_.assign(std::size_t(threads_) * n, kNoChoice);
}

std::vector<Edge<std::uint32_t>> SollinSolver::solve(const DenseMatrix16& a) {
  if (a.n != n_) throw InputError("Sollin solver sized for n = " + std::to_string(n_) + ", matrix has " + std::to_string(a.n));
  return run(FullInputView{a.a.data(), a.n});
}

std::vector<Edge<std::uint32_t>> SollinSolver::solve(const TriangularMatrix16& a) {
  if (a.n != n_) throw InputError("Sollin solver sized for n = " + std::to_string(n_) + ", matrix has " + std::to_string(a.n));
  return run(TriangularInputView{a.a.data(), a.n});
}

template <class InputView>
std::vector<Edge<std::uint32_t>> SollinSolver::run(const InputView& input) {
  std::vector<Edge<std::uint32_t>> forest;
  forest.reserve(n_ ? n_ - 1 : 0);
  level_sizes_.assign(1, n_);
  if (n_ < 2) return forest;
  const bool conflict_free = strategy_ == SollinStrategy::conflict_free;

  select_input(input, choice_.data(), threads_, scratch_);
  const EdgeKey* cur = nullptr;  // the current contracted matrix; nullptr while on the input
  vid_t nn = n_;
  for (int level = 0;; ++level) {
    // Selected edges; the mutual pair v <-> t is added once, at the larger index.
    for (vid_t v = 0; v < nn; ++v) {
      const vid_t t = choice_target(choice_[v]);
      if (t > v && choice_target(choice_[t]) == v) continue;
      const EdgeKey k = cur ? cur[std::size_t(v) * nn + t]
                            : edge_key(choice_weight(choice_[v]), std::min(v, t), std::max(v, t));
      forest.push_back(key_edge(k));
    }
    const vid_t nn2 = contract(choice_.data(), nn, link_.data(), new_id_.data());
    level_sizes_.push_back(nn2);
    if (nn2 <= 1) break;

    EdgeKey* out = (level % 2 == 0 ? big_ : small_).data();
    if (conflict_free) {
      build_member_lists(new_id_.data(), nn, nn2, head_.data(), next_.data());
      if (cur) merge_conflict_free(ContractedView{const_cast<EdgeKey*>(cur), nn}, new_id_.data(), head_.data(),
                                   next_.data(), nn2, out, choice_.data(), threads_, scratch_);
      else merge_conflict_free(input, new_id_.data(), head_.data(), next_.data(), nn2, out, choice_.data(), threads_,
                               scratch_);
    } else {
      if (cur) merge_serial(ContractedView{const_cast<EdgeKey*>(cur), nn}, new_id_.data(), nn2, out, choice_.data());
      else merge_serial(input, new_id_.data(), nn2, out, choice_.data());
    }
    cur = out;
    nn = nn2;
  }
  return forest;
}

}  // namespace gs::mst
