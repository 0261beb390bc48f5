// Matrix Market coordinate format (.mtx): a banner "%%MatrixMarket matrix
// coordinate FIELD SYMMETRY", "%" comment lines, a size line "ROWS COLS NNZ",
// then NNZ entries "I J [V]" with 1-based ids. Keywords are case-insensitive.
#include <algorithm>
#include <cctype>
#include <optional>
#include <type_traits>

#include "common/io/edge_lines.hpp"
#include "common/io/formats.hpp"

namespace gs::io {
namespace {

bool same_keyword(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

struct Banner {
  bool weighted = false;
  bool integer = false;  // "integer": every value must be an integer, whatever W is
  bool symmetric = false;
};

Banner parse_banner(const LineCursor& in, std::string_view line) {
  Fields fields(line);
  std::string_view f;
  const char* expected = "the first line must read '%%MatrixMarket matrix coordinate pattern|integer|real general|symmetric'";
  if (!fields.next(f) || !same_keyword(f, "%%MatrixMarket")) in.fail(std::string("missing banner: ") + expected);
  if (!fields.next(f) || !same_keyword(f, "matrix")) in.fail(std::string("bad banner: ") + expected);
  if (!fields.next(f)) in.fail(std::string("bad banner: ") + expected);
  if (same_keyword(f, "array")) in.fail("dense 'array' matrices are not graphs: only 'coordinate' is supported");
  if (!same_keyword(f, "coordinate")) in.fail("unknown storage " + quoted(f) + ": only 'coordinate' is supported");
  Banner b;
  if (!fields.next(f)) in.fail(std::string("the banner lacks the field type: ") + expected);
  if (same_keyword(f, "pattern")) b.weighted = false;
  else if (same_keyword(f, "integer")) b.weighted = b.integer = true;
  else if (same_keyword(f, "real")) b.weighted = true;
  else in.fail("unsupported field type " + quoted(f) + " (pattern, integer or real)");
  if (!fields.next(f)) in.fail(std::string("the banner lacks the symmetry: ") + expected);
  if (same_keyword(f, "general")) b.symmetric = false;
  else if (same_keyword(f, "symmetric")) b.symmetric = true;
  else in.fail("unsupported symmetry " + quoted(f) + " (general or symmetric)");
  if (fields.next(f)) in.fail("unexpected extra field " + quoted(f) + " in the banner");
  return b;
}

}  // namespace

template <class W>
EdgeList<W> read_matrix_market(const std::string& path, const ReadOptions& options) {
  resolve_directed(true, options);  // rejects contradictory options before any work
  TextInput text(path);
  LineCursor& in = text.lines();
  std::string_view line, f;
  while (in.next_line(line) && line.empty()) {
  }
  const Banner banner = parse_banner(in, line);

  // Comments, then the size line.
  std::optional<std::uint64_t> declared_n, declared_m;
  while (!declared_m && in.next_line(line)) {
    if (line.empty() || line.front() == '%') continue;
    Fields fields(line);
    fields.next(f);
    const std::uint64_t rows = parse_count(in, f, "row count");
    if (!fields.next(f)) in.fail("the size line must read 'ROWS COLS NNZ'");
    const std::uint64_t cols = parse_count(in, f, "column count");
    if (!fields.next(f)) in.fail("the size line must read 'ROWS COLS NNZ'");
    const std::uint64_t nnz = parse_count(in, f, "entry count");
    if (fields.next(f)) in.fail("unexpected extra field " + quoted(f) + " on the size line");
    if (rows != cols)
      in.fail("the matrix is " + std::to_string(rows) + " x " + std::to_string(cols) + ": a graph's must be square");
    require_graph_memory(where(in), rows, nnz, banner.weighted && !options.skip_weights ? sizeof(W) : 0);
    require_vertex_count_fits(in, rows);
    declared_n = rows;
    declared_m = nnz;
  }
  if (!declared_m) in.fail("no size line 'ROWS COLS NNZ' after the banner");

  EdgeList<W> el;
  el.n = vid_t(*declared_n);
  const EdgeLineShape shape{.base = 1, .n = declared_n, .weighted = banner.weighted, .integer_field = banner.integer};
  const EdgeLines spec{.comment_starts = "%", .declared_m = declared_m, .declared_on_line = in.line(), .noun = "entries"};
  parse_edge_lines(in, spec, banner.weighted && !options.skip_weights, el, [&](const LineCursor& at, std::string_view entry, auto& sink) {
    Fields fields(entry);
    append_edge_fields<W>(at, fields, shape, options, sink);
  });
  el.directed = resolve_directed(!banner.symmetric, options);
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

#define GS_INSTANTIATE(W)                                                                   \
  template EdgeList<W> read_matrix_market<W>(const std::string&, const ReadOptions&); \
  template void write_matrix_market<W>(OutputFile&, const EdgeList<W>&);
GS_IO_FOR_EACH_WEIGHT(GS_INSTANTIATE)
#undef GS_INSTANTIATE

}  // namespace gs::io
