#include "common/io/text_layout.hpp"

#include <algorithm>
#include <cctype>

#include "common/errors.hpp"

namespace gs::io {
namespace {

bool same_keyword(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

// .gr: "c" comments (our writer's "c graphsuite: undirected" among them), then "p sp N M".
void read_dimacs_header(LineCursor& in, TextLayout& layout, std::optional<std::uint64_t> admit_weight_bytes) {
  bool undirected_comment = false;
  std::string_view line, field;
  std::optional<std::uint64_t> declared_n, declared_m;
  while (!declared_m && in.next_line(line)) {
    if (line.empty()) continue;
    if (line.front() == 'c') {
      undirected_comment |= line == kDimacsUndirectedComment;
      continue;
    }
    Fields fields(line);
    fields.next(field);
    if (field == "a") in.fail("arc line before the problem line 'p sp N M'");
    if (field != "p") in.fail("unknown line type " + quoted(field) + " (.gr lines start with c, p or a)");
    if (!fields.next(field)) in.fail("the problem line must read 'p sp N M'");
    if (field != "sp") in.fail("problem type " + quoted(field) + " is not 'sp' (the line must read 'p sp N M')");
    if (!fields.next(field)) in.fail("the problem line lacks the vertex count N ('p sp N M')");
    declared_n = parse_count(in, field, "vertex count");
    if (!fields.next(field)) in.fail("the problem line lacks the arc count M ('p sp N M')");
    const std::uint64_t m = parse_count(in, field, "arc count");
    if (fields.next(field)) in.fail("unexpected extra field " + quoted(field) + " on the problem line");
    if (admit_weight_bytes) require_graph_memory(where(in), *declared_n, m, *admit_weight_bytes);
    require_vertex_count_fits(in, *declared_n);
    declared_m = m;
  }
  if (!declared_m) in.fail("no problem line 'p sp N M' in the file");
  layout.shape = {.base = 1, .n = declared_n, .weighted = true};
  layout.body = {.comment_starts = "c", .declared_m = declared_m, .declared_on_line = in.line(), .noun = "arcs"};
  layout.directed = !undirected_comment;
}

// .mtx: the banner, "%" comments, then "ROWS COLS NNZ".
void read_matrix_market_header(LineCursor& in, TextLayout& layout, std::optional<std::uint64_t> admit_weight_bytes) {
  std::string_view line, f;
  while (in.next_line(line) && line.empty()) {
  }
  Fields banner(line);
  const char* expected =
      "the first line must read '%%MatrixMarket matrix coordinate pattern|integer|real general|symmetric'";
  if (!banner.next(f) || !same_keyword(f, "%%MatrixMarket")) in.fail(std::string("missing banner: ") + expected);
  if (!banner.next(f) || !same_keyword(f, "matrix")) in.fail(std::string("bad banner: ") + expected);
  if (!banner.next(f)) in.fail(std::string("bad banner: ") + expected);
  if (same_keyword(f, "array")) in.fail("dense 'array' matrices are not graphs: only 'coordinate' is supported");
  if (!same_keyword(f, "coordinate")) in.fail("unknown storage " + quoted(f) + ": only 'coordinate' is supported");
  bool weighted = false, integer = false, symmetric = false;
  if (!banner.next(f)) in.fail(std::string("the banner lacks the field type: ") + expected);
  if (same_keyword(f, "pattern")) weighted = false;
  else if (same_keyword(f, "integer")) weighted = integer = true;  // every value must be an integer, whatever W is
  else if (same_keyword(f, "real")) weighted = true;
  else in.fail("unsupported field type " + quoted(f) + " (pattern, integer or real)");
  if (!banner.next(f)) in.fail(std::string("the banner lacks the symmetry: ") + expected);
  if (same_keyword(f, "general")) symmetric = false;
  else if (same_keyword(f, "symmetric")) symmetric = true;
  else in.fail("unsupported symmetry " + quoted(f) + " (general or symmetric)");
  if (banner.next(f)) in.fail("unexpected extra field " + quoted(f) + " in the banner");

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
    if (admit_weight_bytes) require_graph_memory(where(in), rows, nnz, weighted ? *admit_weight_bytes : 0);
    require_vertex_count_fits(in, rows);
    declared_n = rows;
    declared_m = nnz;
  }
  if (!declared_m) in.fail("no size line 'ROWS COLS NNZ' after the banner");
  layout.shape = {.base = 1, .n = declared_n, .weighted = weighted, .integer_field = integer};
  layout.body = {.comment_starts = "%", .declared_m = declared_m, .declared_on_line = in.line(), .noun = "entries"};
  layout.directed = !symmetric;
}

// SNAP's header line for undirected graphs, e.g. "# Undirected graph: ca-GrQc.txt".
bool says_undirected(std::string_view comment) {
  constexpr std::string_view kWords = "undirected graph";
  const auto it = std::search(comment.begin(), comment.end(), kWords.begin(), kWords.end(),
                              [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
  return it != comment.end();
}

// .el, .wel, .txt: the comments before the first edge (where SNAP says "Undirected graph").
void read_plain_header(LineCursor& in, TextLayout& layout) {
  const bool snap = layout.format == Format::kSnap;
  layout.shape = {.base = 0, .n = std::nullopt, .weighted = layout.format == Format::kWeightedEdgeList};
  layout.body = {.comment_starts = "#%"};
  bool undirected_header = false;
  for (std::string_view line;;) {
    const LineCursor before = in;
    if (!in.next_line(line)) break;
    if (is_data_line(line, layout.body.comment_starts)) {
      in = before;  // the first edge belongs to the body
      break;
    }
    undirected_header |= snap && says_undirected(line);
  }
  layout.directed = !undirected_header;
}

}  // namespace

TextLayout read_text_header(LineCursor& in, Format format, std::optional<std::uint64_t> admit_weight_bytes) {
  TextLayout layout;
  layout.format = format;
  switch (format) {
    case Format::kDimacsGr:
      read_dimacs_header(in, layout, admit_weight_bytes);
      break;
    case Format::kMatrixMarket:
      read_matrix_market_header(in, layout, admit_weight_bytes);
      break;
    case Format::kBinaryCache:
      in.fail_at(0, "a .gsc file is not a text graph file");
    default:
      read_plain_header(in, layout);
      break;
  }
  layout.header_lines = in.line();
  return layout;
}

TextLayout read_text_layout(const std::string& path, const char* data, std::uint64_t size) {
  LineCursor in = first_line(path, data, size);
  TextLayout layout = read_text_header(in, format_of(path));
  layout.body_offset = std::uint64_t(in.position() - data);
  return layout;
}

namespace detail {

void fail_dimacs_line_type(const TextLayout& layout, const LineCursor& at, std::string_view first) {
  if (first == "p")
    at.fail("a second problem line (the first is line " + std::to_string(layout.body.declared_on_line) + ")");
  at.fail("unknown line type " + quoted(first) + " (.gr lines start with c, p or a)");
}

}  // namespace detail
}  // namespace gs::io
