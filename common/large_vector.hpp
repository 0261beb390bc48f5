// Vectors of gigabytes (a large graph's edge list and CSR) on transparent huge
// pages. Where the kernel gives huge pages only on request (THP "madvise", as
// on the GPU machines), a vector's first touch faults every 4 KiB page and
// every random access to it misses the TLB; asking for 2 MiB pages makes both
// cheap. A vector's pages are also faulted in on every thread before its
// elements are written (the zero-fill that follows then runs on resident
// pages). Advice only: where it is refused the vector works as any other.
#pragma once

#include <omp.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gs {

// Asks for huge pages on the whole 2 MiB pages inside [data, data + bytes).
inline void advise_huge_pages(const void* data, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t kHugePage = std::uintptr_t(2) << 20;
  const auto start = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t begin = (start + kHugePage - 1) / kHugePage * kHugePage;
  const std::uintptr_t end = (start + bytes) / kHugePage * kHugePage;
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

// Faults in the pages of [data, data + bytes) writable, a block per thread:
// the kernel's page faults (and its zeroing of fresh pages) run in parallel.
// The memory's contents are not changed.
inline void populate_in_parallel(void* data, std::size_t bytes) {
#ifdef MADV_POPULATE_WRITE
  constexpr std::size_t kSmall = std::size_t(64) << 20;  // below this one thread is as fast
  constexpr std::uintptr_t kPage = std::uintptr_t(4) << 10;
  constexpr std::uintptr_t kBlock = std::uintptr_t(32) << 20;  // a multiple of the huge page
  if (bytes < kSmall) return;
  const std::uintptr_t begin = reinterpret_cast<std::uintptr_t>(data) / kPage * kPage;
  const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(data) + bytes;
  const std::int64_t blocks = std::int64_t((end - begin + kBlock - 1) / kBlock);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::uintptr_t lo = begin + std::uintptr_t(b) * kBlock, hi = std::min(end, lo + kBlock);
    madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_POPULATE_WRITE);
  }
#else
  (void)data;
  (void)bytes;
#endif
}

// `v` becomes `n` value-initialised elements (what it held is dropped), the
// huge pages asked for and faulted in before the elements are first written.
template <class T>
void assign_large(std::vector<T>& v, std::size_t n) {
  std::vector<T>().swap(v);
  v.reserve(n);
  advise_huge_pages(v.data(), n * sizeof(T));
  populate_in_parallel(v.data(), n * sizeof(T));
  v.resize(n);
}

}  // namespace gs
