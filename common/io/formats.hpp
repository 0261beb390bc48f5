// One reader and one writer per file format; graph_io.cpp picks them by the
// file name's extension. Each is explicitly instantiated in its own .cpp for
// every weight type of weight_types.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/graph.hpp"
#include "common/io/graph_io.hpp"
#include "common/io/output_file.hpp"

namespace gs::io {

enum class Format { kDimacsGr, kMatrixMarket, kEdgeList, kWeightedEdgeList, kSnap, kBinaryCache };

// The format named by the extension of `path`; InputError "PATH:0: ..." for an
// unknown or compressed one.
Format format_of(const std::string& path);
const char* extension_of(Format format);

template <class W>
EdgeList<W> read_dimacs_gr(const std::string& path, const ReadOptions& options);
template <class W>
void write_dimacs_gr(OutputFile& out, const EdgeList<W>& el);

template <class W>
EdgeList<W> read_matrix_market(const std::string& path, const ReadOptions& options);
template <class W>
void write_matrix_market(OutputFile& out, const EdgeList<W>& el);

// .el, .wel and SNAP .txt (`format` kEdgeList, kWeightedEdgeList or kSnap).
// With options.compact_ids the file ids are stored in *file_ids (compact_ids.hpp).
template <class W>
EdgeList<W> read_plain_edges(const std::string& path, const ReadOptions& options, Format format,
                             std::vector<std::uint64_t>* file_ids);
// The writer's flavor: .el (weighted = false), .wel (weighted = true) and SNAP .txt (snap = true, unweighted).
struct PlainFlavor {
  bool weighted = false;
  bool snap = false;
};
template <class W>
void write_plain_edges(OutputFile& out, const EdgeList<W>& el, PlainFlavor flavor);

template <class W>
EdgeList<W> read_binary_cache(const std::string& path, const ReadOptions& options);
template <class W>
void write_binary_cache(OutputFile& out, const EdgeList<W>& el);

}  // namespace gs::io
