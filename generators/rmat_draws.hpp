// SNAP RMAT's draws as a pure function of (seed, draw index): the noisy
// per-level probabilities and the key u * 2^32 + v of each draw. Shared by
// rmat.cpp and the tests, which replay SNAP's serial rejection loop with it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "generators/counter_rng.hpp"

namespace gs::gen::detail {

using Key = std::uint64_t;
inline constexpr Key kRejected = ~Key(0);  // a self-loop draw; sorts after every real key
inline constexpr std::uint64_t kNoiseStream = 0xD0, kDrawStream = 0xD1;

// One level's cumulative quadrant probabilities scaled to 2^32:
// r < a: (0,0), r < ab: (0,1) ("b", v's half), r < abc: (1,0) ("c", u's half), else (1,1).
struct Level {
  std::uint32_t a, ab, abc;
};

inline std::uint32_t to_threshold(double p) { return std::uint32_t(std::min(p * 0x1.0p32, 0x1.0p32 - 1)); }

// SNAP draws one noise factor U(0.5, 1.5) per probability per level, once for
// the whole graph, and renormalises the four.
inline std::vector<Level> noisy_levels(int scale, double a, double b, double c, std::uint64_t seed) {
  const CounterRng noise(seed, kNoiseStream);
  std::vector<Level> levels(scale);
  for (int l = 0; l < scale; ++l) {
    const double pa = a * (0.5 + noise.unit(4 * l)), pb = b * (0.5 + noise.unit(4 * l + 1)),
                 pc = c * (0.5 + noise.unit(4 * l + 2)), pd = (1 - a - b - c) * (0.5 + noise.unit(4 * l + 3));
    const double sum = pa + pb + pc + pd;
    levels[l] = {to_threshold(pa / sum), to_threshold((pa + pb) / sum), to_threshold((pa + pb + pc) / sum)};
  }
  return levels;
}

// gen::rmat's parameter checks (InputError), shared with the distributed generator.
inline void check_rmat_params(int scale, std::uint64_t m, double a, double b, double c) {
  if (scale < 1 || scale > 31)
    throw InputError("rmat: scale must be in 1..31 (n = 2^scale), got " + std::to_string(scale));
  if (!(a >= 0 && b >= 0 && c >= 0 && a + b + c < 1))
    throw InputError("rmat: need a, b, c >= 0 with a + b + c < 1 (d = 1 - a - b - c > 0)");
  const std::uint64_t n = std::uint64_t(1) << scale;
  // Rejection sampling of a skewed distribution cannot fill a dense matrix in
  // reasonable time; half the off-diagonal cells is already far beyond RMAT use.
  if (m > n * (n - 1) / 2)
    throw InputError("rmat: m = " + std::to_string(m) + " exceeds half of the n(n-1) possible pairs for n = 2^" +
                     std::to_string(scale));
}

// gen::rmat gives up once `draws` draws have not produced m distinct pairs
// (InputError: m is too large for the skew).
inline void check_rmat_progress(int scale, std::uint64_t m, std::uint64_t draws, std::uint64_t found) {
  if (draws > 64 * m + (1 << 20))
    throw InputError("rmat: only " + std::to_string(found) + " distinct pairs after " + std::to_string(draws) +
                     " draws: m is too large for 2^" + std::to_string(scale) + " vertices with this skew");
}

class RmatDraws {
 public:
  RmatDraws(std::vector<Level> levels, std::uint64_t seed) : levels_(std::move(levels)), rng_(seed, kDrawStream) {}

  // Descends from the top level, one 32-bit uniform per level (two per 64-bit draw).
  Key key(std::uint64_t draw) const {
    const int scale = int(levels_.size());
    const std::uint64_t words = std::uint64_t(scale + 1) / 2;
    std::uint64_t u = 0, v = 0, bits = 0;
    for (int l = 0; l < scale; ++l) {
      if (l % 2 == 0) bits = rng_.bits(draw * words + l / 2);
      const auto r = std::uint32_t(l % 2 ? bits >> 32 : bits);
      const Level& t = levels_[l];
      // Branch-free: the quadrant is random, so branches would mispredict half the time.
      const std::uint64_t ge_a = r >= t.a, ge_ab = r >= t.ab, ge_abc = r >= t.abc;
      u = u << 1 | ge_ab;
      v = v << 1 | ((ge_a ^ ge_ab) | ge_abc);  // quadrant b (a <= r < ab) or d (r >= abc)
    }
    return u == v ? kRejected : u << 32 | v;
  }

  // Keys of draws first, first+1, ... into out (its size says how many).
  void generate(std::uint64_t first, std::vector<Key>& out) const {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < std::int64_t(out.size()); ++i) out[i] = key(first + std::uint64_t(i));
  }

 private:
  std::vector<Level> levels_;
  CounterRng rng_;
};

}  // namespace gs::gen::detail
