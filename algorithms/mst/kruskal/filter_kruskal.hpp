// Beyond paper C on the CPU: parallel filter-Kruskal (Osipov, Sanders, Singler,
// ALENEX 2009 -- the paper's reference [2]).
//
// Instead of sorting all m edges: pick a pivot weight, take the light edges
// (w <= pivot) out in one parallel pass, solve them recursively, then drop
// every heavy edge whose endpoints the forest already connects (a parallel,
// read-only filter) and continue with the survivors. The pivot is a sample
// quantile aimed at about n*(ln n + 1) light edges: on a random graph that
// many of the lightest edges already span it, so the heavy part filters to
// nothing after one pass. Any graph stays correct: survivors are processed
// until the forest spans or none are left.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <parallel/algorithm>
#include <span>
#include <vector>

#include "algorithms/mst/msf_result.hpp"
#include "algorithms/mst/kruskal/kruskal_scan.hpp"

namespace gs::mst {

namespace detail {

// Parallel compaction: every edge of `in` that `keep` accepts, in input order.
template <class Keep>
std::vector<KEdge> parallel_copy_if(std::span<const KEdge> in, Keep&& keep) {
  const int threads = omp_get_max_threads();
  std::vector<std::vector<KEdge>> parts(threads);
  std::vector<std::size_t> offset(threads + 1, 0);
  std::vector<KEdge> out;
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    const std::size_t lo = in.size() * t / threads, hi = in.size() * (t + 1) / threads;
    auto& mine = parts[t];
    for (std::size_t i = lo; i < hi; ++i)
      if (keep(in[i])) mine.push_back(in[i]);
#pragma omp barrier
#pragma omp single
    {
      for (int k = 0; k < threads; ++k) offset[k + 1] = offset[k] + parts[k].size();
      out.resize(offset[threads]);
    }
    std::copy(mine.begin(), mine.end(), out.begin() + offset[t]);
  }
  return out;
}

// The weight below which about `want` of the edges lie, from a strided sample.
inline std::uint32_t sample_quantile_weight(std::span<const KEdge> edges, std::size_t want) {
  const std::size_t samples = std::min<std::size_t>(edges.size(), 4096);
  std::vector<std::uint32_t> w(samples);
  const double stride = double(edges.size()) / double(samples);
  for (std::size_t i = 0; i < samples; ++i) w[i] = edges[std::size_t((double(i) + 0.5) * stride)].w;
  std::sort(w.begin(), w.end());
  const double q = std::min(0.5, double(want) / double(edges.size()));
  return w[std::min(samples - 1, std::size_t(q * double(samples)))];
}

class FilterKruskal {
 public:
  explicit FilterKruskal(vid_t n)
      : scan_(n),
        light_target_(
            std::max<std::size_t>(kBaseCase, std::size_t(double(n) * (std::log(std::max(2.0, double(n))) + 1)))) {}

  void run(std::span<const KEdge> edges) {
    std::vector<KEdge> survivors;
    while (!edges.empty() && !scan_.complete()) {
      if (edges.size() <= 2 * light_target_) {
        sort_and_scan(std::vector<KEdge>(edges.begin(), edges.end()));
        return;
      }
      const std::uint32_t pivot = sample_quantile_weight(edges, light_target_);
      std::vector<KEdge> light = parallel_copy_if(edges, [pivot](const KEdge& e) { return e.w <= pivot; });
      if (light.size() == edges.size()) {  // nothing heavier than the pivot (e.g. all weights equal)
        sort_and_scan(std::move(light));
        return;
      }
      run(light);
      if (scan_.complete()) return;
      // Filter: keep heavy edges between different trees (read-only finds, in parallel).
      const DisjointSets& sets = scan_.sets();
      std::vector<vid_t> root(sets.size());
#pragma omp parallel for schedule(static)
      for (std::int64_t x = 0; x < std::int64_t(root.size()); ++x) root[x] = sets.root_readonly(vid_t(x));
      std::vector<KEdge> next =
          parallel_copy_if(edges, [&](const KEdge& e) { return e.w > pivot && root[e.u] != root[e.v]; });
      survivors.swap(next);
      edges = survivors;
    }
  }

  std::vector<KEdge>& forest() { return scan_.forest(); }

 private:
  static constexpr std::size_t kBaseCase = std::size_t(1) << 16;

  void sort_and_scan(std::vector<KEdge> edges) {
    __gnu_parallel::sort(edges.begin(), edges.end(), [](const KEdge& a, const KEdge& b) { return a.w < b.w; });
    scan_.scan(edges.data(), edges.size());
  }

  KruskalScan scan_;
  std::size_t light_target_;
};

}  // namespace detail

// Program 6 (beyond the paper): parallel filter-Kruskal; `edges` is not modified.
inline MsfResult filter_kruskal_omp(vid_t n, std::span<const KEdge> edges) {
  detail::FilterKruskal fk(n);
  fk.run(edges);
  MsfResult r;
  r.forest = std::move(fk.forest());
  return r;
}

}  // namespace gs::mst
