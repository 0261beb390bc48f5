#include "algorithms/traversal/word_strided.hpp"

#include <stdexcept>

#include "common/large_vector.hpp"
#include "common/parallel_sum.hpp"

namespace gs::traversal {

WordStrided::WordStrided(const CsrView& g, int parts) : n_(g.n), parts_(parts), full_words_(g.n / 32) {
  if (parts < 1) throw std::invalid_argument("WordStrided: parts must be >= 1");
  // GPU k gets the full words w with w mod parts == k: full_words / parts of them, one more for k < the rest.
  first_word_.assign(std::size_t(parts) + 1, 0);
  for (int k = 0; k < parts; ++k)
    first_word_[k + 1] = first_word_[k] + full_words_ / vid_t(parts) + (vid_t(k) < full_words_ % vid_t(parts) ? 1 : 0);
  bounds_.resize(std::size_t(parts) + 1);
  for (int k = 0; k < parts; ++k) bounds_[k] = first_word_[k] * 32;
  bounds_[parts] = n_;
  // Offsets in the new order, then each list moved and its ids renumbered, in its order.
  assign_large(offsets_, std::size_t(n_) + 1);
  assign_large(adj_, g.arcs);
  offsets_[0] = 0;
#pragma omp parallel for schedule(static)
  for (vid_t x = 0; x < n_; ++x) offsets_[x + 1] = g.degree(from_strided(x));
  inclusive_sum_in_place(offsets_.data() + 1, n_);
#pragma omp parallel for schedule(dynamic, 1024)
  for (vid_t x = 0; x < n_; ++x) {
    const vid_t v = from_strided(x);
    vid_t* out = adj_.data() + offsets_[x];
    for (eid_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) *out++ = to_strided(g.adj[e]);
  }
}

vid_t WordStrided::to_strided(vid_t v) const {
  const vid_t w = v / 32;
  if (w >= full_words_) return v;  // the partial last word
  return (first_word_[w % vid_t(parts_)] + w / vid_t(parts_)) * 32 + v % 32;
}

vid_t WordStrided::from_strided(vid_t x) const {
  const vid_t w = x / 32;
  if (w >= full_words_) return x;
  // The GPU whose words hold new word w: the last k with first_word_[k] <= w (at most a few GPUs).
  int k = parts_ - 1;
  while (first_word_[k] > w) --k;
  return ((w - first_word_[k]) * vid_t(parts_) + vid_t(k)) * 32 + x % 32;
}

void WordStrided::to_original(const std::vector<std::uint32_t>& strided, std::vector<std::uint32_t>& original) const {
  original.resize(n_);
#pragma omp parallel for schedule(static)
  for (vid_t v = 0; v < n_; ++v) original[v] = strided[to_strided(v)];
}

std::uint64_t WordStrided::host_bytes(std::uint64_t n, std::uint64_t arcs) {
  return (n + 1) * sizeof(eid_t) + arcs * sizeof(vid_t);
}

}  // namespace gs::traversal
