// Paper C's CPU programs: sort the 12-byte edges by weight with the paper's
// quicksort (sequential, or OpenMP tasks), then the shared union-find scan.
// Both sort `edges` in place, as the paper's programs do.
#pragma once

#include <span>

#include "algorithms/mst/msf_result.hpp"
#include "algorithms/mst/kruskal/kruskal_scan.hpp"
#include "algorithms/sort/sample_median_quicksort.hpp"
#include "common/timer.hpp"

namespace gs::mst {

namespace detail {
template <class Sort>
MsfResult sort_then_scan(vid_t n, std::span<KEdge> edges, Sort&& sort) {
  MsfResult r;
  WallTimer t;
  sort(edges);
  r.times["sort_s"] = t.seconds();
  t.restart();
  KruskalScan scan(n);
  scan.scan(edges.data(), edges.size());
  r.forest = std::move(scan.forest());
  r.times["unionfind_s"] = t.seconds();
  return r;
}
inline constexpr auto edge_weight = [](const KEdge& e) { return e.w; };
}  // namespace detail

// Program 1: sequential Kruskal.
inline MsfResult kruskal_seq(vid_t n, std::span<KEdge> edges) {
  return detail::sort_then_scan(
      n, edges, [](std::span<KEdge> e) { sort::sample_median_quicksort(e.data(), e.size(), detail::edge_weight); });
}

// Program 2: the quicksort's partitions as OpenMP tasks (cutoff 1024); ranges
// of `parallel_partition_min` or more elements partitioned by all threads
// (0: every partition by one thread, as the paper's listing 5).
inline MsfResult kruskal_omp(vid_t n, std::span<KEdge> edges, std::size_t task_cutoff = 1024,
                             std::size_t parallel_partition_min = sort::kParallelPartitionMin) {
  return detail::sort_then_scan(n, edges, [=](std::span<KEdge> e) {
    sort::parallel_sample_median_quicksort(e.data(), e.size(), detail::edge_weight, task_cutoff,
                                           parallel_partition_min);
  });
}

}  // namespace gs::mst
