// Input that never ends or is not text: /dev/zero behind every text format's
// name, an endless pipe of valid lines, overlong lines in streams and in
// mapped files, and .gsc names on streams. Each is refused at once, at its
// line, with the exit-2 or exit-3 error; none is read until memory runs out.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "common/errors.hpp"
#include "common/io/graph_io.hpp"
#include "common/io/mapped_file.hpp"
#include "common/io/text_input.hpp"
#include "tests/io/io_test_support.hpp"

namespace gs::io {
namespace {

using test::expect_error;
using test::TempDir;

const char* const kTextExtensions[] = {".gr", ".mtx", ".el", ".wel", ".txt"};

// A memory limit far below this machine's, so that a reader that holds a
// stream whole fails the test in a second instead of filling the memory.
class EndlessStreams : public ::testing::Test {
 protected:
  void SetUp() override {
    ::setenv("GS_HOST_MEMORY_LIMIT", "16777216", 1);  // 16 MiB
    std::signal(SIGPIPE, SIG_IGN);                    // a writer whose reader gave up gets EPIPE instead
  }
  void TearDown() override { ::unsetenv("GS_HOST_MEMORY_LIMIT"); }
  TempDir dir;
};

// Runs `read`, expects E within a few seconds, and returns its message.
template <class E, class F>
std::string quick_error(F&& read) {
  const auto start = std::chrono::steady_clock::now();
  std::string message;
  try {
    read();
    ADD_FAILURE() << "no exception";
  } catch (const E& e) {
    message = e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5)) << message;
  return message;
}

template <class E, class F>
void expect_quick_error(F&& read, const std::string& fragment) {
  const std::string message = quick_error<E>(read);
  EXPECT_NE(message.find(fragment), std::string::npos) << "message: " << message;
}

bool write_all(int fd, const std::string& bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) return false;
    done += std::size_t(n);
  }
  return true;
}

