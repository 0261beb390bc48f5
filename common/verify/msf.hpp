// Minimum spanning forest verifier.
//
// The reference is computed once per graph, independently of the programs
// under test: Kruskal over the edge list (parallel sort + plain union-find),
// or O(N^2) Prim over a dense matrix. check() then proves that a program's
// forest (1) uses only edges of the graph with their weights, (2) is acyclic,
// (3) spans every component (n - components edges), and (4) has the reference
// total weight (exact for integer weights, relative 1e-9 for floating ones).
// Where the weights are ranks standing for a file's values (harness::Weights::order),
// an optional table of those values makes the reported weights sums of the
// values, added in ascending order so that every minimum forest reports the same.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <memory>
#include <parallel/algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "common/answer.hpp"
#include "common/errors.hpp"
#include "common/graph.hpp"
#include "common/parallel_sum.hpp"
#include "common/verify/union_find.hpp"

namespace gs::verify {

struct MsfSummary {
  double weight = 0;
  std::uint64_t edges = 0;
  std::string answer() const { return msf_answer(weight, edges); }
};

template <class W>
class MsfVerifier {
 public:
  // Reference by Kruskal over an undirected edge list (self loops ignored).
  // value_of_rank: see above (null: the weights are the values).
  explicit MsfVerifier(const EdgeList<W>& g, std::shared_ptr<const std::vector<double>> value_of_rank = nullptr)
      : n_(g.n), edges_(&g), value_of_rank_(std::move(value_of_rank)) {
    const eid_t m = g.size();
    std::vector<std::pair<W, eid_t>> order(m);
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < std::int64_t(m); ++e) order[e] = {g.weighted() ? g.w[e] : W(1), eid_t(e)};
    __gnu_parallel::sort(order.begin(), order.end());
    UnionFind uf(g.n);
    std::vector<W> forest_weights;
    for (const auto& [w, e] : order)
      if (uf.unite(g.u[e], g.v[e])) {
        ref_.weight += double(w);
        ++ref_.edges;
        if (value_of_rank_) forest_weights.push_back(w);
      }
    ref_reported_ = reported(std::move(forest_weights), ref_.weight);
  }

  // Reference by O(N^2) Prim over a complete graph's dense matrix.
  template <class Matrix>
  static MsfVerifier from_matrix(const Matrix& a, std::shared_ptr<const std::vector<double>> value_of_rank = nullptr) {
    MsfVerifier v;
    v.n_ = a.n;
    v.value_of_rank_ = std::move(value_of_rank);
    std::vector<W> forest_weights;
    v.matrix_lookup_ = [&a](vid_t i, vid_t j, W w) { return i != j && i < a.n && j < a.n && W(a.at(i, j)) == w; };
    std::vector<double> best(a.n, INFINITY);
    std::vector<char> in(a.n, 0);
    if (a.n > 0) best[0] = 0;
    for (vid_t k = 0; k < a.n; ++k) {
      vid_t x = kNoVertex;
      for (vid_t i = 0; i < a.n; ++i)
        if (!in[i] && (x == kNoVertex || best[i] < best[x])) x = i;
      in[x] = 1;
      if (k > 0) {
        v.ref_.weight += best[x];
        ++v.ref_.edges;
        if (v.value_of_rank_) forest_weights.push_back(W(best[x]));
      }
      for (vid_t i = 0; i < a.n; ++i)
        if (!in[i] && double(a.at(x, i)) < best[i]) best[i] = double(a.at(x, i));
    }
    v.ref_reported_ = v.reported(std::move(forest_weights), v.ref_.weight);
    return v;
  }

  // The reference forest, its weight as reported (in the file's values where ranked).
  MsfSummary reference() const { return {ref_reported_, ref_.edges}; }

