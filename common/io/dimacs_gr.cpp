// DIMACS shortest-path format (.gr), as written by GTgraph and the 9th DIMACS
// challenge: "c" comment lines, one "p sp N M" line, then M lines "a U V W"
// with 1-based ids.
#include "common/io/formats.hpp"
#include "common/io/text_layout.hpp"

namespace gs::io {

template <class W>
EdgeList<W> read_dimacs_gr(const std::string& path, const ReadOptions& options) {
  resolve_directed(true, options);  // rejects contradictory options before any work
  TextInput text(path);
  LineCursor& in = text.lines();
  const TextLayout layout = read_text_header(in, Format::kDimacsGr, options.skip_weights ? 0 : sizeof(W));
  EdgeList<W> el;
  el.n = vid_t(*layout.shape.n);
  parse_edge_lines(in, layout.body, !options.skip_weights, el,
                   [&](const LineCursor& at, std::string_view line, auto& sink) {
                     parse_body_line<W>(layout, at, line, options, true, sink);
                   });
  el.directed = resolve_directed(layout.directed, options);
  return el;
}

template <class W>
void write_dimacs_gr(OutputFile& out, const EdgeList<W>& el) {
  out.append("c written by graphsuite\n");
  if (!el.directed) {
    out.append(kDimacsUndirectedComment);
    out.append("\n");
  }
  out.append("p sp ");
  out.append_number(el.n);
  out.append(' ');
  out.append_number(el.size());
  out.append('\n');
  for (eid_t e = 0; e < el.size(); ++e) {
    out.append("a ");
    out.append_number(std::uint64_t(el.u[e]) + 1);
    out.append(' ');
    out.append_number(std::uint64_t(el.v[e]) + 1);
    out.append(' ');
    out.append_number(el.w[e]);
    out.append('\n');
  }
}

#define GS_INSTANTIATE(W)                                                         \
  template EdgeList<W> read_dimacs_gr<W>(const std::string&, const ReadOptions&); \
  template void write_dimacs_gr<W>(OutputFile&, const EdgeList<W>&);
GS_IO_FOR_EACH_WEIGHT(GS_INSTANTIATE)
#undef GS_INSTANTIATE

}  // namespace gs::io
