// Dispatch on the file name's extension, checks shared by every writer, and
// the explicit instantiations of the public API.
#include "common/io/graph_io.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/io/compact_ids.hpp"
#include "common/io/formats.hpp"
#include "common/io/weight_types.hpp"
#include "common/memory.hpp"

namespace gs::io {
namespace {

std::string lowercase_extension(const std::string& path) {
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = path.substr(dot);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

// InputError unless `el` is consistent and the format can hold it exactly.
template <class W>
void check_writable(const std::string& path, const EdgeList<W>& el, Format format) {
  const auto refuse = [&](const std::string& why) { throw file_error(path, 0, "cannot write this graph: " + why); };
  if (el.v.size() != el.u.size() || (el.weighted() && el.w.size() != el.u.size()))
    refuse("the edge list's u, v and w arrays differ in length");
  // One parallel pass for the first bad edge (large graphs have billions).
  eid_t first_bad = el.size();
#pragma omp parallel for schedule(static) reduction(min : first_bad)
  for (std::int64_t e = 0; e < std::int64_t(el.size()); ++e) {
    bool bad = el.u[e] >= el.n || el.v[e] >= el.n;
    if constexpr (std::is_floating_point_v<W>) bad |= el.weighted() && !std::isfinite(el.w[e]);
    if (bad && eid_t(e) < first_bad) first_bad = eid_t(e);
  }
  if (first_bad < el.size()) {
    const eid_t e = first_bad;
    if (el.u[e] >= el.n || el.v[e] >= el.n)
      refuse("edge " + std::to_string(e) + " has a vertex id >= n = " + std::to_string(el.n));
    refuse("edge " + std::to_string(e) + " has a NaN or infinite weight");
  }
  const char* ext = extension_of(format);
  const bool has_weight_column = format == Format::kDimacsGr || format == Format::kWeightedEdgeList;
  const bool has_no_weight_column = format == Format::kEdgeList || format == Format::kSnap;
  if (has_weight_column && !el.weighted())
    refuse(std::string("it is unweighted and ") + ext + " needs a weight per edge");
  if (has_no_weight_column && el.weighted())
    refuse(std::string("it is weighted and ") + ext + " has no weight column (use .wel, .mtx, .gr or .gsc)");
  const bool n_from_ids = format == Format::kEdgeList || format == Format::kWeightedEdgeList || format == Format::kSnap;
  if (n_from_ids && el.size() == 0)
    refuse(std::string("it has no edges, and ") + ext + " derives n from the edges (use .mtx, .gr or .gsc)");
}

}  // namespace

Format format_of(const std::string& path) {
  const std::string ext = lowercase_extension(path);
  if (ext == ".gr") return Format::kDimacsGr;
  if (ext == ".mtx") return Format::kMatrixMarket;
  if (ext == ".el") return Format::kEdgeList;
  if (ext == ".wel") return Format::kWeightedEdgeList;
  if (ext == ".txt") return Format::kSnap;
  if (ext == ".gsc") return Format::kBinaryCache;
  if (ext == ".gz" || ext == ".bz2" || ext == ".xz" || ext == ".zst" || ext == ".zip")
    throw file_error(path, 0, "compressed files are not read directly: decompress it first");
  throw file_error(path, 0,
                   "unknown graph format " + (ext.empty() ? std::string("(no extension)") : "'" + ext + "'") +
                       ": expected .gr, .mtx, .el, .wel, .txt (SNAP) or .gsc");
}

const char* extension_of(Format format) {
  switch (format) {
    case Format::kDimacsGr:
      return ".gr";
    case Format::kMatrixMarket:
      return ".mtx";
    case Format::kEdgeList:
      return ".el";
    case Format::kWeightedEdgeList:
      return ".wel";
    case Format::kSnap:
      return ".txt";
    case Format::kBinaryCache:
      return ".gsc";
  }
  return "";
}

bool ids_are_names(const std::string& path) { return format_of(path) == Format::kSnap; }

template <class W>
EdgeList<W> read_edge_list(const std::string& path, const ReadOptions& options, std::vector<std::uint64_t>* file_ids) {
  if (options.compact_ids && !file_ids) throw std::invalid_argument("read_edge_list: compact_ids needs file_ids");
  if (file_ids) file_ids->clear();
  const Format format = format_of(path);
  switch (format) {
    case Format::kEdgeList:
    case Format::kWeightedEdgeList:
    case Format::kSnap:
      return read_plain_edges<W>(path, options, format, file_ids);
    default:
      break;
  }
  // Formats that declare n keep ids below it: read, then renumber in place.
  EdgeList<W> el = format == Format::kDimacsGr       ? read_dimacs_gr<W>(path, options)
                   : format == Format::kMatrixMarket ? read_matrix_market<W>(path, options)
                                                     : read_binary_cache<W>(path, options);
  if (options.compact_ids) *file_ids = compact_ids(path, el.u, el.v, el);
  return el;
}

template <class W>
void write_edge_list(const std::string& path, const EdgeList<W>& el) {
  const Format format = format_of(path);
  check_writable(path, el, format);
  OutputFile out(path);
  switch (format) {
    case Format::kDimacsGr:
      write_dimacs_gr(out, el);
      break;
    case Format::kMatrixMarket:
      write_matrix_market(out, el);
      break;
    case Format::kEdgeList:
      write_plain_edges(out, el, {.weighted = false, .snap = false});
      break;
    case Format::kWeightedEdgeList:
      write_plain_edges(out, el, {.weighted = true, .snap = false});
      break;
    case Format::kSnap:
      write_plain_edges(out, el, {.weighted = false, .snap = true});
      break;
    case Format::kBinaryCache:
      write_binary_cache(out, el);
      break;
  }
  out.commit();
}

template <class W>
Csr<W> read_csr(const std::string& path, const ReadOptions& options) {
  const EdgeList<W> el = read_edge_list<W>(path, options);
  const std::uint64_t arcs = el.directed ? el.size() : 2 * el.size();
  require_host_memory(
      (std::uint64_t(el.n) + 1) * sizeof(eid_t) + arcs * (sizeof(vid_t) + (el.weighted() ? sizeof(W) : 0)),
      path + ": the CSR form of the graph");
  return edge_list_to_csr(el);
}

#define GS_INSTANTIATE(W)                                                                                      \
  template EdgeList<W> read_edge_list<W>(const std::string&, const ReadOptions&, std::vector<std::uint64_t>*); \
  template void write_edge_list<W>(const std::string&, const EdgeList<W>&);                                    \
  template Csr<W> read_csr<W>(const std::string&, const ReadOptions&);
GS_IO_FOR_EACH_WEIGHT(GS_INSTANTIATE)
#undef GS_INSTANTIATE

}  // namespace gs::io
