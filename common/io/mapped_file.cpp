#include "common/io/mapped_file.hpp"

#include <cerrno>
#include <cstring>
#include <sys/mman.h>

#include "common/errors.hpp"
#include "common/io/input_file.hpp"

namespace gs::io {

MappedFile::MappedFile(std::string path) : path_(std::move(path)) {
  InputFile file(path_);
  size_ = file.size();
  if (size_ == 0) return;  // mmap refuses empty ranges; nothing to map
  void* p = ::mmap(nullptr, std::size_t(size_), PROT_READ, MAP_PRIVATE, file.fd(), 0);
  if (p == MAP_FAILED) throw file_error(path_, 0, std::string("cannot map the file: ") + std::strerror(errno));
  ::madvise(p, std::size_t(size_), MADV_SEQUENTIAL);  // a hint only: its failure changes nothing
  data_ = static_cast<const char*>(p);
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(const_cast<char*>(data_), std::size_t(size_));
}

}  // namespace gs::io
