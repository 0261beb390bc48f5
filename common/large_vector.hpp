// Vectors of gigabytes (a large graph's edge list and CSR) on transparent huge
// pages. Where the kernel gives huge pages only on request (THP "madvise", as
// on the GPU machines), a vector's first touch faults every 4 KiB page and
// every random access to it misses the TLB; asking for 2 MiB pages makes both
// cheap. Advice only: where it is refused the vector works as any other.
#pragma once

#include <sys/mman.h>

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

// `v` becomes `n` value-initialised elements (what it held is dropped), the
// huge pages asked for before the elements are first written.
template <class T>
void assign_large(std::vector<T>& v, std::size_t n) {
  std::vector<T>().swap(v);
  v.reserve(n);
  advise_huge_pages(v.data(), n * sizeof(T));
  v.resize(n);
}

}  // namespace gs
