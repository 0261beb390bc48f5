#include "common/io/background_checksum.hpp"

namespace gs::io {

BackgroundChecksum::BackgroundChecksum(std::uint64_t seed) : sum_(seed), worker_([this] { hash_in_order(); }) {}

BackgroundChecksum::~BackgroundChecksum() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  if (worker_.joinable()) worker_.join();
}

void BackgroundChecksum::add(const void* data, std::size_t bytes, bool ends_array) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_.push_back({data, bytes, ends_array});
  }
  wake_.notify_one();
}

std::uint64_t BackgroundChecksum::result() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
  }
  wake_.notify_one();
  if (worker_.joinable()) worker_.join();
  if (array_) sum_ = array_->finish();  // an array left open ends with the payload
  array_.reset();
  return sum_;
}

void BackgroundChecksum::hash_in_order() {
  for (;;) {
    Piece next;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || closed_ || !pending_.empty(); });
      if (stop_ || pending_.empty()) return;  // stopped, or closed with nothing left
      next = pending_.front();
      pending_.pop_front();
    }
    // Only this thread touches array_ and sum_ until it is joined.
    if (!array_) array_.emplace(sum_);
    array_->feed(next.data, next.bytes);
    if (next.ends_array) {
      sum_ = array_->finish();
      array_.reset();
    }
  }
}

}  // namespace gs::io
