// Traversal answers checked once per source. The levels of a BFS from a source
// are its distances, hence unique: an answer whose levels equal those of an
// answer from the same source that passed check_traversal is right as well.
// Equality is tested by a fingerprint of the level array, one sequential read,
// where the Graph500 rules read every arc's far end at random (on a large graph
// the check took longer than most traversals it checked: NOTES.md of
// hybrid_dfs). An answer whose fingerprint differs, and one with parents (two
// right trees may differ), is checked in full.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/mix64.hpp"
#include "common/verify/traversal.hpp"

namespace gs::verify {

// Two sums over the entries of a bijective mix of (index, level): a change of
// one entry changes both sums; changes of several leave both equal with a
// chance of about 2^-128.
struct LevelsFingerprint {
  std::uint64_t a = 0, b = 0;
  bool operator==(const LevelsFingerprint&) const = default;
};

inline LevelsFingerprint levels_fingerprint(const std::vector<std::uint32_t>& level) {
  std::uint64_t a = 0, b = 0;
  const std::int64_t n = std::int64_t(level.size());
#pragma omp parallel for schedule(static) reduction(+ : a, b)
  for (std::int64_t i = 0; i < n; ++i) {
    const std::uint64_t key = std::uint64_t(i) << 32 | level[std::size_t(i)];  // distinct for n < 2^32
    a += mix64(key);
    b += mix64(key ^ 0x9e3779b97f4a7c15ULL);
  }
  return {a, b};
}

// One graph's verified answers, by source; `full_checks` counts the answers
// check_traversal read in full.
template <class W>
class VerifiedLevels {
 public:
  explicit VerifiedLevels(const Csr<W>& g) : g_(g) {}

  TraversalSummary check(vid_t source, const std::vector<std::uint32_t>& level, const std::vector<vid_t>* parent,
                         const std::string& who) {
    const LevelsFingerprint fp = level.size() == g_.n ? levels_fingerprint(level) : LevelsFingerprint{};
    if (!parent && level.size() == g_.n)
      if (const auto it = verified_.find(source); it != verified_.end() && it->second.fingerprint == fp)
        return it->second.summary;
    ++full_checks_;
    const TraversalSummary s = check_traversal(g_, source, level, parent, who);
    verified_.insert_or_assign(source, Verified{fp, s});
    return s;
  }
  std::uint64_t full_checks() const { return full_checks_; }

 private:
  struct Verified {
    LevelsFingerprint fingerprint;
    TraversalSummary summary;
  };
  const Csr<W>& g_;
  std::map<vid_t, Verified> verified_;
  std::uint64_t full_checks_ = 0;
};

}  // namespace gs::verify