// A fifo at `path` whose writer sends `head`, then `line` over and over until
// the reader closes its end (at most 6 GiB, so that a regression cannot hang);
// without `line`, only `head`.
class Pipe {
 public:
  Pipe(const std::string& path, const std::string& head, const std::string& line = "") : path_(path) {
    EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0);
    std::string lines;
    while (!line.empty() && lines.size() < (std::size_t(64) << 10)) lines += line;
    writer_ = std::thread([this, head, lines] {
      // Waits for a reader without blocking, so that a test whose reader never came still ends.
      int fd = -1;
      while (fd < 0 && !stop_) {
        fd = ::open(path_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      if (fd < 0) return;
      ::fcntl(fd, F_SETFL, 0);  // blocking writes from here on
      bool open = write_all(fd, head);
      for (int block = 0; open && !lines.empty() && block < 100000 && !stop_; ++block) open = write_all(fd, lines);
      ::close(fd);
    });
  }
  ~Pipe() {
    stop_ = true;
    writer_.join();
  }

 private:
  std::string path_;
  std::atomic<bool> stop_{false};
  std::thread writer_;
};

// A sparse regular file of `bytes` NUL bytes.
void write_sparse_zeros(const std::string& path, std::uint64_t bytes) {
  std::ofstream{path};
  std::filesystem::resize_file(path, bytes);
}

TEST_F(EndlessStreams, DevZeroBehindATextNameIsRefusedAtLineOne) {
  for (const char* ext : kTextExtensions) {
    const std::string link = dir.file(std::string("zero") + ext);
    std::filesystem::create_symlink("/dev/zero", link);
    expect_quick_error<InputError>([&] { read_edge_list<std::uint32_t>(link); },
                                   link + ":1: a NUL byte: binary data, not a text graph file");
  }
}

TEST_F(EndlessStreams, EndlessValidLinesAreRefusedByMemoryAdmission) {
  const struct {
    const char* ext;
    const char* head;
    const char* line;
  } cases[] = {{".gr", "p sp 4 4\n", "a 1 2 3\n"},
               {".mtx", "%%MatrixMarket matrix coordinate integer general\n4 4 4\n", "1 2 3\n"},
               {".el", "", "0 1\n"},
               {".wel", "", "0 1 2\n"},
               {".txt", "# Undirected graph\n", "0\t1\n"}};
  for (const auto& c : cases) {
    const std::string fifo = dir.file(std::string("endless") + c.ext);
    const Pipe pipe(fifo, c.head, c.line);
    // "PATH:LINE: the stream read so far (...) needs X of host memory, but only 16.0 MiB is available: ...",
    // LINE being where the stream had got to: millions of lines in.
    const std::string message = quick_error<ResourceError>([&] { read_edge_list<std::uint32_t>(fifo); });
    ASSERT_EQ(message.rfind(fifo + ":", 0), 0u) << message;
    EXPECT_GT(std::stoull(message.substr(fifo.size() + 1)), 100000u) << message;
    EXPECT_NE(message.find(": the stream read so far ("), std::string::npos) << message;
    EXPECT_NE(message.find("but only 16.0 MiB is available"), std::string::npos) << message;
  }
}

TEST_F(EndlessStreams, AnEndlessLineWithoutNulIsRefusedAtItsFirstMiB) {
  const std::string fifo = dir.file("endless-line.el");
  const Pipe pipe(fifo, "0 1\n# a comment that goes on", " and on");
  expect_quick_error<InputError>([&] { read_edge_list<std::uint32_t>(fifo); },
                                 fifo + ":2: a line longer than 1.0 MiB: not a text graph file");
}

TEST_F(EndlessStreams, StreamLinesUpToTheBoundAreRead) {
  const std::string fifo = dir.file("long.el");
  const auto comment = [](std::uint64_t bytes) { return "#" + std::string(bytes - 1, 'x') + "\n"; };
  {
    const Pipe pipe(fifo, "0 1\n" + comment(kMaxLineBytes) + "1 2\n");
    EXPECT_EQ(read_edge_list<std::uint32_t>(fifo).size(), 2u);
  }
  std::filesystem::remove(fifo);
  const Pipe pipe(fifo, "0 1\n" + comment(kMaxLineBytes + 1) + "1 2\n");
  expect_quick_error<InputError>([&] { read_edge_list<std::uint32_t>(fifo); }, fifo + ":2: a line longer than 1.0 MiB");
}

TEST_F(EndlessStreams, ANulAfterValidLinesIsRefusedAtItsLine) {
  const std::string fifo = dir.file("nul.gr");
  const Pipe pipe(fifo, std::string("p sp 3 2\na 1 2 3\na 2 ") + '\0' + "3 4\n", "c\n");
  expect_quick_error<InputError>([&] { read_edge_list<std::uint32_t>(fifo); }, fifo + ":3: a NUL byte");
}

// The line bound holds for mapped files too, at the true line number whatever
// the chunking; a line of exactly kMaxLineBytes is still read.
TEST_F(EndlessStreams, OverlongLinesInMappedFilesAreRefusedAtTheirLine) {
  const std::string path = dir.file("long.el");
  const auto write = [&](std::uint64_t comment_bytes) {
    std::ofstream(path, std::ios::binary) << "0 1\n1 2\n#" << std::string(comment_bytes - 1, 'x') << "\n2 3\n";
  };
  write(kMaxLineBytes);
  EXPECT_EQ(read_edge_list<std::uint32_t>(path).size(), 3u);
  write(kMaxLineBytes + 1);
  for (const char* chunk : {"4194304", "16"}) {
    ::setenv("GS_IO_CHUNK_BYTES", chunk, 1);
    expect_quick_error<InputError>([&] { read_edge_list<std::uint32_t>(path); },
                                   path + ":3: a line longer than 1.0 MiB");
  }
  ::unsetenv("GS_IO_CHUNK_BYTES");
  // In a header: the first line of a sparse 1 GiB file of NUL bytes, found in its first MiB.
  const std::string sparse = dir.file("sparse.gr");
  write_sparse_zeros(sparse, std::uint64_t(1) << 30);
  expect_quick_error<InputError>([&] { read_edge_list<std::uint32_t>(sparse); },
                                 sparse + ":1: a line longer than 1.0 MiB");
}

TEST_F(EndlessStreams, GscOnAStreamIsRefusedBeforeReading) {
  const std::string link = dir.file("zero.gsc");
  std::filesystem::create_symlink("/dev/zero", link);
  expect_quick_error<InputError>([&] { stored_weight_code(link); }, link + ":0: not a regular file");
  expect_quick_error<InputError>([&] { read_edge_list<std::uint32_t>(link); }, link + ":0: not a regular file");
  // The mapped reader of the distributed programs refuses it the same way.
  expect_quick_error<InputError>([&] { const MappedFile file(link, FileContents::binary); },
                                 link + ":0: not a regular file");
  // A regular file of NUL bytes fails the header check before anything is allocated.
  const std::string zeros = dir.file("zeros.gsc");
  write_sparse_zeros(zeros, std::uint64_t(1) << 30);
  expect_quick_error<InputError>([&] { read_edge_list<std::uint32_t>(zeros); },
                                 zeros + ":0: not a .gsc graph cache (wrong magic bytes)");
}

}  // namespace
}  // namespace gs::io
