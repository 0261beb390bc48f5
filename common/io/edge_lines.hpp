// What the text readers share: one edge line "U V [W]" into an EdgeList,
// directedness from the format and the options, and the memory check that
// runs before a declared or implied size is allocated.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "common/graph.hpp"
#include "common/io/field_parse.hpp"
#include "common/io/graph_io.hpp"
#include "common/io/text_input.hpp"

namespace gs::io {

// How the edge fields of a format look.
struct EdgeLineShape {
  unsigned base = 0;                      // ids start at 0 or 1
  std::optional<std::uint64_t> n;         // declared vertex count, if the format has one
  bool weighted = false;                  // a weight field follows U V
};

// Parses the remaining fields of the current line as "U V [W]" and appends the
// edge; any missing or extra field, bad id or bad weight is an error at the line.
// Returns max(u, v), for formats that derive n from the largest id.
template <class W>
vid_t append_edge_fields(const TextInput& in, Fields& fields, const EdgeLineShape& shape,
                         const ReadOptions& options, EdgeList<W>& el) {
  std::string_view f;
  if (!fields.next(f)) in.fail("missing source vertex");
  const vid_t u = parse_vertex(in, f, shape.base, shape.n);
  if (!fields.next(f)) in.fail("missing target vertex");
  const vid_t v = parse_vertex(in, f, shape.base, shape.n);
  if (u == v && !options.allow_self_loops) in.fail("self loop " + std::to_string(u + shape.base) + " (not allowed here)");
  if (shape.weighted) {
    if (!fields.next(f)) in.fail("missing weight");
    const W w = parse_weight<W>(in, f, options);
    el.add(u, v, w);
  } else {
    el.add(u, v);
  }
  if (fields.next(f)) in.fail("unexpected extra field " + quoted(f));
  return u > v ? u : v;
}

// The format's directedness unless the options force one.
bool resolve_directed(bool format_directed, const ReadOptions& options);

// ResourceError unless an edge list of m edges (with weights of weight_bytes
// each, 0 when unweighted) and the CSR offsets of n vertices fit in host memory.
// `where` names the place that declared the size ("FILE:LINE").
void require_graph_memory(const std::string& where, std::uint64_t n, std::uint64_t m, std::uint64_t weight_bytes);

// InputError at `line` when a declared vertex count does not fit 32-bit ids.
void require_vertex_count_fits(const TextInput& in, std::uint64_t n);

// "FILE:LINE" of the current line, for messages that are not InputErrors.
std::string where(const TextInput& in);

}  // namespace gs::io
