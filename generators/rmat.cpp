// Paper D's input: SNAP's GenRMat, in parallel. See generators.hpp.
//
// Draw i is a pure function of (seed, i) (counter-based RNG), encoded as the key
// u * 2^32 + v. SNAP keeps a draw when it is neither a self loop nor a pair seen
// before, until m pairs exist: the result is the set of distinct keys among the
// first T draws, for the smallest T that yields m of them. We compute that set
// in rounds: draw exactly as many new draws as pairs are still missing (each
// draw adds at most one pair, so a round can never overshoot m), then sort,
// deduplicate and drop keys already found. The set is the same for any thread
// count, and it is exactly SNAP's set for this stream of draws.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <parallel/algorithm>
#include <vector>

#include "common/errors.hpp"
#include "common/memory.hpp"
#include "generators/rmat_draws.hpp"
#include "generators/generators.hpp"

namespace gs::gen {
namespace {

using detail::Key;
using detail::kRejected;
using detail::noisy_levels;
using detail::RmatDraws;

// Sorted distinct real keys of `keys` (consumed). GNU parallel mode's
// sort is its well-trodden part; its unique_copy and set operations trip
// UBSan/LeakSanitizer on libstdc++ 12, so deduplication is a serial pass.
std::vector<Key> sorted_distinct(std::vector<Key> keys) {
  __gnu_parallel::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  if (!keys.empty() && keys.back() == kRejected) keys.pop_back();
  return keys;
}

// Removes from sorted `fresh` every key present in sorted `known`: parallel
// binary searches (the queries are sorted, so consecutive searches share
// their cache lines), then a serial compaction of the few that remain.
void erase_known(std::vector<Key>& fresh, const std::vector<Key>& known) {
  if (fresh.empty() || known.empty()) return;
  std::vector<char> seen(fresh.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(fresh.size()); ++i)
    seen[i] = std::binary_search(known.begin(), known.end(), fresh[i]);
  std::size_t k = 0;
  for (std::size_t i = 0; i < fresh.size(); ++i)
    if (!seen[i]) fresh[k++] = fresh[i];
  fresh.resize(k);
}

// Sorted union of two sorted disjoint sets (consumed).
std::vector<Key> merged(std::vector<Key> x, std::vector<Key> y) {
  if (x.empty()) return y;
  if (y.empty()) return x;
  std::vector<Key> out(x.size() + y.size());
  __gnu_parallel::merge(x.begin(), x.end(), y.begin(), y.end(), out.begin());
  return out;
}

// Progress of the rounds on stderr for graphs that take a while (m >= 2^26),
// or always with GS_GEN_VERBOSE=1.
class RoundLog {
 public:
  explicit RoundLog(eid_t m) : on_(m >= (eid_t(1) << 26) || std::getenv("GS_GEN_VERBOSE")) {}
  void operator()(const char* what, std::uint64_t draws, std::uint64_t found) {
    if (!on_) return;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    std::fprintf(stderr, "rmat: %-26s %8.2f s  draws %llu  distinct %llu\n", what, s,
                 static_cast<unsigned long long>(draws), static_cast<unsigned long long>(found));
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
};

}  // namespace

EdgeList<std::uint32_t> rmat(int scale, eid_t m, double a, double b, double c, std::uint64_t seed) {
  detail::check_rmat_params(scale, m, a, b, c);
  const std::uint64_t n = std::uint64_t(1) << scale;
  // Peak: the sorted key set plus a sort buffer or the output arrays (16 bytes
  // per edge), plus the later rounds' buffers.
  require_host_memory(20 * m + (64 << 20), "rmat 2^" + std::to_string(scale) + " x " + std::to_string(m));

  RoundLog log(m);
  const RmatDraws draws(noisy_levels(scale, a, b, c, seed), seed);
  std::vector<Key> found;  // sorted distinct pairs of the first round
  {
    std::vector<Key> keys(m);
    draws.generate(0, keys);
    log("first round drawn", m, 0);
    found = sorted_distinct(std::move(keys));
    log("first round sorted", m, found.size());
  }
  std::uint64_t next_draw = m;
  std::vector<Key> extra;  // sorted distinct pairs of later rounds, disjoint from `found`
  while (found.size() + extra.size() < m) {
    detail::check_rmat_progress(scale, m, next_draw, found.size() + extra.size());
    std::vector<Key> fresh(m - found.size() - extra.size());
    draws.generate(next_draw, fresh);
    next_draw += fresh.size();
    fresh = sorted_distinct(std::move(fresh));
    erase_known(fresh, found);
    erase_known(fresh, extra);
    extra = merged(std::move(extra), std::move(fresh));
    log("later round", next_draw, found.size() + extra.size());
  }
  if (!extra.empty()) {
    found = merged(std::move(found), std::move(extra));
    log("rounds merged", next_draw, found.size());
  }

  EdgeList<std::uint32_t> el;
  el.n = vid_t(n);
  el.directed = false;
  el.u.resize(m);
  el.v.resize(m);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(m); ++i) {
    el.u[i] = vid_t(found[i] >> 32);
    el.v[i] = vid_t(found[i]);
  }
  log("edge list written", next_draw, m);
  return el;
}

}  // namespace gs::gen
