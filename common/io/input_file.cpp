#include "common/io/input_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <omp.h>

#include "common/errors.hpp"

namespace gs::io {

InputFile::InputFile(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) throw file_error(path_, 0, std::string("cannot open the file: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd_, &st) != 0) {
    const int err = errno;
    ::close(fd_);
    throw file_error(path_, 0, std::string("cannot stat the file: ") + std::strerror(err));
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd_);
    throw file_error(path_, 0, "not a regular file");
  }
  size_ = std::uint64_t(st.st_size);
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

void InputFile::read_exact(void* destination, std::uint64_t bytes) {
  auto* out = static_cast<char*>(destination);
  constexpr std::uint64_t kBlock = std::uint64_t(1) << 30;
  while (bytes > 0) {
    const ssize_t got = ::read(fd_, out, std::size_t(std::min(bytes, kBlock)));
    if (got < 0) {
      if (errno == EINTR) continue;
      throw file_error(path_, 0, std::string("read failed: ") + std::strerror(errno));
    }
    if (got == 0) throw file_error(path_, 0, "the file ends early (truncated?)");
    out += got;
    bytes -= std::uint64_t(got);
  }
}

void InputFile::read_exact_at(void* destination, std::uint64_t bytes, std::uint64_t offset, std::uint64_t block) {
  block = std::max<std::uint64_t>(1, block);
  const std::int64_t blocks = std::int64_t((bytes + block - 1) / block);
  std::string error;  // the first failure; the blocks not yet begun are skipped
  bool stop = false;
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    bool failed = false;
#pragma omp atomic read
    failed = stop;
    if (failed) continue;
    const std::uint64_t start = std::uint64_t(b) * block, length = std::min(block, bytes - start);
    char* out = static_cast<char*>(destination) + start;
    for (std::uint64_t done = 0; done < length;) {
      const ssize_t got = ::pread(fd_, out + done, std::size_t(length - done), off_t(offset + start + done));
      if (got > 0) {
        done += std::uint64_t(got);
        continue;
      }
      if (got < 0 && errno == EINTR) continue;
      const std::string why = got < 0 ? std::string("read failed: ") + std::strerror(errno)
                                      : std::string("the file ends early (truncated?)");
#pragma omp critical(gs_input_file_error)
      if (error.empty()) error = why;
#pragma omp atomic write
      stop = true;
      break;
    }
  }
  if (!error.empty()) throw file_error(path_, 0, error);
}

}  // namespace gs::io
