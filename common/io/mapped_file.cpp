#include "common/io/mapped_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/errors.hpp"
#include "common/memory.hpp"

namespace gs::io {
namespace {

// Closes the descriptor on every path out of the constructor.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

MappedFile::MappedFile(std::string path) : path_(std::move(path)) {
  const Descriptor file{::open(path_.c_str(), O_RDONLY | O_CLOEXEC)};
  if (file.fd < 0) throw file_error(path_, 0, std::string("cannot open the file: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(file.fd, &st) != 0)
    throw file_error(path_, 0, std::string("cannot stat the file: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw file_error(path_, 0, "not a regular file (a directory)");
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    void* p = ::mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, file.fd, 0);
    if (p != MAP_FAILED) {
      ::madvise(p, std::size_t(st.st_size), MADV_SEQUENTIAL);  // a hint only: its failure changes nothing
      data_ = static_cast<const char*>(p);
      size_ = std::uint64_t(st.st_size);
      mapped_ = true;
      return;
    }
  }
  read_to_end(file.fd);
}

void MappedFile::read_to_end(int fd) {
  constexpr std::size_t kBlock = std::size_t(1) << 20;
  std::size_t used = 0;
  for (;;) {
    if (buffer_.size() - used < kBlock) {
      require_host_memory(buffer_.size() + kBlock, path_ + ": reading the file into memory");
      buffer_.resize(std::max(2 * buffer_.size(), used + kBlock));
    }
    const ssize_t got = ::read(fd, buffer_.data() + used, kBlock);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw file_error(path_, 0, std::string("read failed: ") + std::strerror(errno));
    }
    if (got == 0) break;
    used += std::size_t(got);
  }
  buffer_.resize(used);
  buffer_.shrink_to_fit();
  data_ = buffer_.data();
  size_ = used;
}

MappedFile::~MappedFile() {
  if (mapped_) ::munmap(const_cast<char*>(data_), std::size_t(size_));
}

}  // namespace gs::io
