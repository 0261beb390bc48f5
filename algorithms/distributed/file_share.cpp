// read_share (local_edges.hpp): each rank's share of a graph file, read by
// that rank alone. Text files: every rank reads the header
// (common/io/text_layout.hpp), then parses the whole lines that start in its
// byte range of the body; line numbers and the count of edge lines before the
// range come from prefix sums over the ranks. .gsc: every rank checks the
// header (common/io/gsc_layout.hpp), rank 0 the payload checksum, and each
// rank copies and checks its range of edge indices.
#include <algorithm>
#include <boost/mpi/collectives/all_reduce.hpp>
#include <boost/mpi/collectives/scan.hpp>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>

#include "algorithms/distributed/local_edges.hpp"
#include "common/io/edge_lines.hpp"
#include "common/io/gsc_layout.hpp"
#include "common/io/mapped_file.hpp"
#include "common/io/text_layout.hpp"
#include "common/memory.hpp"

namespace gs::dist {
namespace {

// What read_text_share and read_gsc_share return besides the edges.
template <class W>
struct FileShare {
  LocalEdges<W> share;
  bool file_weighted = false;  // the file has a weight per edge
  bool format_directed = true;
};

// Offset of the first line that starts at or after `at` in a body that starts at `base`.
std::uint64_t line_start_at_or_after(const char* data, std::uint64_t base, std::uint64_t size, std::uint64_t at) {
  if (at <= base || at >= size) return std::clamp(at, base, size);
  if (data[at - 1] == '\n') return at;
  const void* nl = std::memchr(data + at, '\n', size - at);
  return nl ? std::uint64_t(static_cast<const char*>(nl) - data) + 1 : size;
}

std::uint64_t exclusive_scan(const mpi::communicator& comm, std::uint64_t mine) {
  std::uint64_t through = 0;
  mpi::scan(comm, mine, through, std::plus<std::uint64_t>());
  return through - mine;
}

std::uint64_t sum(const mpi::communicator& comm, std::uint64_t mine) {
  return mpi::all_reduce(comm, mine, std::plus<std::uint64_t>());
}

template <class W>
FileShare<W> read_text_share(const mpi::communicator& comm, const io::MappedFile& file, bool read_weights) {
  const std::string& path = file.path();
  const char* data = file.data();
  io::TextLayout layout;
  std::uint64_t begin = 0, end = 0;
  io::ChunkCounts mine;
  agree(comm, [&] {
    layout = io::read_text_layout(path, data, file.size());
    const Slice s = slice_of(file.size() - layout.body_offset, comm.rank(), comm.size());
    begin = line_start_at_or_after(data, layout.body_offset, file.size(), layout.body_offset + s.first);
    end = line_start_at_or_after(data, layout.body_offset, file.size(), layout.body_offset + s.last);
    mine = io::count_lines(io::LineCursor(path, data + begin, data + end, 0), layout.body.comment_starts);
  });
  const std::uint64_t lines_before = layout.header_lines + exclusive_scan(comm, mine.lines);
  const std::uint64_t edges_before = exclusive_scan(comm, mine.data_lines);
  const std::optional<std::uint64_t>& declared_m = layout.body.declared_m;

  FileShare<W> out;
  out.file_weighted = layout.shape.weighted;
  out.format_directed = layout.directed;
  EdgeList<W>& edges = out.share.edges;
  vid_t max_id = 0;
  agree(comm, [&] {
    // Lines past the declared count are errors, never edges.
    const std::uint64_t kept =
        declared_m ? std::min(mine.data_lines, *declared_m - std::min(*declared_m, edges_before)) : mine.data_lines;
    const bool weights_kept = read_weights && layout.shape.weighted;
    require_host_memory(
        kept * (2 * sizeof(vid_t) + (weights_kept ? sizeof(W) : 0)),
        path + ": rank " + std::to_string(comm.rank()) + "'s " + std::to_string(kept) + " " + layout.body.noun);
    edges.reserve(kept);
    if (weights_kept) edges.w.reserve(kept);
    const io::ReadOptions options;
    io::LineCursor cursor(path, data + begin, data + end, lines_before);
    std::uint64_t index = edges_before;
    for (std::string_view line; cursor.next_line(line);) {
      if (!io::is_data_line(line, layout.body.comment_starts)) continue;
      if (declared_m && index >= *declared_m) {
        io::DiscardSink<W> probe;  // a malformed excess line reports its own problem first
        io::parse_body_line<W>(layout, cursor, line, options, read_weights, probe);
        cursor.fail("more " + std::string(layout.body.noun) + " than the " + std::to_string(*declared_m) +
                    " declared on line " + std::to_string(layout.body.declared_on_line));
      }
      io::parse_body_line<W>(layout, cursor, line, options, read_weights, edges);
      ++index;
    }
    for (eid_t e = 0; e < edges.size(); ++e) max_id = std::max({max_id, edges.u[e], edges.v[e]});
  });
  const std::uint64_t m = sum(comm, edges.size());
  const std::uint64_t data_lines = sum(comm, mine.data_lines);
  const std::uint64_t last_line = layout.header_lines + sum(comm, mine.lines);
  agree(comm, [&] {
    if (declared_m && data_lines < *declared_m)
      throw file_error(path, last_line,
                       "the file ends after " + std::to_string(data_lines) + " " + layout.body.noun + ", but line " +
                           std::to_string(layout.body.declared_on_line) + " declares " + std::to_string(*declared_m));
    if (!declared_m && data_lines == 0)
      throw file_error(path, last_line, std::string("the file has no ") + layout.body.noun);
  });
  // Without a declared n, n = largest id + 1 (parse_vertex keeps ids below 2^32 - 1).
  out.share.n = layout.shape.n ? vid_t(*layout.shape.n) : mpi::all_reduce(comm, max_id, mpi::maximum<vid_t>()) + 1;
  out.share.global_m = m;
  return out;
}

// "edge K (U, V)", as binary_cache.cpp names an edge.
std::string edge_name(std::uint64_t k, vid_t u, vid_t v) {
  return "edge " + std::to_string(k) + " (" + std::to_string(u) + ", " + std::to_string(v) + ")";
}

template <class W>
FileShare<W> read_gsc_share(const mpi::communicator& comm, const io::MappedFile& file, bool read_weights) {
  const std::string& path = file.path();
  const char* data = file.data();
  FileShare<W> out;
  EdgeList<W>& edges = out.share.edges;
  io::GscLayout layout;
  agree(comm, [&] {
    layout = io::read_gsc_layout(path, data, file.size());
    // The checksum covers the whole payload in one pass: rank 0 reads it all (mapped, not held).
    if (comm.rank() == 0 && io::gsc_payload_checksum(data, layout) != layout.checksum)
      throw file_error(path, 0, "checksum mismatch: the file is corrupt");
    const Slice s = slice_of(layout.m, comm.rank(), comm.size());
    const std::uint64_t k = s.last - s.first;
    const bool weights_kept = read_weights && layout.weight_code != io::WeightCode::kNone;
    require_host_memory(k * (2 * sizeof(vid_t) + (weights_kept ? sizeof(W) : 0)),
                        path + ": rank " + std::to_string(comm.rank()) + "'s " + std::to_string(k) + " edges");
    edges.u.resize(k);
    edges.v.resize(k);
    std::memcpy(edges.u.data(), data + layout.u_offset() + s.first * sizeof(vid_t), k * sizeof(vid_t));
    std::memcpy(edges.v.data(), data + layout.v_offset() + s.first * sizeof(vid_t), k * sizeof(vid_t));
    if (weights_kept) edges.w.resize(k);
    // binary_cache.cpp's checks, in its order per edge: ids, then the weight.
    for (std::uint64_t i = 0; i < k; ++i) {
      const vid_t u = edges.u[i], v = edges.v[i];
      if (u >= layout.n || v >= layout.n)
        throw file_error(path, 0, edge_name(s.first + i, u, v) + " has a vertex id >= n = " + std::to_string(layout.n));
      if (!weights_kept) continue;
      const char* w = data + layout.w_offset() + (s.first + i) * layout.weight_bytes;
      const std::optional<long double> value = io::stored_weight_as<long double>(w, layout.weight_code);
      if (!value || *value < 0)
        throw file_error(
            path, 0,
            edge_name(s.first + i, u, v) + " has a weight that is not allowed here (negative, NaN or infinite)");
      const std::optional<W> as_w = io::stored_weight_as<W>(w, layout.weight_code);
      if (!as_w) {
        char text[64];
        std::snprintf(text, sizeof text, "%.17Lg", *value);
        throw file_error(path, 0,
                         edge_name(s.first + i, u, v) + " has the " + io::weight_code_name(layout.weight_code) +
                             " weight " + text + ", which is not exactly a " + io::weight_type_name<W>() +
                             " (the weight type of this program)");
      }
      edges.w[i] = *as_w;
    }
  });
  out.file_weighted = layout.weight_code != io::WeightCode::kNone;
  out.format_directed = layout.directed;
  out.share.n = vid_t(layout.n);
  out.share.global_m = layout.m;
  return out;
}

}  // namespace

template <class W>
LocalEdges<W> read_share(const mpi::communicator& comm, const std::string& path, FileWeights weights,
                         bool force_undirected) {
  std::optional<io::MappedFile> file;
  bool binary = false;
  agree(comm, [&] {
    binary = io::format_of(path) == io::Format::kBinaryCache;
    file.emplace(path, binary ? io::FileContents::binary : io::FileContents::text);
  });
  const bool read_weights = weights == FileWeights::required;
  FileShare<W> read =
      binary ? read_gsc_share<W>(comm, *file, read_weights) : read_text_share<W>(comm, *file, read_weights);
  file.reset();
  LocalEdges<W> out = std::move(read.share);
  out.directed = read.format_directed && !force_undirected;
  out.edges.n = out.n;
  out.edges.directed = out.directed;
  if (read_weights && !read.file_weighted) {
    out.edges.w.assign(out.edges.size(), W(1));
    out.unit_weights = true;
    if (comm.rank() == 0) std::fprintf(stderr, "%s has no weights: every edge weighs 1 (unit weights)\n", path.c_str());
  }
  return out;
}

template LocalEdges<std::uint32_t> read_share<std::uint32_t>(const mpi::communicator&, const std::string&, FileWeights,
                                                             bool);
template LocalEdges<float> read_share<float>(const mpi::communicator&, const std::string&, FileWeights, bool);

}  // namespace gs::dist
