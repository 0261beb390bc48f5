// What the text readers share: the parallel parse of the edge lines that
// follow a format's header, one edge line "U V [W]", directedness from the
// format and the options, and the memory check that runs before a declared or
// implied size is allocated.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/graph.hpp"
#include "common/io/field_parse.hpp"
#include "common/io/graph_io.hpp"
#include "common/io/text_input.hpp"
#include "common/memory.hpp"

namespace gs::io {

// How the edge fields of a format look.
struct EdgeLineShape {
  unsigned base = 0;               // ids start at 0 or 1
  std::optional<std::uint64_t> n;  // declared vertex count, if the format has one
  bool weighted = false;           // a weight field follows U V
  bool integer_field = false;      // the format declares integer weights (Matrix Market "integer")
};

// Edges with the file's ids as written (up to 2^64 - 1), before compact_ids renumbers them.
template <class W>
struct WideEdges {
  std::vector<std::uint64_t> u;
  std::vector<std::uint64_t> v;
  std::vector<W> w;
  std::uint64_t size() const { return u.size(); }
};

// The id type a sink stores: its id_type, or vid_t (an EdgeList).
template <class Sink, class = void>
struct SinkId {
  using type = vid_t;
};
template <class Sink>
struct SinkId<Sink, std::void_t<typename Sink::id_type>> {
  using type = typename Sink::id_type;
};

// Parses the remaining fields of the current line as "U V [W]" and appends
// exactly one edge to `sink` (an EdgeList, ArraySink or DiscardSink); any missing or
// extra field, bad id or bad weight is an error at the line. A sink with
// 64-bit ids takes any id the file writes; one with 32-bit ids only ids that
// leave n < 2^32. With options.skip_weights the weight field must be there
// but is not read.
template <class W, class Sink>
void append_edge_fields(const LineCursor& in, Fields& fields, const EdgeLineShape& shape, const ReadOptions& options,
                        Sink& sink) {
  using Id = typename SinkId<Sink>::type;
  const auto vertex = [&](std::string_view field) -> Id {
    if constexpr (std::is_same_v<Id, std::uint64_t>) return parse_file_id(in, field, shape.base, shape.n);
    else return parse_vertex(in, field, shape.base, shape.n);
  };
  std::string_view f;
  if (!fields.next(f)) in.fail("missing source vertex");
  const Id u = vertex(f);
  if (!fields.next(f)) in.fail("missing target vertex");
  const Id v = vertex(f);
  if (u == v && !options.allow_self_loops)
    in.fail("self loop " + std::to_string(u + shape.base) + " (not allowed here)");
  if (shape.weighted) {
    if (!fields.next(f)) in.fail("missing weight");
    if (options.skip_weights) {
      if (fields.next(f)) in.fail("unexpected extra field " + quoted(f));
      return sink.add(u, v);
    }
    if (shape.integer_field) require_integer_text(in, f);
    const W w = parse_weight<W>(in, f, options);
    if (fields.next(f)) in.fail("unexpected extra field " + quoted(f));
    sink.add(u, v, w);
  } else {
    if (fields.next(f)) in.fail("unexpected extra field " + quoted(f));
    sink.add(u, v);
  }
}

// The body of a text file: what a format says about the lines after its header.
struct EdgeLines {
  std::string_view comment_starts;          // a line starting with one of these is a comment
  std::optional<std::uint64_t> declared_m;  // the header's edge count, if any
  std::uint64_t declared_on_line = 0;       // where it was declared, for messages
  const char* noun = "edges";               // what the format calls them ("arcs", "entries")
};

// Smallest part of a text file worth a thread of its own: 4 MiB, or the
// environment variable GS_IO_CHUNK_BYTES (tests use tiny chunks to exercise
// the parallel paths on small files).
std::uint64_t text_chunk_bytes();
// Whole lines of one file, for one thread.
std::vector<LineCursor> split_into_chunks(const LineCursor& rest, std::size_t max_chunks);
// Lines in a chunk, and those of them that are neither blank nor comments;
// only those before an overlong line (kMaxLineBytes), which the parse refuses.
struct ChunkCounts {
  std::uint64_t lines = 0;
  std::uint64_t data_lines = 0;
};
ChunkCounts count_lines(LineCursor chunk, std::string_view comment_starts);
bool is_data_line(std::string_view line, std::string_view comment_starts);

// Writes edges into preallocated arrays (one chunk's part of the EdgeList or WideEdges).
template <class W, class Id = vid_t>
struct ArraySink {
  using id_type = Id;
  Id* u;
  Id* v;
  W* w;
  std::uint64_t count = 0;
  void add(Id a, Id b) {
    u[count] = a;
    v[count] = b;
    ++count;
  }
  void add(Id a, Id b, W x) {
    w[count] = x;
    add(a, b);
  }
};

// Parses an excess line only to check it.
template <class W, class Id = vid_t>
struct DiscardSink {
  using id_type = Id;
  void add(Id, Id) {}
  void add(Id, Id, W) {}
};

// Parses every line after `in`'s position into `el` (an EdgeList, whose n the
// caller sets, or WideEdges):
// blank and comment lines are skipped, every other line must be an edge that
// parse_line(cursor, line, sink) appends (exactly one, or it throws; the sink
// type varies, so parse_line is a generic lambda). Runs in
// parallel over chunks of whole lines, after a counting pass that sizes the
// arrays exactly; edges keep the file's order, and the error reported is the
// first one in file order, as a serial parse would find it. Also checks the
// edge count against spec.declared_m, or that there is at least one edge.
template <class Edges, class ParseLine>
void parse_edge_lines(const LineCursor& in, const EdgeLines& spec, bool weighted, Edges& el, ParseLine parse_line) {
  using W = typename decltype(el.w)::value_type;
  using Id = typename decltype(el.u)::value_type;
  const auto bytes = std::uint64_t(in.end() - in.position());
  const std::size_t max_chunks =
      std::size_t(std::min<std::uint64_t>(4 * omp_get_max_threads(), bytes / text_chunk_bytes() + 1));
  const std::vector<LineCursor> chunks = split_into_chunks(in, max_chunks);
  const std::size_t k = chunks.size();

  // Counting pass: line numbers and exact edge offsets for every chunk.
  std::vector<ChunkCounts> counts(k);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t c = 0; c < std::int64_t(k); ++c) counts[c] = count_lines(chunks[c], spec.comment_starts);
  std::vector<std::uint64_t> first_line(k + 1), first_edge(k + 1);
  first_line[0] = in.line();
  first_edge[0] = 0;
  for (std::size_t c = 0; c < k; ++c) {
    first_line[c + 1] = first_line[c] + counts[c].lines;
    first_edge[c + 1] = first_edge[c] + counts[c].data_lines;
  }
  const std::uint64_t last_line = first_line[k];
  const std::uint64_t data_lines = first_edge[k];
  // Never more than declared: the line after the last declared edge fails below.
  const std::uint64_t m = spec.declared_m ? std::min(data_lines, *spec.declared_m) : data_lines;
  require_host_memory(m * (2 * sizeof(Id) + (weighted ? sizeof(W) : 0)),
                      in.path() + ": " + std::to_string(m) + " " + spec.noun);
  el.u.resize(m);
  el.v.resize(m);
  el.w.resize(weighted ? m : 0);

