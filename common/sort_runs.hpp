// Sorting a range that is usually a few ascending runs.
//
// An edge list sorted by (u, v), as the generators and many files give it,
// leaves each CSR list in at most three ascending runs: the arcs from edges
// (w, x) with w < x, then x's own edges (x, y), then those from edges (w, x)
// with w > x. Merging the runs is linear where std::sort is n log n; a range
// of more than kMaxRuns runs is handed to std::sort after a short scan.
#pragma once

#include <algorithm>
#include <vector>

namespace gs {

// Sorts [lo, hi) ascending; `buffer` is scratch, reused across calls.
template <class T>
void sort_by_runs(T* lo, T* hi, std::vector<T>& buffer) {
  constexpr int kMaxRuns = 8;
  if (hi - lo < 2) return;
  T* start[kMaxRuns + 1];  // where each run starts, then hi
  int runs = 1;
  start[0] = lo;
  for (T* p = lo + 1; p < hi; ++p) {
    if (!(*p < p[-1])) continue;
    if (runs == kMaxRuns) {
      std::sort(lo, hi);
      return;
    }
    start[runs++] = p;
  }
  start[runs] = hi;
  // [lo, start[r]) is sorted: merge the next run into it, the sorted part copied out first.
  for (int r = 1; r < runs; ++r) {
    buffer.assign(lo, start[r]);
    std::merge(buffer.begin(), buffer.end(), start[r], start[r + 1], lo);
  }
}

}  // namespace gs
