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
// The header is read and written by gsc_layout.cpp. The reader checks it
// (magic, version, weight type and the file length implied by n and m) before
// allocating, reads each array in pieces of 1 GiB, each in large blocks on
// every thread (the checksum of each piece computed on a thread of its own
// while the next is read), and then checks the checksum and every edge (ids
// < n, self loops, weights).
#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>
#include <vector>

#include "common/errors.hpp"
#include "common/large_vector.hpp"
#include "common/io/background_checksum.hpp"
#include "common/io/checksum.hpp"
#include "common/io/edge_lines.hpp"
#include "common/io/formats.hpp"
#include "common/io/gsc_layout.hpp"
#include "common/io/input_file.hpp"
#include "common/io/weight_types.hpp"

namespace gs::io {
namespace {

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
  char header[kGscHeaderBytes] = {};
  if (file.size() >= sizeof header) file.read_exact(header, sizeof header);  // shorter: read_gsc_layout says so
  const auto required_weights = options.skip_weights ? std::nullopt : std::optional(weight_code<W>());
  const GscLayout layout = read_gsc_layout(path, header, file.size(), required_weights);
  require_graph_memory(path, layout.n, layout.m, layout.weight_bytes);

  EdgeList<W> el;
  std::vector<unsigned char> skipped;          // skipped weights, of whatever type, are read for the checksum only
  BackgroundChecksum checksum(kChecksumSeed);  // after the arrays it reads: destroyed (joined) before them
  const auto read_array = [&](void* data, std::uint64_t bytes, std::uint64_t offset) {
    constexpr std::uint64_t kPiece = std::uint64_t(1) << 30;
    char* const at = static_cast<char*>(data);
    std::uint64_t done = 0;
    do {  // once at least: an empty array still takes its place in the checksum's chain
      const std::uint64_t piece = std::min(kPiece, bytes - done);
      file.read_exact_at(at + done, piece, offset + done);
      checksum.add(at + done, piece, done + piece == bytes);
      done += piece;
    } while (done < bytes);
  };
  el.n = vid_t(layout.n);
  assign_large(el.u, layout.m);
  read_array(el.u.data(), layout.m * sizeof(vid_t), layout.u_offset());
  assign_large(el.v, layout.m);
  read_array(el.v.data(), layout.m * sizeof(vid_t), layout.v_offset());
  if (layout.weight_code != WeightCode::kNone && !options.skip_weights) {
    assign_large(el.w, layout.m);
    read_array(el.w.data(), el.w.size() * sizeof(W), layout.w_offset());
  } else {
    assign_large(skipped, layout.m * layout.weight_bytes);
    read_array(skipped.data(), skipped.size(), layout.w_offset());
  }
  if (checksum.result() != layout.checksum) throw file_error(path, 0, "checksum mismatch: the file is corrupt");
  if (const eid_t bad = first_bad_edge(el, options); bad < el.size()) {
    std::string what =
        "edge " + std::to_string(bad) + " (" + std::to_string(el.u[bad]) + ", " + std::to_string(el.v[bad]) + ")";
    if (el.u[bad] >= el.n || el.v[bad] >= el.n) what += " has a vertex id >= n = " + std::to_string(el.n);
    else if (el.u[bad] == el.v[bad] && !options.allow_self_loops) what += " is a self loop (not allowed here)";
    else what += " has a weight that is not allowed here (negative, NaN or infinite)";
    throw file_error(path, 0, what);
  }
  el.directed = resolve_directed(layout.directed, options);
  return el;
}

std::optional<WeightCode> stored_weight_code(const std::string& path) {
  if (format_of(path) != Format::kBinaryCache) return std::nullopt;
  InputFile file(path);
  char header[kGscHeaderBytes];
  if (file.size() < sizeof header) return std::nullopt;  // the reader reports it
  file.read_exact(header, sizeof header);
  return peek_gsc_weight_code(header, file.size());
}

template <class W>
void write_binary_cache(OutputFile& out, const EdgeList<W>& el) {
  GscLayout layout;
  layout.n = el.n;
  layout.m = el.size();
  layout.directed = el.directed;
  layout.weight_code = el.weighted() ? weight_code<W>() : WeightCode::kNone;
  layout.checksum = gsc_checksum(el.u.data(), el.v.data(), el.w.data(), el.size(), el.weighted() ? sizeof(W) : 0);
  char header[kGscHeaderBytes];
  encode_gsc_header(layout, header);
  out.write_block(header, sizeof header);
  out.write_block(el.u.data(), el.u.size() * sizeof(vid_t));
  out.write_block(el.v.data(), el.v.size() * sizeof(vid_t));
  out.write_block(el.w.data(), el.w.size() * sizeof(W));
}

#define GS_INSTANTIATE(W)                                                            \
  template EdgeList<W> read_binary_cache<W>(const std::string&, const ReadOptions&); \
  template void write_binary_cache<W>(OutputFile&, const EdgeList<W>&);
GS_IO_FOR_EACH_WEIGHT(GS_INSTANTIATE)
#undef GS_INSTANTIATE

}  // namespace gs::io
