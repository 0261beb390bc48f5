// Paper C's quicksort (listings 2, 3 and 5), sequential and OpenMP-task form.
//
// Pivot: the median of the first sqrt(len) elements of the range, found by
// insertion-sorting that sample; ranges of length 1 and 2 are handled directly.
// Partition: the paper's scheme (pivot swapped to the end, elements < pivot to
// the left, >= pivot to the right, pivot placed between).
//
// Two safeguards the paper does not have, so that its worst cases (sorted,
// reverse-sorted and all-equal ranges, where this pivot rule and partition
// degrade to O(n^1.5)..O(n^2) with as deep a recursion) cannot blow the stack
// or run for hours:
//  * the smaller side is recursed into and the larger side looped on, so the
//    stack holds O(log n) frames;
//  * after 2*log2(n)+16 levels a range falls back to heap sort (introsort's
//    rule). On the paper's random inputs this fallback never triggers.
// The OpenMP form spawns one `omp task` per partition longer than the cutoff
// (the paper's 1024) and must be called inside `omp parallel` + `omp single`
// (parallel_sample_median_quicksort does that).
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace gs::sort {

namespace detail {

// Insertion-sorts (key, position) pairs of the first sqrt(len) elements and
// returns the position of their median (the paper's pivot).
template <class T, class Key>
std::size_t sample_median_position(const T* a, std::size_t lo, std::size_t len, Key key) {
  using K = decltype(key(a[0]));
  const auto slen = static_cast<std::size_t>(std::sqrt(static_cast<double>(len)));
  // One scratch buffer per thread: a task runs pivot selection without yielding.
  thread_local std::vector<std::pair<K, std::size_t>> sample;
  sample.resize(slen);
  for (std::size_t i = 0; i < slen; ++i) {
    std::pair<K, std::size_t> x{key(a[lo + i]), lo + i};
    std::size_t j = i;
    while (j > 0 && sample[j - 1].first > x.first) {
      sample[j] = sample[j - 1];
      --j;
    }
    sample[j] = x;
  }
  return sample[slen / 2].second;
}

// Partitions a[lo..hi] (inclusive, length >= 3) around the sample median and
// returns the pivot's final position.
template <class T, class Key>
std::size_t partition(T* a, std::size_t lo, std::size_t hi, Key key) {
  const std::size_t p = sample_median_position(a, lo, hi - lo + 1, key);
  const auto pivot = key(a[p]);
  std::swap(a[p], a[hi]);
  std::size_t left = lo, right = hi - 1;
  while (true) {
    while (left < right && key(a[left]) < pivot) ++left;
    while (left < right && !(key(a[right]) < pivot)) --right;
    if (left >= right) {
      // The pivot is greater than everything else: it stays at the end.
      if (right == hi - 1 && key(a[right]) < pivot) return hi;
      std::swap(a[hi], a[right]);
      return right;
    }
    std::swap(a[left], a[right]);
    ++left;
  }
}

template <bool Parallel, class T, class Key>
void quicksort(T* a, std::size_t lo, std::size_t len, Key key, int depth_left, std::size_t task_cutoff) {
  while (len > 2) {
    if (depth_left-- == 0) {
      auto less = [&](const T& x, const T& y) { return key(x) < key(y); };
      std::make_heap(a + lo, a + lo + len, less);
      std::sort_heap(a + lo, a + lo + len, less);
      return;
    }
    const std::size_t hi = lo + len - 1;
    const std::size_t mid = partition(a, lo, hi, key);
    std::size_t small_lo = lo, small_len = mid - lo;       // left of the pivot
    std::size_t large_lo = mid + 1, large_len = hi - mid;  // right of the pivot
    if (small_len > large_len) {
      std::swap(small_lo, large_lo);
      std::swap(small_len, large_len);
    }
    if constexpr (Parallel) {
      if (small_len > task_cutoff) {
        // Everything by value: this frame may return before the task runs.
#pragma omp task firstprivate(a, key, small_lo, small_len, depth_left, task_cutoff)
        quicksort<Parallel>(a, small_lo, small_len, key, depth_left, task_cutoff);
      } else {
        quicksort<Parallel>(a, small_lo, small_len, key, depth_left, task_cutoff);
      }
    } else {
      quicksort<Parallel>(a, small_lo, small_len, key, depth_left, task_cutoff);
    }
    lo = large_lo;
    len = large_len;
  }
  if (len == 2 && key(a[lo + 1]) < key(a[lo])) std::swap(a[lo], a[lo + 1]);
}

inline int depth_limit(std::size_t n) { return 2 * int(std::bit_width(n)) + 16; }

}  // namespace detail

// Sorts a[0..n) by key(element), ascending (not stable). Paper C, listings 2-3.
template <class T, class Key>
void sample_median_quicksort(T* a, std::size_t n, Key key) {
  detail::quicksort<false>(a, 0, n, key, detail::depth_limit(n), 0);
}

// Paper C, listing 5: the same quicksort with one task per partition longer
// than `task_cutoff`, started by one thread of a parallel region.
template <class T, class Key>
void parallel_sample_median_quicksort(T* a, std::size_t n, Key key, std::size_t task_cutoff = 1024) {
#pragma omp parallel
#pragma omp single
  detail::quicksort<true>(a, 0, n, key, detail::depth_limit(n), task_cutoff);
}

}  // namespace gs::sort
