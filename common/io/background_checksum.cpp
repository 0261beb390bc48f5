#include "common/io/background_checksum.hpp"

#include "common/io/checksum.hpp"

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

void BackgroundChecksum::add(const void* data, std::size_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_.push_back({data, bytes});
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
  return sum_;
}

void BackgroundChecksum::hash_in_order() {
  for (;;) {
    Array next;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || closed_ || !pending_.empty(); });
      if (stop_ || pending_.empty()) return;  // stopped, or closed with nothing left
      next = pending_.front();
      pending_.pop_front();
    }
    sum_ = checksum_bytes(next.data, next.bytes, sum_);  // only this thread writes sum_ until it is joined
  }
}

}  // namespace gs::io
