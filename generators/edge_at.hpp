// Single edges of the index-addressed generators, as pure functions of
// (parameters, seed, index): the one definition that gen::fixed_degree and
// gen::path_random fill their lists with, and that the distributed programs
// (algorithms/distributed) use to generate only their own ranks' edges.
// Constructing one validates the parameters (InputError, exit 2).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "common/errors.hpp"
#include "common/graph.hpp"
#include "generators/counter_rng.hpp"
#include "generators/random_edges.hpp"

namespace gs::gen::detail {

// Paper E: arc k of vertex x is entry x*degree + k (see generators.hpp).
class FixedDegreeEdges {
 public:
  FixedDegreeEdges(vid_t n, int degree, float min_w, float max_w, std::uint64_t seed)
      : n_(n), degree_(degree), min_w_(min_w), max_w_(max_w), rng_(seed, /*stream=*/0xE) {
    if (degree < 0) throw InputError("fixed-degree: degree must be >= 0, got " + std::to_string(degree));
    require_two_vertices(n, size(), "fixed-degree");
    if (!(std::isfinite(min_w) && std::isfinite(max_w) && min_w < max_w))
      throw InputError("fixed-degree: need finite weights with min < max, got [" + std::to_string(min_w) + ", " +
                       std::to_string(max_w) + ")");
    // Largest float below max_w: rounding min + span * x to float may reach max_w.
    top_ = std::nextafter(max_w, min_w);
  }
  eid_t size() const { return eid_t(n_) * eid_t(degree_); }
  Edge<float> operator()(eid_t i) const {
    const auto u = vid_t(i / eid_t(degree_));
    auto v = vid_t(rng_.below(2 * i, n_ - 1));
    if (v >= u) ++v;
    const float w = float(double(min_w_) + (double(max_w_) - double(min_w_)) * rng_.unit(2 * i + 1));
    return Edge<float>{u, v, std::min(w, top_)};
  }

 private:
  vid_t n_;
  int degree_;
  float min_w_, max_w_, top_ = 0;
  CounterRng rng_;
};

// Paper C: edges 0..n-2 are the path (i, i+1), the rest uniform pairs u != v.
class PathRandomEdges {
 public:
  PathRandomEdges(vid_t n, eid_t m, std::uint32_t max_w, std::uint64_t seed)
      : n_(n), m_(m), max_w_(max_w), rng_(seed, /*stream=*/0xC) {
    require_two_vertices(n, m, "path-random");
    if (n > 0 && m < eid_t(n) - 1)
      throw InputError("path-random: m = " + std::to_string(m) +
                       " is smaller than the path's n-1 = " + std::to_string(n - 1) + " edges");
    if (max_w < 1) throw InputError("path-random: max weight must be >= 1");
  }
  eid_t size() const { return m_; }
  Edge<std::uint32_t> operator()(eid_t i) const {
    const auto w = std::uint32_t(1 + rng_.below(3 * i + 2, max_w_));
    if (i < path_edges()) return Edge<std::uint32_t>{vid_t(i), vid_t(i + 1), w};
    const auto [u, v] = distinct_pair(rng_, 3 * i, 3 * i + 1, n_);
    return Edge<std::uint32_t>{u, v, w};
  }

 private:
  eid_t path_edges() const { return n_ ? n_ - 1 : 0; }
  vid_t n_;
  eid_t m_;
  std::uint32_t max_w_;
  CounterRng rng_;
};

}  // namespace gs::gen::detail
