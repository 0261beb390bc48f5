// DIMACS shortest-path format (.gr), as written by GTgraph and the 9th DIMACS
// challenge: "c" comment lines, one "p sp N M" line, then M lines "a U V W"
// with 1-based ids.
#include <algorithm>
#include <optional>

#include "common/io/edge_lines.hpp"
#include "common/io/formats.hpp"

namespace gs::io {
namespace {

// Our writer marks undirected lists with this comment (one arc line per edge);
// it counts only before the problem line.
constexpr std::string_view kUndirectedComment = "c graphsuite: undirected";

}  // namespace

template <class W>
EdgeList<W> read_dimacs_gr(const std::string& path, const ReadOptions& options) {
  resolve_directed(true, options);  // rejects contradictory options before any work
  TextInput text(path);
  LineCursor& in = text.lines();
  EdgeList<W> el;
  bool undirected_comment = false;
  std::string_view line, field;
  // Header: comments, then the problem line.
  std::optional<std::uint64_t> declared_n, declared_m;
  while (!declared_m && in.next_line(line)) {
    if (line.empty()) continue;
    if (line.front() == 'c') {
      undirected_comment |= line == kUndirectedComment;
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
    require_graph_memory(where(in), *declared_n, m, options.skip_weights ? 0 : sizeof(W));
    require_vertex_count_fits(in, *declared_n);
    declared_m = m;
  }
  if (!declared_m) in.fail("no problem line 'p sp N M' in the file");
  el.n = vid_t(*declared_n);

  const std::uint64_t problem_line = in.line();
  const EdgeLineShape shape{.base = 1, .n = declared_n, .weighted = true};
  const EdgeLines spec{.comment_starts = "c", .declared_m = declared_m, .declared_on_line = problem_line, .noun = "arcs"};
  parse_edge_lines(in, spec, !options.skip_weights, el, [&](const LineCursor& at, std::string_view text_line, auto& sink) {
    Fields fields(text_line);
    std::string_view first;
    fields.next(first);
    if (first == "a") return append_edge_fields<W>(at, fields, shape, options, sink);
    if (first == "p") at.fail("a second problem line (the first is line " + std::to_string(problem_line) + ")");
    at.fail("unknown line type " + quoted(first) + " (.gr lines start with c, p or a)");
  });
  el.directed = resolve_directed(!undirected_comment, options);
  return el;
}

template <class W>
void write_dimacs_gr(OutputFile& out, const EdgeList<W>& el) {
  out.append("c written by graphsuite\n");
  if (!el.directed) {
    out.append(kUndirectedComment);
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

#define GS_INSTANTIATE(W)                                                                   \
  template EdgeList<W> read_dimacs_gr<W>(const std::string&, const ReadOptions&); \
  template void write_dimacs_gr<W>(OutputFile&, const EdgeList<W>&);
GS_IO_FOR_EACH_WEIGHT(GS_INSTANTIATE)
#undef GS_INSTANTIATE

}  // namespace gs::io
