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
//         weights decide what to use. The writer writes symmetric entries in the
//         lower triangle (I >= J), integer W as "integer", floating W as "real".
//   .el   "U V" per line, 0-based; directed (the GAP benchmark convention);
//   .wel  "U V W" per line, 0-based; directed.
//         n = largest id + 1; "#" and "%" lines are comments. Our writer writes
//         bare lines (GAP can read them), so an undirected list reads back with
//         force_undirected, and isolated vertices above the largest id are lost.
//   .txt  SNAP: "#" comments, "U V" per line, ids as given, n = largest id + 1;
//         directed unless a comment before the first edge says "Undirected graph"
//         (SNAP's own header); the writer writes that header.
//   .gsc  the suite's binary cache (binary_cache.cpp has the layout): exact round
//         trip of n, directed, u, v, w; read and written in large blocks.
//
// Text files are mapped into memory and parsed with std::from_chars, in
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
// CRLF line ends, a UTF-8 byte-order mark, blank lines and trailing whitespace.
// Duplicate edges are kept. Ids are 32-bit: n must be < 2^32.
#pragma once

#include <cstdint>
#include <string>

#include "common/graph.hpp"

namespace gs::io {

struct ReadOptions {
  // Negative weights are rejected unless this is set (and W is signed or floating).
  bool allow_negative_weights = false;
  // When false, an edge u-u is an error (reported at its line).
  bool allow_self_loops = true;
  // Override the directedness that the format implies (setting both is an error).
  bool force_directed = false;
  bool force_undirected = false;
};

// Weight types with compiled readers and writers (explicit instantiations in
// common/io/*.cpp): std::uint16_t, std::uint32_t, std::uint64_t, std::int32_t,
// float, double. An integer W accepts "3" and "3.0" but not "1.5"; a value that
// does not fit W, NaN and infinities are errors.
template <class W>
EdgeList<W> read_edge_list(const std::string& path, const ReadOptions& options = {});

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