  // Throws VerificationError naming `who` and the first problem found.
  MsfSummary check(const std::vector<Edge<W>>& forest, const std::string& who) const {
    auto fail = [&](const std::string& what) { throw VerificationError(who + ": minimum spanning forest: " + what); };
    MsfSummary got;
    UnionFind uf(n_);
    std::vector<W> forest_weights;
    for (const auto& e : forest) {
      if (e.u >= n_ || e.v >= n_)
        fail("edge (" + std::to_string(e.u) + "," + std::to_string(e.v) + ") has a vertex id >= n");
      if constexpr (std::is_floating_point_v<W>)
        if (!std::isfinite(e.w))  // (the graph's weights are finite: io refuses others)
          fail("edge (" + std::to_string(e.u) + "," + std::to_string(e.v) + ") has weight " + fmt_number(double(e.w)));
      if (!uf.unite(e.u, e.v)) fail("edge (" + std::to_string(e.u) + "," + std::to_string(e.v) + ") closes a cycle");
      got.weight += double(e.w);
      ++got.edges;
      if (value_of_rank_) forest_weights.push_back(e.w);
    }
    if (got.edges != ref_.edges)
      fail(std::to_string(got.edges) + " edges, but a spanning forest of this graph has " + std::to_string(ref_.edges));
    check_edges_exist(forest, fail);
    const bool exact = std::is_integral_v<W>;
    const double tol = exact ? 0.0 : 1e-9 * std::max(1.0, std::fabs(ref_.weight));
    if (std::fabs(got.weight - ref_.weight) > tol)
      fail("total weight " + fmt_number(got.weight) + ", reference (Kruskal/Prim) " + fmt_number(ref_.weight));
    got.weight = reported(std::move(forest_weights), got.weight);
    return got;
  }

 private:
  MsfVerifier() = default;

  // A forest's weight as reported: `sum` itself, or its ranks' values added in ascending order.
  double reported(std::vector<W> forest_weights, double sum) const {
    if (!value_of_rank_) return sum;
    std::sort(forest_weights.begin(), forest_weights.end());
    double total = 0;
    for (W w : forest_weights) total += (*value_of_rank_)[std::size_t(w)];
    return total;
  }

  template <class Fail>
  void check_edges_exist(const std::vector<Edge<W>>& forest, Fail&& fail) const {
    if (matrix_lookup_) {
      for (const auto& e : forest)
        if (!matrix_lookup_(e.u, e.v, e.w))
          fail("edge (" + std::to_string(e.u) + "," + std::to_string(e.v) + ") with weight " + fmt_number(double(e.w)) +
               " is not in the graph");
      return;
    }
    // The forest's edges listed under their smaller endpoint, each list sorted by (larger
    // endpoint, weight). One parallel pass over the graph: each of its edges claims one
    // unclaimed forest entry with the same endpoints and weight, so that a forest edge used
    // twice needs two such edges in the graph.
    const std::size_t f = forest.size();
    std::vector<eid_t> first(std::size_t(n_) + 1, 0);
    for (const auto& e : forest) ++first[std::size_t(std::min(e.u, e.v)) + 1];
    inclusive_sum_in_place(first.data() + 1, std::size_t(n_));
    std::vector<std::pair<vid_t, W>> entry(f);  // (larger endpoint, weight)
    {
      std::vector<eid_t> next(first.begin(), first.end() - 1);
      for (const auto& e : forest) entry[next[std::min(e.u, e.v)]++] = {std::max(e.u, e.v), e.w};
    }
#pragma omp parallel for schedule(dynamic, 4096)
    for (std::int64_t x = 0; x < std::int64_t(n_); ++x)
      std::sort(entry.begin() + first[std::size_t(x)], entry.begin() + first[std::size_t(x) + 1]);
    std::unique_ptr<std::atomic<std::uint8_t>[]> claimed(new std::atomic<std::uint8_t>[f]());
    const EdgeList<W>& g = *edges_;
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < std::int64_t(g.size()); ++i) {
      const vid_t a = std::min(g.u[i], g.v[i]), b = std::max(g.u[i], g.v[i]);
      const std::pair<vid_t, W> want{b, g.weighted() ? g.w[i] : W(1)};
      const auto end = entry.begin() + first[std::size_t(a) + 1];
      for (auto it = std::lower_bound(entry.begin() + first[a], end, want); it != end && *it == want; ++it) {
        std::atomic<std::uint8_t>& c = claimed[std::size_t(it - entry.begin())];
        if (!c.load(std::memory_order_relaxed) && !c.exchange(1, std::memory_order_relaxed)) break;
      }
    }
    for (vid_t x = 0; x < n_; ++x)
      for (eid_t j = first[x]; j < first[std::size_t(x) + 1]; ++j)
        if (!claimed[j].load(std::memory_order_relaxed))
          fail("edge (" + std::to_string(x) + "," + std::to_string(entry[j].first) + ") with weight " +
               fmt_number(double(entry[j].second)) + " is not in the graph (or is used twice)");
  }

  vid_t n_ = 0;
  const EdgeList<W>* edges_ = nullptr;
  std::function<bool(vid_t, vid_t, W)> matrix_lookup_;
  MsfSummary ref_;           // in the weights' own units (ranks where ranked), for the checks
  double ref_reported_ = 0;  // ref_.weight as reported
  std::shared_ptr<const std::vector<double>> value_of_rank_;
};

}  // namespace gs::verify
