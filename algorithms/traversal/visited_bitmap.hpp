// The visited set of Alg. 1/2 as a bitmap (one bit per vertex, so that as much
// of it as possible stays in cache), claimed with test-and-test-and-set: a
// plain load first, the atomic OR only when the bit looks clear.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "common/graph.hpp"

namespace gs::traversal {

class VisitedBitmap {
 public:
  VisitedBitmap() = default;
  explicit VisitedBitmap(vid_t n) : n_(n), words_count_((std::size_t(n) + 63) / 64),
                                    words_(new std::atomic<std::uint64_t>[words_count_ ? words_count_ : 1]) {}

  // Parallel clear (part of every traversal's O(N) initialisation).
  void clear() {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < std::int64_t(words_count_); ++i) words_[i].store(0, std::memory_order_relaxed);
  }
  // Parallel copy of another bitmap of the same size (no other thread writes either meanwhile).
  void copy_from(const VisitedBitmap& other) {
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < std::int64_t(words_count_); ++i)
      words_[i].store(other.words_[i].load(std::memory_order_relaxed), std::memory_order_relaxed);
  }
  bool test(vid_t v) const { return (words_[v >> 6].load(std::memory_order_relaxed) >> (v & 63)) & 1; }
  // True when this call set the bit (the caller owns v).
  bool test_and_set(vid_t v) {
    const std::uint64_t mask = std::uint64_t(1) << (v & 63);
    std::atomic<std::uint64_t>& w = words_[v >> 6];
    if (w.load(std::memory_order_relaxed) & mask) return false;
    return !(w.fetch_or(mask, std::memory_order_relaxed) & mask);
  }
  void set(vid_t v) { words_[v >> 6].fetch_or(std::uint64_t(1) << (v & 63), std::memory_order_relaxed); }
  // Only while no other thread touches the bitmap (the sequential state): no locked instruction.
  void set_unshared(vid_t v) {
    std::atomic<std::uint64_t>& w = words_[v >> 6];
    w.store(w.load(std::memory_order_relaxed) | (std::uint64_t(1) << (v & 63)), std::memory_order_relaxed);
  }
  std::uint64_t word(std::size_t i) const { return words_[i].load(std::memory_order_relaxed); }
  // For owners of a whole word (bottom-up steps): no other thread writes it.
  void or_word(std::size_t i, std::uint64_t bits) { words_[i].fetch_or(bits, std::memory_order_relaxed); }
  void store_word(std::size_t i, std::uint64_t bits) { words_[i].store(bits, std::memory_order_relaxed); }
  std::size_t words() const { return words_count_; }
  vid_t size() const { return n_; }

 private:
  vid_t n_ = 0;
  std::size_t words_count_ = 0;
  std::unique_ptr<std::atomic<std::uint64_t>[]> words_;
};

}  // namespace gs::traversal