  // Parsing pass; each chunk keeps its first error for the ordered report below.
  std::vector<std::exception_ptr> errors(k);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t c = 0; c < std::int64_t(k); ++c) {
    try {
      LineCursor cursor(chunks[c].path(), chunks[c].position(), chunks[c].end(), first_line[c]);
      const std::uint64_t budget = first_edge[c] >= m ? 0 : std::min(counts[c].data_lines, m - first_edge[c]);
      ArraySink<W, Id> sink{el.u.data() + first_edge[c], el.v.data() + first_edge[c],
                            weighted ? el.w.data() + first_edge[c] : nullptr};
      std::string_view line;
      while (cursor.next_line(line)) {
        if (!is_data_line(line, spec.comment_starts)) continue;
        if (sink.count == budget) {
          DiscardSink<W, Id> probe;  // a malformed excess line reports its own problem first
          parse_line(cursor, line, probe);
          cursor.fail("more " + std::string(spec.noun) + " than the " + std::to_string(*spec.declared_m) +
                      " declared on line " + std::to_string(spec.declared_on_line));
        }
        parse_line(cursor, line, sink);
      }
    } catch (...) {
      errors[c] = std::current_exception();
    }
  }
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  if (spec.declared_m && data_lines < *spec.declared_m)
    in.fail_at(last_line, "the file ends after " + std::to_string(data_lines) + " " + spec.noun + ", but line " +
                              std::to_string(spec.declared_on_line) + " declares " + std::to_string(*spec.declared_m));
  if (!spec.declared_m && data_lines == 0) in.fail_at(last_line, std::string("the file has no ") + spec.noun);
}

// The format's directedness unless the options force one.
bool resolve_directed(bool format_directed, const ReadOptions& options);

// ResourceError unless an edge list of m edges (with weights of weight_bytes
// each, 0 when unweighted) and the CSR offsets of n vertices fit in host memory.
// `where` names the place that declared the size ("FILE:LINE").
void require_graph_memory(const std::string& where, std::uint64_t n, std::uint64_t m, std::uint64_t weight_bytes);

// InputError at `line` when a declared vertex count does not fit 32-bit ids.
void require_vertex_count_fits(const LineCursor& in, std::uint64_t n);

// "FILE:LINE" of the current line, for messages that are not InputErrors.
std::string where(const LineCursor& in);

}  // namespace gs::io
