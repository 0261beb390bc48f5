// libFuzzer harness for one graph reader. The input bytes become a file with
// the reader's extension (GS_FUZZ_EXTENSION; the public gs::io API reads
// paths), read through gs::io::read_edge_list for an integer and a floating
// weight type. A clean refusal (InputError, ResourceError) is a correct answer;
// a crash, a sanitizer report, any other exception, a hang or an edge list that
// breaks its own invariants is a finding.
//
// With GS_FUZZ_RESEAL_CHECKSUM (the .gsc target fuzz_read_gsc_resealed), an
// input whose length matches its header gets the right payload checksum written
// into it first, so that mutations reach the checks behind the checksum (ids,
// self loops, weights) instead of all stopping at "checksum mismatch".
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/io/graph_io.hpp"
#ifdef GS_FUZZ_RESEAL_CHECKSUM
#include "common/io/checksum.hpp"
#endif

namespace {

const std::string& scratch_path() {
  static const std::string path = [] {
    const char* dir = std::getenv("TMPDIR");
    return std::string(dir && *dir ? dir : "/tmp") + "/gs-fuzz-" + std::to_string(getpid()) + GS_FUZZ_EXTENSION;
  }();
  return path;
}

void write_scratch(const std::uint8_t* data, std::size_t size) {
  std::FILE* f = std::fopen(scratch_path().c_str(), "wb");
  if (!f || (size && std::fwrite(data, 1, size, f) != size) || std::fclose(f) != 0) {
    std::perror(scratch_path().c_str());
    std::abort();
  }
}

#ifdef GS_FUZZ_RESEAL_CHECKSUM
// The layout of common/io/binary_cache.cpp: m at byte 32, weight code at 12,
// checksum at 40 over u[m], v[m], w[m] (chained), payload from byte 64.
void reseal_checksum(std::vector<std::uint8_t>& bytes) {
  if (bytes.size() < 64) return;
  std::uint32_t code;
  std::uint64_t m;
  std::memcpy(&code, bytes.data() + 12, 4);
  std::memcpy(&m, bytes.data() + 32, 8);
  const std::uint64_t weight_bytes[] = {0, 2, 4, 8, 4, 4, 8};
  if (code > 6 || m > bytes.size() || 64 + m * (8 + weight_bytes[code]) != bytes.size()) return;
  const std::uint8_t* u = bytes.data() + 64;
  std::uint64_t h = gs::io::checksum_bytes(u, 4 * m, gs::io::kChecksumSeed);
  h = gs::io::checksum_bytes(u + 4 * m, 4 * m, h);
  h = gs::io::checksum_bytes(u + 8 * m, weight_bytes[code] * m, h);
  std::memcpy(bytes.data() + 40, &h, 8);
}
#endif

template <class W>
void read_as(const gs::io::ReadOptions& options) {
  try {
    const gs::EdgeList<W> el = gs::io::read_edge_list<W>(scratch_path(), options);
    // What every caller relies on: ids below n, one weight per edge or none.
    if (el.u.size() != el.v.size() || (el.weighted() && el.w.size() != el.u.size())) __builtin_trap();
    for (std::size_t i = 0; i < el.u.size(); ++i)
      if (el.u[i] >= el.n || el.v[i] >= el.n) __builtin_trap();
  } catch (const gs::InputError& e) {
    if (std::getenv("GS_FUZZ_VERBOSE")) std::fprintf(stderr, "refused: %s\n", e.what());  // to see what a seed reaches
  } catch (const gs::ResourceError& e) {
    if (std::getenv("GS_FUZZ_VERBOSE")) std::fprintf(stderr, "refused: %s\n", e.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Declared sizes above 256 MiB are refused (ResourceError) instead of
  // allocated: the fuzzer's own memory limit is 2 GiB.
  setenv("GS_HOST_MEMORY_LIMIT", "268435456", 0);
  std::atexit([] { unlink(scratch_path().c_str()); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
#ifdef GS_FUZZ_RESEAL_CHECKSUM
  std::vector<std::uint8_t> bytes(data, data + size);
  reseal_checksum(bytes);
  write_scratch(bytes.data(), bytes.size());
#else
  write_scratch(data, size);
#endif
  read_as<std::uint32_t>({});
  gs::io::ReadOptions strict;
  strict.allow_self_loops = false;
  strict.force_undirected = true;
  read_as<float>(strict);
  return 0;
}
