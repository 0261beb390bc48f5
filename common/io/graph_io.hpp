// Graph file readers and writers. The format comes from the file name's
// extension (case-insensitive):
//
//   .gr   DIMACS shortest-path ("c" comments, "p sp N M", "a U V W", 1-based ids),
//         as GTgraph writes it. Arcs, so the result is directed. GTgraph's random
//         graphs and DIMACS road graphs describe undirected graphs this way: pass
//         force_undirected to read each arc line as one undirected edge (nothing is
//         merged: a file listing both arcs of an edge gives two parallel edges).
//         Always weighted. Our writer writes one arc line per edge and, for an
//         undirected list, the comment "c graphsuite: undirected" before the
//         problem line, which this reader honours there, so that .gr round-trips
//         exactly.
//   .mtx  Matrix Market coordinate ("%%MatrixMarket matrix coordinate
//         pattern|integer|real general|symmetric", "%" comments, "ROWS COLS NNZ",
//         then "I J [V]", 1-based; the matrix must be square). general = directed,
//         symmetric = undirected (one edge per stored entry, from either triangle).
//         pattern = unweighted: the edge list's w stays empty; callers that need
//         weights decide what to use. An "integer" field must hold integers
//         ("2.5" is an error at its line) whatever W is. The writer writes symmetric entries in the
//         lower triangle (I >= J), integer W as "integer", floating W as "real".
//   .el   "U V" per line, 0-based; directed (the GAP benchmark convention);
//   .wel  "U V W" per line, 0-based; directed.
//         n = largest id + 1; "#" and "%" lines are comments. Our writer writes
//         bare lines (GAP can read them), so an undirected list reads back with
//         force_undirected, and isolated vertices above the largest id are lost.
//   .txt  SNAP: "#" and "%" comments, "U V" per line, ids as given, n = largest
//         id + 1; directed unless a comment before the first edge says
//         "Undirected graph" (SNAP's own header); the writer writes that header.
//         SNAP ids are names rather than indices (sparse, up to 2^64 - 1):
//         ids_are_names() says so, and the harness compacts them by default.
//   .gsc  the suite's binary cache (binary_cache.cpp has the layout): exact round
//         trip of n, directed, u, v, w; read and written in large blocks.
//
// Text files are mapped into memory (files that cannot be mapped or whose size
// the system reports as 0, such as pipes and /proc files, are read into a
// buffer instead, checked as they arrive and under memory admission:
// mapped_file.hpp) and parsed with std::from_chars, in
// parallel (OpenMP) over chunks of whole lines after a serial header; the
// result does not depend on the thread count, and the error reported is the
// first one in the file, at its true line.
//
// Every problem in a file is an InputError (exit 2) "FILE:LINE: what is wrong"
// (LINE 0 = the whole file, as for binary files and unreadable files). A graph
// whose declared or implied size cannot fit in host memory is a ResourceError
// (exit 3) raised before anything that size is allocated; that check comes
// first, so "p sp 1000000000000000 5" is a ResourceError, while a vertex count
// that fits in memory but not in 32-bit ids is an InputError. Text files may have
// CRLF line ends, a UTF-8 byte-order mark, blank lines and trailing whitespace;
// no line may be longer than kMaxLineBytes (text_input.hpp).
// Duplicate edges are kept. Ids are 32-bit: n must be < 2^32, unless
// compact_ids renumbers them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/graph.hpp"
#include "common/io/weight_types.hpp"

namespace gs::io {

struct ReadOptions {
  // Negative weights are rejected unless this is set (and W is signed or floating).
  bool allow_negative_weights = false;
  // When false, an edge u-u is an error (reported at its line).
  bool allow_self_loops = true;
  // Override the directedness that the format implies (setting both is an error).
  bool force_directed = false;
  bool force_undirected = false;
  // Weight fields are checked to be there but not parsed (text), or not kept
  // (.gsc, of any stored weight type): the result is unweighted.
  bool skip_weights = false;
  // Renumber the vertices 0..k-1 in ascending order of the ids that occur in
  // the edges (compact_ids.hpp); in .el, .wel and .txt files those may then be
  // any value below 2^64. Needs read_edge_list's file_ids. Vertices that occur
  // in no edge (a header's n above the largest id) are dropped.
  bool compact_ids = false;
};

// Weight types with compiled readers and writers (explicit instantiations in
// common/io/*.cpp): std::uint16_t, std::uint32_t, std::uint64_t, std::int32_t,
// float, double. An integer W accepts "3" and "3.0" but not "1.5"; a value that
// does not fit W, NaN and infinities are errors.
//
// With options.compact_ids, *file_ids receives the ascending table of the ids
// the reader saw (0-based: a 1-based format's ids minus 1), file_ids[v] for the
// compact id v; otherwise it is cleared. std::invalid_argument when compact_ids
// is set and file_ids is null.
template <class W>
EdgeList<W> read_edge_list(const std::string& path, const ReadOptions& options = {},
                           std::vector<std::uint64_t>* file_ids = nullptr);

// True for formats whose vertex ids are names rather than indices (SNAP .txt).
bool ids_are_names(const std::string& path);

// The weight type a .gsc file stores (kNone: unweighted); nullopt for text
// formats (their weights are decimals) and for files the reader would refuse.
std::optional<WeightCode> stored_weight_code(const std::string& path);

// Writes `path + ".partial"` and renames it to `path` when complete, so that an
// interrupted write never leaves a file that looks finished. Formats without a
// weight column (.el, .txt) refuse weighted lists and formats that need weights
// (.wel, .gr) refuse unweighted ones (InputError), rather than silently losing or
// inventing data. A full disk is a ResourceError.
template <class W>
void write_edge_list(const std::string& path, const EdgeList<W>& el);

// read_edge_list + edge_list_to_csr (neighbour lists sorted).
template <class W>
Csr<W> read_csr(const std::string& path, const ReadOptions& options = {});

}  // namespace gs::io
