// The visited set of Alg. 1/2 as a bitmap (one bit per vertex, so that as much
// of it as possible stays in cache), claimed with test-and-test-and-set: a
// plain load first, the atomic OR only when the bit looks clear.
#pragma once

#include <sys/mman.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>

#include "common/graph.hpp"

namespace gs::traversal {

class VisitedBitmap {
 public:
  VisitedBitmap() = default;
  explicit VisitedBitmap(vid_t n) : n_(n), words_count_((std::size_t(n) + 63) / 64), words_(allocate(words_count_)) {}

  // Parallel clear (part of every traversal's O(N) initialisation).
  void clear() {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < std::int64_t(words_count_); ++i) words_[i].store(0, std::memory_order_relaxed);
  }
  // Parallel copy of another bitmap of the same size (no other thread writes either meanwhile).
  void copy_from(const VisitedBitmap& other) {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < std::int64_t(words_count_); ++i)
      words_[i].store(other.word(std::size_t(i)), std::memory_order_relaxed);
  }
  bool test(vid_t v) const { return (word(v >> 6) >> (v & 63)) & 1; }
  // True when this call set the bit (the caller owns v).
  bool test_and_set(vid_t v) {
    const std::uint64_t mask = std::uint64_t(1) << (v & 63);
    std::atomic<std::uint64_t>& w = words_[v >> 6];
    if (w.load(std::memory_order_relaxed) & mask) return false;
    return !(w.fetch_or(mask, std::memory_order_relaxed) & mask);
  }
  void set(vid_t v) { words_[v >> 6].fetch_or(std::uint64_t(1) << (v & 63), std::memory_order_relaxed); }
  // Only while no other thread touches the bitmap (the sequential state): no locked instruction.
  void set_unshared(vid_t v) { store_word(v >> 6, word(v >> 6) | (std::uint64_t(1) << (v & 63))); }
  std::uint64_t word(std::size_t i) const { return words_[i].load(std::memory_order_relaxed); }
  // For owners of a whole word (bottom-up steps): no other thread writes it.
  void store_word(std::size_t i, std::uint64_t bits) { words_[i].store(bits, std::memory_order_relaxed); }
  std::size_t words() const { return words_count_; }
  vid_t size() const { return n_; }

 private:
  struct Free {
    void operator()(std::atomic<std::uint64_t>* p) const { std::free(p); }  // trivially destructible
  };
  // Bitmaps of 2 MiB and more in transparent huge pages where the kernel
  // offers them (madvise mode): their accesses are random, and 4 KiB pages
  // would cost a TLB miss on most of them.
  // (C++17: gpu_traversal.cu includes this header through the workspace.)
  static std::atomic<std::uint64_t>* allocate(std::size_t words) {
    constexpr std::size_t kHuge = std::size_t(2) << 20;
    std::size_t bytes = (words ? words : 1) * sizeof(std::uint64_t);
    const bool huge = bytes >= kHuge;
    if (huge) bytes = (bytes + kHuge - 1) / kHuge * kHuge;
    void* p = std::aligned_alloc(huge ? kHuge : 64, (bytes + 63) / 64 * 64);
    if (!p) throw std::bad_alloc();
    if (huge) ::madvise(p, bytes, MADV_HUGEPAGE);  // a hint only: its failure changes nothing
    auto* w = static_cast<std::atomic<std::uint64_t>*>(p);
    for (std::size_t i = 0; i < (words ? words : 1); ++i) new (w + i) std::atomic<std::uint64_t>(0);
    return w;
  }

  vid_t n_ = 0;
  std::size_t words_count_ = 0;
  std::unique_ptr<std::atomic<std::uint64_t>[], Free> words_;
};

}  // namespace gs::traversal
