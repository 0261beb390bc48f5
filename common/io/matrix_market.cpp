// Matrix Market coordinate format (.mtx): a banner "%%MatrixMarket matrix
// coordinate FIELD SYMMETRY", "%" comment lines, a size line "ROWS COLS NNZ",
// then NNZ entries "I J [V]" with 1-based ids. Keywords are case-insensitive.
#include <type_traits>

#include "common/io/formats.hpp"
#include "common/io/text_layout.hpp"

namespace gs::io {

template <class W>
EdgeList<W> read_matrix_market(const std::string& path, const ReadOptions& options) {
  resolve_directed(true, options);  // rejects contradictory options before any work
  TextInput text(path);
  LineCursor& in = text.lines();
  const TextLayout layout = read_text_header(in, Format::kMatrixMarket, options.skip_weights ? 0 : sizeof(W));
  EdgeList<W> el;
  el.n = vid_t(*layout.shape.n);
  const bool keep_weights = layout.shape.weighted && !options.skip_weights;
  parse_edge_lines(in, layout.body, keep_weights, el, [&](const LineCursor& at, std::string_view line, auto& sink) {
    parse_body_line<W>(layout, at, line, options, true, sink);
  });
  el.directed = resolve_directed(layout.directed, options);
  return el;
}

template <class W>
void write_matrix_market(OutputFile& out, const EdgeList<W>& el) {
  out.append("%%MatrixMarket matrix coordinate ");
  out.append(!el.weighted() ? "pattern" : std::is_integral_v<W> ? "integer" : "real");
  out.append(el.directed ? " general\n" : " symmetric\n");
  out.append("% written by graphsuite\n");
  out.append_number(el.n);
  out.append(' ');
  out.append_number(el.n);
  out.append(' ');
  out.append_number(el.size());
  out.append('\n');
  for (eid_t e = 0; e < el.size(); ++e) {
    // Symmetric matrices store the lower triangle (row >= column).
    const bool swap = !el.directed && el.u[e] < el.v[e];
    out.append_number(std::uint64_t(swap ? el.v[e] : el.u[e]) + 1);
    out.append(' ');
    out.append_number(std::uint64_t(swap ? el.u[e] : el.v[e]) + 1);
    if (el.weighted()) {
      out.append(' ');
      out.append_number(el.w[e]);
    }
    out.append('\n');
  }
}

#define GS_INSTANTIATE(W)                                                             \
  template EdgeList<W> read_matrix_market<W>(const std::string&, const ReadOptions&); \
  template void write_matrix_market<W>(OutputFile&, const EdgeList<W>&);
GS_IO_FOR_EACH_WEIGHT(GS_INSTANTIATE)
#undef GS_INSTANTIATE

}  // namespace gs::io
