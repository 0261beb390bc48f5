// Reading the --input file, the same way in every experiment: the reader's own
// admission check (before the edge list is allocated), the graph's name for the
// rows, and one rule for files without weights: where a program needs weights,
// every edge weighs 1 and stderr and the metadata say so; never silently.
#pragma once

#include <filesystem>
#include <string>

#include "common/graph.hpp"
#include "common/harness/session.hpp"
#include "common/io/graph_io.hpp"

namespace gs::harness {

enum class Weights { required, ignored };

template <class W>
struct InputGraph {
  GraphId id;
  EdgeList<W> el;
};

template <class W>
InputGraph<W> read_input(Session& s, Weights weights, const io::ReadOptions& read = {}) {
  const std::string& path = s.opt().input;
  s.progress().note("reading " + path);
  InputGraph<W> g;
  g.el = io::read_edge_list<W>(path, read);
  if (weights == Weights::ignored) {
    g.el.w.clear();
  } else if (!g.el.weighted() && g.el.size() > 0) {
    g.el.w.assign(g.el.size(), W(1));
    s.progress().note(path + " has no weights: every edge weighs 1 (unit weights)");
    s.writer().set_meta("input_weights", "unit: the file has no weights");
  }
  g.id.name = std::filesystem::path(path).filename().string();
  g.id.generator = "file";
  g.id.n = g.el.n;
  g.id.m = g.el.size();
  return g;
}

}  // namespace gs::harness
