#include "common/io/input_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

}  // namespace gs::io
