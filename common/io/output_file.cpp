#include "common/io/output_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "common/errors.hpp"

namespace gs::io {

OutputFile::OutputFile(std::string path)
    : path_(std::move(path)), partial_(path_ + ".partial"), buffer_(new char[kCapacity]) {
  fd_ = ::open(partial_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) fail("cannot create", errno);
}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(partial_.c_str());
}

void OutputFile::fail(const char* doing, int err) const {
  const std::string what = std::string(doing) + " " + partial_ + ": " + std::strerror(err);
  if (err == ENOSPC || err == EDQUOT || err == EFBIG) throw ResourceError(path_ + ": " + what);
  throw file_error(path_, 0, what);
}

void OutputFile::write_all(const char* data, std::uint64_t bytes) {
  constexpr std::uint64_t kBlock = std::uint64_t(1) << 30;
  while (bytes > 0) {
    const ssize_t done = ::write(fd_, data, std::size_t(std::min(bytes, kBlock)));
    if (done < 0) {
      if (errno == EINTR) continue;
      fail("cannot write", errno);
    }
    data += done;
    bytes -= std::uint64_t(done);
  }
}

void OutputFile::flush() {
  write_all(buffer_.get(), used_);
  used_ = 0;
}

void OutputFile::write_block(const void* data, std::uint64_t bytes) {
  flush();
  write_all(static_cast<const char*>(data), bytes);
}

void OutputFile::commit() {
  flush();
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("cannot close", errno);
  if (std::rename(partial_.c_str(), path_.c_str()) != 0) fail("cannot rename", errno);
  committed_ = true;
}

}  // namespace gs::io
