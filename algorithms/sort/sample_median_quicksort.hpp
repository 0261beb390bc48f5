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
//
// One addition to the paper's OpenMP form: the first levels' long ranges are
// partitioned by all threads (parallel_partition, below). The paper partitions
// every range with one thread, so the first levels run one, two, four...
// threads while the rest wait; at 100M edges on 16 threads that serial chain
// bounds the speedup near 8x (experiments/kruskal_100m/NOTES.md). The pivot,
// the result shape and the recursion are unchanged.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include <omp.h>

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

// A run of positions [begin, end) of one side that holds elements of the
// other side; `before` counts the misplaced elements in earlier runs.
struct MisplacedRun {
  std::size_t begin, end, before;
};

// Swaps the k-th misplaced element of `left` with the k-th of `right` for k in
// [k0, k1). Both lists hold the same number of elements in all.
template <class T>
void swap_misplaced(T* a, const std::vector<MisplacedRun>& left, const std::vector<MisplacedRun>& right, std::size_t k0,
                    std::size_t k1) {
  auto locate = [](const std::vector<MisplacedRun>& runs, std::size_t k) {
    auto it = std::upper_bound(runs.begin(), runs.end(), k,
                               [](std::size_t x, const MisplacedRun& r) { return x < r.before; });
    const auto run = std::size_t(it - runs.begin()) - 1;
    return std::pair{run, runs[run].begin + (k - runs[run].before)};
  };
  auto [li, lp] = locate(left, k0);
  auto [ri, rp] = locate(right, k0);
  for (std::size_t k = k0; k < k1; ++k) {
    while (lp == left[li].end) lp = left[++li].begin;
    while (rp == right[ri].end) rp = right[++ri].begin;
    std::swap(a[lp++], a[rp++]);
  }
}

// The same partition as `partition` (same pivot; < pivot | pivot | >= pivot)
// by all threads of the enclosing parallel region, in tasks: blocks of the
// range are partitioned on their own, then each `>= pivot` element left of
// the final pivot position is swapped with a `< pivot` element right of it.
template <class T, class Key>
std::size_t parallel_partition(T* a, std::size_t lo, std::size_t hi, Key key, std::size_t blocks) {
  const std::size_t p = sample_median_position(a, lo, hi - lo + 1, key);
  const auto pivot = key(a[p]);
  std::swap(a[p], a[hi]);
  const std::size_t n = hi - lo, block = (n + blocks - 1) / blocks;
  std::vector<std::size_t> less(blocks, 0);
  for (std::size_t b = 0; b < blocks; ++b) {
#pragma omp task firstprivate(b) shared(less)
    {
      T* first = a + std::min(hi, lo + b * block);
      T* last = a + std::min(hi, lo + (b + 1) * block);
      less[b] = std::size_t(std::partition(first, last, [&](const T& x) { return key(x) < pivot; }) - first);
    }
  }
#pragma omp taskwait
  std::size_t mid = lo;
  for (auto l : less) mid += l;
  std::vector<MisplacedRun> left, right;  // >= pivot before mid; < pivot from mid on
  std::size_t misplaced_left = 0, misplaced_right = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::size_t first = std::min(hi, lo + b * block), split = first + less[b];
    const std::size_t last = std::min(hi, lo + (b + 1) * block);
    if (split < std::min(last, mid))
      left.push_back({split, std::min(last, mid), misplaced_left}), misplaced_left += std::min(last, mid) - split;
    if (std::max(first, mid) < split)
      right.push_back({std::max(first, mid), split, misplaced_right}), misplaced_right += split - std::max(first, mid);
  }
  // misplaced_left == misplaced_right: both count the < pivot elements beyond mid.
  const std::size_t chunk = std::max<std::size_t>(4096, (misplaced_left + blocks - 1) / blocks);
  for (std::size_t k0 = 0; k0 < misplaced_left; k0 += chunk) {
#pragma omp task firstprivate(k0) shared(left, right)
    swap_misplaced(a, left, right, k0, std::min(misplaced_left, k0 + chunk));
  }
#pragma omp taskwait
  std::swap(a[hi], a[mid]);
  return mid;
}

template <bool Parallel, class T, class Key>
void quicksort(T* a, std::size_t lo, std::size_t len, Key key, int depth_left, std::size_t task_cutoff,
               std::size_t parallel_partition_min = 0) {
  while (len > 2) {
    if (depth_left-- == 0) {
      auto less = [&](const T& x, const T& y) { return key(x) < key(y); };
      std::make_heap(a + lo, a + lo + len, less);
      std::sort_heap(a + lo, a + lo + len, less);
      return;
    }
    const std::size_t hi = lo + len - 1;
    std::size_t mid;
    if (Parallel && parallel_partition_min > 0 && len >= parallel_partition_min && omp_get_num_threads() > 1)
      mid = parallel_partition(a, lo, hi, key, 4 * std::size_t(omp_get_num_threads()));
    else mid = partition(a, lo, hi, key);
    std::size_t small_lo = lo, small_len = mid - lo;       // left of the pivot
    std::size_t large_lo = mid + 1, large_len = hi - mid;  // right of the pivot
    if (small_len > large_len) {
      std::swap(small_lo, large_lo);
      std::swap(small_len, large_len);
    }
    if constexpr (Parallel) {
      if (small_len > task_cutoff) {
        // Everything by value: this frame may return before the task runs.
#pragma omp task firstprivate(a, key, small_lo, small_len, depth_left, task_cutoff, parallel_partition_min)
        quicksort<Parallel>(a, small_lo, small_len, key, depth_left, task_cutoff, parallel_partition_min);
      } else {
        quicksort<Parallel>(a, small_lo, small_len, key, depth_left, task_cutoff, parallel_partition_min);
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
// than `task_cutoff`, started by one thread of a parallel region. Ranges of at
// least `parallel_partition_min` elements and at least 1/threads of the array
// are partitioned by all threads (0: never, the paper's form): below that there
// are as many ranges as threads, and the parallel partition's extra pass over
// the misplaced elements would only cost (it slowed 2 threads down:
// experiments/kruskal_100m/NOTES.md).
inline constexpr std::size_t kParallelPartitionMin = std::size_t(1) << 20;

template <class T, class Key>
void parallel_sample_median_quicksort(T* a, std::size_t n, Key key, std::size_t task_cutoff = 1024,
                                      std::size_t parallel_partition_min = kParallelPartitionMin) {
  const std::size_t threads = std::size_t(omp_get_max_threads());
  const std::size_t partition_min = parallel_partition_min == 0 ? 0 : std::max(parallel_partition_min, n / threads);
#pragma omp parallel
#pragma omp single
  detail::quicksort<true>(a, 0, n, key, detail::depth_limit(n), task_cutoff, partition_min);
}

}  // namespace gs::sort
