// The layout of a text graph file (.gr, .mtx, .el, .wel, SNAP .txt): the
// header, read from the start of the file, says where the edge lines begin and
// how each is parsed. The whole-file readers (dimacs_gr.cpp, matrix_market.cpp,
// plain_edges.cpp) and the readers of one range of whole body lines (an MPI
// rank's byte range) both read the header and parse body lines here, so that
// they accept, reject and number lines alike. Header rules: 1-based "p sp N M"
// and "c graphsuite: undirected" before it; the Matrix Market banner and size
// line; SNAP's "Undirected graph" comment before the first edge.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/io/edge_lines.hpp"
#include "common/io/formats.hpp"

namespace gs::io {

// The comment by which a .gr file says it lists each undirected edge once (as
// one arc); it counts only before the problem line.
inline constexpr std::string_view kDimacsUndirectedComment = "c graphsuite: undirected";

struct TextLayout {
  Format format = Format::kEdgeList;
  std::uint64_t body_offset = 0;   // bytes from the file's start to the first body line
  std::uint64_t header_lines = 0;  // lines before it (the body's first line is header_lines + 1)
  EdgeLineShape shape;             // ids' base, declared n, whether a weight follows U V
  EdgeLines body;                  // comment starts, declared edge count and its line, the format's noun
  bool directed = true;            // what the format says, before ReadOptions force one
};

// Reads the header of a `format` file (not kBinaryCache) from `in`, which
// stands at the file's first line (first_line), and leaves `in` at the first
// body line. InputError "PATH:LINE: ..." for a bad header; a declared vertex
// count beyond 32-bit ids is an InputError. With `admit_weight_bytes`, a
// reader that allocates the whole graph has the declared n and m checked
// against host memory (require_graph_memory, weights of that many bytes when
// the file has them) at the line that declares them, before the id check.
TextLayout read_text_header(LineCursor& in, Format format,
                            std::optional<std::uint64_t> admit_weight_bytes = std::nullopt);

// read_text_header for the text file mapped at [data, data + size), with the
// body's offset and first line number; InputError for an empty file too. A
// declared size is not checked against memory (the caller's share of the
// graph is all it allocates).
TextLayout read_text_layout(const std::string& path, const char* data, std::uint64_t size);

// Parses one body line that is not blank or a comment (is_data_line with
// layout.body.comment_starts) and appends its edge to `sink` (add(u, v) or
// add(u, v, w) with a W weight), or throws at the line. With `read_weight`
// false the weight field must be there and be a number, but is not converted
// to W (a program that ignores weights accepts any).
template <class W, class Sink>
void parse_body_line(const TextLayout& layout, const LineCursor& at, std::string_view line, const ReadOptions& options,
                     bool read_weight, Sink& sink);

// -- implementation --

namespace detail {
// The problem with a .gr body line whose first field is not "a" (never returns).
[[noreturn]] void fail_dimacs_line_type(const TextLayout& layout, const LineCursor& at, std::string_view first);

// Sink adapter that checks and drops a weight.
template <class Sink>
struct WithoutWeights {
  Sink& sink;
  void add(vid_t a, vid_t b) { sink.add(a, b); }
  void add(vid_t a, vid_t b, double) { sink.add(a, b); }
};
}  // namespace detail

template <class W, class Sink>
void parse_body_line(const TextLayout& layout, const LineCursor& at, std::string_view line, const ReadOptions& options,
                     bool read_weight, Sink& sink) {
  Fields fields(line);
  if (layout.format == Format::kDimacsGr) {
    std::string_view first;
    fields.next(first);
    if (first != "a") detail::fail_dimacs_line_type(layout, at, first);
  }
  if (read_weight || !layout.shape.weighted) {
    append_edge_fields<W>(at, fields, layout.shape, options, sink);
    return;
  }
  ReadOptions any_number = options;
  any_number.allow_negative_weights = true;
  detail::WithoutWeights<Sink> ids{sink};
  append_edge_fields<double>(at, fields, layout.shape, any_number, ids);
}

}  // namespace gs::io
