#include "common/io/mapped_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/errors.hpp"
#include "common/io/stream_text_check.hpp"

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

MappedFile::MappedFile(std::string path, FileContents contents) : path_(std::move(path)) {
  const Descriptor file{::open(path_.c_str(), O_RDONLY | O_CLOEXEC)};
  if (file.fd < 0) throw file_error(path_, 0, std::string("cannot open the file: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(file.fd, &st) != 0)
    throw file_error(path_, 0, std::string("cannot stat the file: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw file_error(path_, 0, "not a regular file (a directory)");
  // As binary_cache.cpp (input_file.hpp): a .gsc header is checked against the file's length.
  if (contents == FileContents::binary && !S_ISREG(st.st_mode)) throw file_error(path_, 0, "not a regular file");
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
  read_stream(file.fd, contents);
}

void MappedFile::read_stream(int fd, FileContents contents) {
  const bool is_text = contents == FileContents::text;
  StreamTextCheck text(path_);
  while (const std::uint64_t got = stream_.read_block(fd, path_, is_text ? text.line() : 0))
    if (is_text) text.check(stream_.data() + stream_.size() - got, got);
  data_ = stream_.data();
  size_ = stream_.size();
}

MappedFile::~MappedFile() {
  if (mapped_) ::munmap(const_cast<char*>(data_), std::size_t(size_));
}

}  // namespace gs::io
