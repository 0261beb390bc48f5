// The layout of a text graph file (.gr, .mtx, .el, .wel, SNAP .txt) for
// readers of one part of its body: the header, read from the start of the
// file, says where the edge lines begin and how each is parsed, so that a
// reader of any range of whole body lines (an MPI rank's byte range) accepts,
// rejects and numbers lines exactly as the whole-file reader does. Header
// rules and messages are graph_io.hpp's (1-based "p sp N M" and "c
// graphsuite: undirected" before it; the Matrix Market banner and size line;
// SNAP's "Undirected graph" comment before the first edge).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/io/edge_lines.hpp"
#include "common/io/formats.hpp"

namespace gs::io {

struct TextLayout {
  Format format = Format::kEdgeList;
  std::uint64_t body_offset = 0;   // bytes from the file's start to the first body line
  std::uint64_t header_lines = 0;  // lines before it (the body's first line is header_lines + 1)
  EdgeLineShape shape;             // ids' base, declared n, whether a weight follows U V
  EdgeLines body;                  // comment starts, declared edge count and its line, the format's noun
  bool directed = true;            // what the format says, before ReadOptions force one
};

// Reads the header of the text file mapped at [data, data + size) (a UTF-8
// byte-order mark is skipped). InputError "PATH:LINE: ..." for an empty file
// or a bad header; a declared vertex count beyond 32-bit ids is an InputError
// (the caller admits sizes, as its share of the graph is all it allocates).
TextLayout read_text_layout(const std::string& path, const char* data, std::uint64_t size);

// Parses one body line that is not blank or a comment (is_data_line with
// layout.body.comment_starts) and appends its edge to `sink` (add(u, v) or
// add(u, v, w) with a W weight), or throws at the line. With `read_weight`
// false the weight field must be there and be a number, but is not converted
// to W (a program that ignores weights accepts any).
template <class W, class Sink>
void parse_body_line(const TextLayout& layout, const LineCursor& at, std::string_view line,
                     const ReadOptions& options, bool read_weight, Sink& sink);

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
void parse_body_line(const TextLayout& layout, const LineCursor& at, std::string_view line,
                     const ReadOptions& options, bool read_weight, Sink& sink) {
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
