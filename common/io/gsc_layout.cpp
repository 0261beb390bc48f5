#include "common/io/gsc_layout.hpp"

#include <bit>

#include "common/errors.hpp"
#include "common/graph.hpp"
#include "common/io/checksum.hpp"

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
static_assert(sizeof(Header) == kGscHeaderBytes && std::is_trivially_copyable_v<Header>);
static_assert(std::endian::native == std::endian::little, ".gsc files are little-endian");

std::size_t bytes_of(WeightCode code) {
  switch (code) {
    case WeightCode::kNone:
      return 0;
    case WeightCode::kU16:
      return 2;
    case WeightCode::kU32:
    case WeightCode::kI32:
    case WeightCode::kF32:
      return 4;
    case WeightCode::kU64:
    case WeightCode::kF64:
      return 8;
  }
  return 0;
}

}  // namespace

GscLayout read_gsc_layout(const std::string& path, const char* first, std::uint64_t size,
                          std::optional<WeightCode> required_weights) {
  const auto fail = [&](const std::string& what) -> void { throw file_error(path, 0, what); };
  if (size == 0) fail("the file is empty");
  if (size < sizeof(Header))
    fail("the file has " + std::to_string(size) + " bytes, less than a .gsc header (truncated?)");
  Header h;
  std::memcpy(&h, first, sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) fail("not a .gsc graph cache (wrong magic bytes)");
  if (h.version != kVersion)
    fail("unsupported .gsc version " + std::to_string(h.version) + " (this build reads version " +
         std::to_string(kVersion) + ")");
  if (h.header_bytes != sizeof(Header)) fail("bad header size " + std::to_string(h.header_bytes));
  if (h.flags & ~kDirectedFlag) fail("unknown flags " + std::to_string(h.flags));
  if (h.weight_code > std::uint32_t(WeightCode::kF64))
    fail("unknown weight type code " + std::to_string(h.weight_code));
  const auto code = WeightCode(h.weight_code);
  if (required_weights && code != WeightCode::kNone && code != *required_weights)
    fail(std::string("the file stores ") + weight_code_name(code) + " weights, but " +
         weight_code_name(*required_weights) + " weights were requested");
  if (h.n > std::uint64_t(kNoVertex)) fail("n = " + std::to_string(h.n) + " is more than 32-bit vertex ids allow");
  GscLayout layout;
  layout.n = h.n;
  layout.m = h.m;
  layout.directed = h.flags & kDirectedFlag;
  layout.weight_code = code;
  layout.weight_bytes = bytes_of(code);
  layout.checksum = h.checksum;
  // The length check bounds m by the file size, so no offset below can overflow.
  const std::uint64_t per_edge = 2 * sizeof(vid_t) + layout.weight_bytes;
  const std::uint64_t payload = size - sizeof(Header);
  if (h.m > payload / per_edge)
    fail("the header declares m = " + std::to_string(h.m) + " edges, more than the file's " + std::to_string(size) +
         " bytes hold (truncated or corrupt)");
  if (h.m * per_edge != payload)
    fail("the file has " + std::to_string(size) + " bytes, but its header (m = " + std::to_string(h.m) + ") implies " +
         std::to_string(sizeof(Header) + h.m * per_edge) + " (corrupt)");
  return layout;
}

std::optional<WeightCode> peek_gsc_weight_code(const char* first, std::uint64_t size) {
  if (size < sizeof(Header)) return std::nullopt;
  Header h;
  std::memcpy(&h, first, sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0 || h.weight_code > std::uint32_t(WeightCode::kF64))
    return std::nullopt;
  return WeightCode(h.weight_code);
}

void encode_gsc_header(const GscLayout& layout, char (&header)[kGscHeaderBytes]) {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.weight_code = std::uint32_t(layout.weight_code);
  h.flags = layout.directed ? kDirectedFlag : 0;
  h.header_bytes = sizeof(Header);
  h.n = layout.n;
  h.m = layout.m;
  h.checksum = layout.checksum;
  std::memcpy(header, &h, sizeof h);
}

std::uint64_t gsc_checksum(const void* u, const void* v, const void* w, std::uint64_t m, std::size_t weight_bytes) {
  std::uint64_t h = checksum_bytes(u, m * sizeof(vid_t), kChecksumSeed);
  h = checksum_bytes(v, m * sizeof(vid_t), h);
  return checksum_bytes(w, m * weight_bytes, h);
}

std::uint64_t gsc_payload_checksum(const char* data, const GscLayout& layout) {
  return gsc_checksum(data + layout.u_offset(), data + layout.v_offset(), data + layout.w_offset(), layout.m,
                      layout.weight_bytes);
}

}  // namespace gs::io
