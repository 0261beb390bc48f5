// The global branch stack of Alg. 1. Every vertex is pushed at most once per
// traversal (the visited bitmap decides who pushes it), so one append-only
// buffer of n entries holds every branch in discovery order: branch k is the
// segment [begin_k, begin_{k+1}). Keeping old branches costs nothing and is
// what lets the CPU+GPU hybrid hand its stacks to the GPU (Fig. 2).
//
// Threads buffer discoveries in a local stack (LocalClaims, branch_steps.hpp)
// and bulk-push it with one atomic (fetch_add on the end index, then a plain
// copy into the reserved range).
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>

#include "common/graph.hpp"

namespace gs::traversal {

class BranchStack {
 public:
  BranchStack() = default;
  explicit BranchStack(vid_t n) : capacity_(n), items_(new vid_t[n ? n : 1]) {}  // uninitialised on purpose

  void clear() { end_.store(0, std::memory_order_relaxed); }
  std::size_t end() const { return end_.load(std::memory_order_relaxed); }
  const vid_t* data() const { return items_.get(); }
  vid_t* data() { return items_.get(); }
  std::size_t capacity() const { return capacity_; }

  // One atomic per bulk push (Alg. 1's safeBulkPush).
  void bulk_push(const vid_t* src, std::size_t k) {
    if (k == 0) return;
    const std::size_t at = end_.fetch_add(k, std::memory_order_relaxed);
    std::memcpy(items_.get() + at, src, k * sizeof(vid_t));
  }
  // Single-threaded push (the sequential state).
  void push(vid_t v) {
    const std::size_t at = end_.load(std::memory_order_relaxed);
    items_[at] = v;
    end_.store(at + 1, std::memory_order_relaxed);
  }

 private:
  std::size_t capacity_ = 0;
  std::unique_ptr<vid_t[]> items_;
  std::atomic<std::size_t> end_{0};
};

}  // namespace gs::traversal
