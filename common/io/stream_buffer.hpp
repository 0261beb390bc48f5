// A stream (pipe, character device, a /proc file whose size reads as 0) read
// into memory block by block, for the readers that parse a whole file in
// place (mapped_file.hpp). What it holds is admitted as it grows, as every
// large allocation is (require_host_memory: MemAvailable or
// GS_HOST_MEMORY_LIMIT): a stream that never ends is refused (ResourceError,
// exit 3) once it has delivered about what is available, rather than read
// until the system kills the process.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

namespace gs::io {

class StreamBuffer {
 public:
  // Reads the next block from `fd` (retrying interrupted reads) after the
  // bytes held; returns how many arrived, 0 at the end of the stream. Errors
  // name "PATH:LINE" (the line the stream has reached, 0 for binary data): an
  // InputError when the read fails, a ResourceError when growing is refused.
  std::uint64_t read_block(int fd, const std::string& path, std::uint64_t line);

  const char* data() const { return data_.get(); }
  std::uint64_t size() const { return size_; }

 private:
  struct Free {
    void operator()(char* p) const { std::free(p); }
  };
  // Large blocks come from mmap, which realloc grows in place or remaps without
  // copying (glibc), and whose pages take memory only once a read fills them.
  std::unique_ptr<char, Free> data_;
  std::uint64_t size_ = 0;
  std::uint64_t capacity_ = 0;
};

}  // namespace gs::io
