// The suite's binary graph cache (.gsc). Little-endian, as the host writes it:
//
//   offset  size  field
//        0     8  magic "GSGRAPH\0"
//        8     4  format version (1)
//       12     4  weight type code (WeightCode; 0 = unweighted)
//       16     4  flags (bit 0: directed; other bits must be 0)
//       20     4  header size in bytes (64)
//       24     8  n, vertices
//       32     8  m, edges
//       40     8  checksum of the payload (checksum.hpp: u, then v, then w)
//       48    16  reserved, zero
//       64        u[m] (uint32), v[m] (uint32), w[m] (the weight type; absent when unweighted)
//
// The reader checks magic, version, weight type and the file length implied by
// n and m before allocating, reads each array with a few large read() calls, and
// then checks the checksum and every edge (ids < n, self loops, weights).
#include <bit>
#include <cmath>
#include <cstring>
#include <optional>
#include <type_traits>
#include <vector>

#include "common/errors.hpp"
#include "common/io/checksum.hpp"
#include "common/io/edge_lines.hpp"
#include "common/io/formats.hpp"
#include "common/io/input_file.hpp"
#include "common/io/weight_types.hpp"

namespace gs::io {
namespace {

constexpr char kMagic[8] = {'G', 'S', 'G', 'R', 'A', 'P', 'H', '\0'};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kDirectedFlag = 1;

struct Header {
  char magic[8];
  std::uint32_t version;
  std::uint32_t weight_code;
  std::uint32_t flags;
  std::uint32_t header_bytes;
  std::uint64_t n;
  std::uint64_t m;
  std::uint64_t checksum;
  std::uint64_t reserved[2];
};
static_assert(sizeof(Header) == 64 && std::is_trivially_copyable_v<Header>);
static_assert(std::endian::native == std::endian::little, ".gsc files are little-endian");

std::size_t weight_bytes(WeightCode code) {
  switch (code) {
    case WeightCode::kNone: return 0;
    case WeightCode::kU16: return 2;
    case WeightCode::kU32:
    case WeightCode::kI32:
    case WeightCode::kF32: return 4;
    case WeightCode::kU64:
    case WeightCode::kF64: return 8;
  }
  return 0;
}

template <class W>
std::uint64_t payload_checksum(const EdgeList<W>& el) {
  std::uint64_t h = checksum_bytes(el.u.data(), el.u.size() * sizeof(vid_t), kChecksumSeed);
  h = checksum_bytes(el.v.data(), el.v.size() * sizeof(vid_t), h);
  return checksum_bytes(el.w.data(), el.w.size() * sizeof(W), h);
}

// Index of the first edge that breaks a rule (ids < n, self loops, weights), or m.
template <class W>
eid_t first_bad_edge(const EdgeList<W>& el, const ReadOptions& options) {
  const eid_t m = el.size();
  const bool weighted = el.weighted();
  eid_t first = m;
#pragma omp parallel for schedule(static) reduction(min : first)
  for (std::int64_t i = 0; i < std::int64_t(m); ++i) {
    bool bad = el.u[i] >= el.n || el.v[i] >= el.n || (!options.allow_self_loops && el.u[i] == el.v[i]);
    if (weighted) {
      const W w = el.w[i];
      if constexpr (std::is_floating_point_v<W>) bad |= !std::isfinite(w);
      if constexpr (std::is_signed_v<W>) bad |= w < 0 && !options.allow_negative_weights;
    }
    if (bad && eid_t(i) < first) first = eid_t(i);
  }
  return first;
}

}  // namespace

template <class W>
EdgeList<W> read_binary_cache(const std::string& path, const ReadOptions& options) {
  resolve_directed(true, options);  // rejects contradictory options before any work
  InputFile file(path);
  const auto fail = [&](const std::string& what) -> void { throw file_error(path, 0, what); };
  if (file.size() == 0) fail("the file is empty");
  if (file.size() < sizeof(Header))
    fail("the file has " + std::to_string(file.size()) + " bytes, less than a .gsc header (truncated?)");
  Header h;
  file.read_exact(&h, sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) fail("not a .gsc graph cache (wrong magic bytes)");
  if (h.version != kVersion)
    fail("unsupported .gsc version " + std::to_string(h.version) + " (this build reads version " +
         std::to_string(kVersion) + ")");
  if (h.header_bytes != sizeof(Header)) fail("bad header size " + std::to_string(h.header_bytes));
  if (h.flags & ~kDirectedFlag) fail("unknown flags " + std::to_string(h.flags));
  const auto code = WeightCode(h.weight_code);
  if (h.weight_code > std::uint32_t(WeightCode::kF64)) fail("unknown weight type code " + std::to_string(h.weight_code));
  if (code != WeightCode::kNone && code != weight_code<W>() && !options.skip_weights)
    fail(std::string("the file stores ") + weight_code_name(code) + " weights, but " + weight_type_name<W>() +
         " weights were requested");
  if (h.n > std::uint64_t(kNoVertex))
    fail("n = " + std::to_string(h.n) + " is more than 32-bit vertex ids allow");
  // The length check bounds m by the file size, so nothing below can overflow.
  const std::uint64_t per_edge = 2 * sizeof(vid_t) + weight_bytes(code);
  const std::uint64_t payload = file.size() - sizeof(Header);
  if (h.m > payload / per_edge)
    fail("the header declares m = " + std::to_string(h.m) + " edges, more than the file's " +
         std::to_string(file.size()) + " bytes hold (truncated or corrupt)");
  if (h.m * per_edge != payload)
    fail("the file has " + std::to_string(file.size()) + " bytes, but its header (m = " + std::to_string(h.m) +
         ") implies " + std::to_string(sizeof(Header) + h.m * per_edge) + " (corrupt)");
  require_graph_memory(path, h.n, h.m, weight_bytes(code));

  EdgeList<W> el;
  el.n = vid_t(h.n);
  el.u.resize(h.m);
  el.v.resize(h.m);
  file.read_exact(el.u.data(), h.m * sizeof(vid_t));
  file.read_exact(el.v.data(), h.m * sizeof(vid_t));
  std::uint64_t sum = checksum_bytes(el.u.data(), el.u.size() * sizeof(vid_t), kChecksumSeed);
  sum = checksum_bytes(el.v.data(), el.v.size() * sizeof(vid_t), sum);
  if (code != WeightCode::kNone && !options.skip_weights) {
    el.w.resize(h.m);
    file.read_exact(el.w.data(), el.w.size() * sizeof(W));
    sum = checksum_bytes(el.w.data(), el.w.size() * sizeof(W), sum);
  } else {  // skipped weights, of whatever type, are read for the checksum only
    std::vector<unsigned char> skipped(h.m * weight_bytes(code));
    file.read_exact(skipped.data(), skipped.size());
    sum = checksum_bytes(skipped.data(), skipped.size(), sum);
  }
  if (sum != h.checksum) fail("checksum mismatch: the file is corrupt");
  if (const eid_t bad = first_bad_edge(el, options); bad < el.size()) {
    std::string what = "edge " + std::to_string(bad) + " (" + std::to_string(el.u[bad]) + ", " +
                       std::to_string(el.v[bad]) + ")";
    if (el.u[bad] >= el.n || el.v[bad] >= el.n) what += " has a vertex id >= n = " + std::to_string(el.n);
    else if (el.u[bad] == el.v[bad] && !options.allow_self_loops) what += " is a self loop (not allowed here)";
    else what += " has a weight that is not allowed here (negative, NaN or infinite)";
    fail(what);
  }
  el.directed = resolve_directed(h.flags & kDirectedFlag, options);
  return el;
}

std::optional<WeightCode> stored_weight_code(const std::string& path) {
  if (format_of(path) != Format::kBinaryCache) return std::nullopt;
  InputFile file(path);
  Header h{};
  if (file.size() < sizeof(Header)) return std::nullopt;  // the reader reports it
  file.read_exact(&h, sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.weight_code > std::uint32_t(WeightCode::kF64))
    return std::nullopt;
  return WeightCode(h.weight_code);
}

template <class W>
void write_binary_cache(OutputFile& out, const EdgeList<W>& el) {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.weight_code = std::uint32_t(el.weighted() ? weight_code<W>() : WeightCode::kNone);
  h.flags = el.directed ? kDirectedFlag : 0;
  h.header_bytes = sizeof(Header);
  h.n = el.n;
  h.m = el.size();
  h.checksum = payload_checksum(el);
  out.write_block(&h, sizeof h);
  out.write_block(el.u.data(), el.u.size() * sizeof(vid_t));
  out.write_block(el.v.data(), el.v.size() * sizeof(vid_t));
  out.write_block(el.w.data(), el.w.size() * sizeof(W));
}

#define GS_INSTANTIATE(W)                                                                  \
  template EdgeList<W> read_binary_cache<W>(const std::string&, const ReadOptions&); \
  template void write_binary_cache<W>(OutputFile&, const EdgeList<W>&);
GS_IO_FOR_EACH_WEIGHT(GS_INSTANTIATE)
#undef GS_INSTANTIATE

}  // namespace gs::io
