// The payload checksum of a .gsc (checksum.hpp) computed on a thread of its
// own while the reader goes on. The checksum is serial by its definition
// (each array's hash seeds the next), so it would otherwise run after the
// whole payload is read, on one core while the others wait; here each piece
// of an array is hashed as soon as it is read, while the other threads read
// the next.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include "common/io/checksum.hpp"

namespace gs::io {

class BackgroundChecksum {
 public:
  explicit BackgroundChecksum(std::uint64_t seed);
  // Waits for the array being hashed; the ones not yet begun are skipped.
  ~BackgroundChecksum();
  BackgroundChecksum(const BackgroundChecksum&) = delete;
  BackgroundChecksum& operator=(const BackgroundChecksum&) = delete;

  // Hashes `bytes` at `data` after what was added before: the next piece of
  // the array being added, which `ends_array` closes (its checksum then seeds
  // the next array's, as checksum_bytes chains). The memory must stay valid
  // until result() returns or this object is destroyed.
  void add(const void* data, std::size_t bytes, bool ends_array = true);
  // The checksum of every array added, once all are hashed.
  std::uint64_t result();

 private:
  struct Piece {
    const void* data;
    std::size_t bytes;
    bool ends_array;
  };
  void hash_in_order();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Piece> pending_;
  bool closed_ = false;                  // no more arrays: finish those pending
  bool stop_ = false;                    // finish none of those pending
  std::uint64_t sum_;                    // the arrays closed so far
  std::optional<ChecksumStream> array_;  // the array being hashed (the worker's)
  std::thread worker_;
};

}  // namespace gs::io
