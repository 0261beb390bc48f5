// Plain edge lists: .el "U V", .wel "U V W" (0-based, the GAP benchmark's
// formats) and SNAP .txt "U V"; "#" and "%" lines are comments. None declares
// n or m: n = largest id + 1 (or, with compact_ids, the number of distinct
// ids), and the edge count is bounded by the line count.
#include <algorithm>

#include "common/io/compact_ids.hpp"
#include "common/io/formats.hpp"
#include "common/io/text_layout.hpp"

namespace gs::io {

template <class W>
EdgeList<W> read_plain_edges(const std::string& path, const ReadOptions& options, Format format,
                             std::vector<std::uint64_t>* file_ids) {
  resolve_directed(true, options);  // rejects contradictory options before any work
  TextInput text(path);
  LineCursor& in = text.lines();
  const TextLayout layout = read_text_header(in, format);  // no declared size: n and m come from the edges
  EdgeList<W> el;
  const bool keep_weights = layout.shape.weighted && !options.skip_weights;
  const auto parse_line = [&](const LineCursor& at, std::string_view line, auto& sink) {
    parse_body_line<W>(layout, at, line, options, true, sink);
  };
  if (options.compact_ids) {
    WideEdges<W> wide;  // the file's ids, any value below 2^64
    parse_edge_lines(in, layout.body, keep_weights, wide, parse_line);
    el.w = std::move(wide.w);
    *file_ids = compact_ids(path, wide.u, wide.v, el);
  } else {
    parse_edge_lines(in, layout.body, keep_weights, el, parse_line);
    vid_t max_id = 0;
#pragma omp parallel for schedule(static) reduction(max : max_id)
    for (std::int64_t e = 0; e < std::int64_t(el.size()); ++e) max_id = std::max({max_id, el.u[e], el.v[e]});
    el.n = max_id + 1;  // parse_vertex keeps ids below 2^32 - 1
  }
  el.directed = resolve_directed(layout.directed, options);
  return el;
}

template <class W>
void write_plain_edges(OutputFile& out, const EdgeList<W>& el, PlainFlavor flavor) {
  const char separator = flavor.snap ? '\t' : ' ';
  if (flavor.snap) {
    out.append(el.directed ? "# Directed graph" : "# Undirected graph");
    out.append(" (written by graphsuite)\n# Nodes: ");
    out.append_number(el.n);
    out.append(" Edges: ");
    out.append_number(el.size());
    out.append("\n# FromNodeId\tToNodeId\n");
  }
  for (eid_t e = 0; e < el.size(); ++e) {
    out.append_number(el.u[e]);
    out.append(separator);
    out.append_number(el.v[e]);
    if (flavor.weighted) {
      out.append(separator);
      out.append_number(el.w[e]);
    }
    out.append('\n');
  }
}

#define GS_INSTANTIATE(W)                                                                  \
  template EdgeList<W> read_plain_edges<W>(const std::string&, const ReadOptions&, Format, \
                                           std::vector<std::uint64_t>*);                   \
  template void write_plain_edges<W>(OutputFile&, const EdgeList<W>&, PlainFlavor);
GS_IO_FOR_EACH_WEIGHT(GS_INSTANTIATE)
#undef GS_INSTANTIATE

}  // namespace gs::io
