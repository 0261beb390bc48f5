// DIMACS shortest-path format (.gr), as written by GTgraph and the 9th DIMACS
// challenge: "c" comment lines, one "p sp N M" line, then M lines "a U V W"
// with 1-based ids.
#include <algorithm>
#include <optional>

#include "common/io/edge_lines.hpp"
#include "common/io/formats.hpp"

namespace gs::io {
namespace {

// Our writer marks undirected lists with this comment (one arc line per edge).
constexpr std::string_view kUndirectedComment = "c graphsuite: undirected";

}  // namespace

template <class W>
EdgeList<W> read_dimacs_gr(const std::string& path, const ReadOptions& options) {
  resolve_directed(true, options);  // rejects contradictory options before any work
  TextInput in(path);
  EdgeList<W> el;
  std::optional<std::uint64_t> declared_m;
  std::uint64_t problem_line = 0;
  bool undirected_comment = false;
  EdgeLineShape shape{.base = 1, .n = std::nullopt, .weighted = true};
  std::string_view line, field;
  while (in.next_line(line)) {
    if (line.empty()) continue;
    if (line.front() == 'c') {
      undirected_comment |= line == kUndirectedComment;
      continue;
    }
    Fields fields(line);
    fields.next(field);
    if (field == "a") {
      if (!declared_m) in.fail("arc line before the problem line 'p sp N M'");
      if (el.size() == *declared_m)
        in.fail("more arcs than the " + std::to_string(*declared_m) + " declared on line " + std::to_string(problem_line));
      append_edge_fields(in, fields, shape, options, el);
    } else if (field == "p") {
      if (declared_m) in.fail("a second problem line (the first is line " + std::to_string(problem_line) + ")");
      if (!fields.next(field)) in.fail("the problem line must read 'p sp N M'");
      if (field != "sp") in.fail("problem type " + quoted(field) + " is not 'sp' (the line must read 'p sp N M')");
      if (!fields.next(field)) in.fail("the problem line lacks the vertex count N ('p sp N M')");
      const std::uint64_t n = parse_count(in, field, "vertex count");
      if (!fields.next(field)) in.fail("the problem line lacks the arc count M ('p sp N M')");
      const std::uint64_t m = parse_count(in, field, "arc count");
      if (fields.next(field)) in.fail("unexpected extra field " + quoted(field) + " on the problem line");
      require_graph_memory(where(in), n, m, sizeof(W));
      require_vertex_count_fits(in, n);
      declared_m = m;
      problem_line = in.line();
      shape.n = n;
      el.n = vid_t(n);
      // Never reserve more than the file can hold: M may be a lie.
      const std::uint64_t reserve = std::min(m, in.remaining_lines());
      el.reserve(reserve);
      el.w.reserve(reserve);
    } else {
      in.fail("unknown line type " + quoted(field) + " (.gr lines start with c, p or a)");
    }
  }
  if (!declared_m) in.fail("no problem line 'p sp N M' in the file");
  if (el.size() < *declared_m)
    in.fail("the file ends after " + std::to_string(el.size()) + " arcs, but line " + std::to_string(problem_line) +
            " declares " + std::to_string(*declared_m));
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
