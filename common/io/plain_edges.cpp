// Plain edge lists: .el "U V", .wel "U V W" (0-based, the GAP benchmark's
// formats) and SNAP .txt "U V" with "#" comments. None declares n or m:
// n = largest id + 1, and the edge count is bounded by the line count.
#include <algorithm>
#include <cctype>

#include "common/io/edge_lines.hpp"
#include "common/io/formats.hpp"
#include "common/memory.hpp"

namespace gs::io {
namespace {

// SNAP's header line for undirected graphs, e.g. "# Undirected graph: ca-GrQc.txt".
bool says_undirected(std::string_view comment) {
  constexpr std::string_view kWords = "undirected graph";
  const auto it = std::search(comment.begin(), comment.end(), kWords.begin(), kWords.end(),
                              [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
  return it != comment.end();
}

}  // namespace

template <class W>
EdgeList<W> read_plain_edges(const std::string& path, const ReadOptions& options, PlainFlavor flavor) {
  resolve_directed(true, options);  // rejects contradictory options before any work
  TextInput in(path);
  const std::uint64_t max_edges = in.remaining_lines();
  require_host_memory(max_edges * (2 * sizeof(vid_t) + (flavor.weighted ? sizeof(W) : 0)),
                      path + ": up to " + std::to_string(max_edges) + " edges (one per line)");
  EdgeList<W> el;
  el.reserve(max_edges);
  if (flavor.weighted) el.w.reserve(max_edges);
  const EdgeLineShape shape{.base = 0, .n = std::nullopt, .weighted = flavor.weighted};
  bool undirected_header = false;
  std::uint64_t max_id = 0;
  std::string_view line;
  while (in.next_line(line)) {
    if (line.empty()) continue;
    if (line.front() == '#' || line.front() == '%') {
      if (flavor.snap && el.size() == 0) undirected_header |= says_undirected(line);
      continue;
    }
    Fields fields(line);
    max_id = std::max<std::uint64_t>(max_id, append_edge_fields(in, fields, shape, options, el));
  }
  if (el.size() == 0) in.fail("the file has no edges");
  el.n = vid_t(max_id + 1);  // parse_vertex keeps ids below 2^32 - 1
  el.directed = resolve_directed(!undirected_header, options);
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

#define GS_INSTANTIATE(W)                                                                                 \
  template EdgeList<W> read_plain_edges<W>(const std::string&, const ReadOptions&, PlainFlavor); \
  template void write_plain_edges<W>(OutputFile&, const EdgeList<W>&, PlainFlavor);
GS_IO_FOR_EACH_WEIGHT(GS_INSTANTIATE)
#undef GS_INSTANTIATE

}  // namespace gs::io
