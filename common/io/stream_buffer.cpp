#include "common/io/stream_buffer.hpp"

#include <cerrno>
#include <cstring>
#include <unistd.h>

#include "common/errors.hpp"
#include "common/memory.hpp"

namespace gs::io {
namespace {

// The most one read asks for; a pipe delivers up to its buffer (64 KiB) at a time.
constexpr std::uint64_t kReadBlock = std::uint64_t(1) << 20;

}  // namespace

std::uint64_t StreamBuffer::read_block(int fd, const std::string& path, std::uint64_t line) {
  if (capacity_ - size_ < kReadBlock) {
    // Grow by an eighth: what is admitted stays close to what the stream delivered.
    const std::uint64_t capacity = size_ + kReadBlock + size_ / 8;
    const std::string where = path + ":" + std::to_string(line);
    require_host_memory(
        capacity,
        where + ": the stream read so far (" + format_bytes(size_) + "; a stream is held in memory, not mapped)",
        /*held=*/size_);
    char* grown = static_cast<char*>(std::realloc(data_.get(), std::size_t(capacity)));
    if (!grown) throw ResourceError(where + ": no memory for " + format_bytes(capacity) + " of the stream");
    data_.release();  // realloc has freed or kept it
    data_.reset(grown);
    capacity_ = capacity;
  }
  for (;;) {
    const ssize_t got = ::read(fd, data_.get() + size_, std::size_t(kReadBlock));
    if (got >= 0) {
      size_ += std::uint64_t(got);
      return std::uint64_t(got);
    }
    if (errno != EINTR) throw file_error(path, line, std::string("read failed: ") + std::strerror(errno));
  }
}

}  // namespace gs::io
