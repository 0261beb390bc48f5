// Reading the --input file, the same way in every experiment: the reader's own
// admission check (before the edge list is allocated), the graph's name for the
// rows, and one rule each for
//   - vertex ids (--relabel auto|yes|no): SNAP .txt ids are names and are
//     compacted by default (auto), the index formats keep theirs; compacted ids
//     follow the ascending file ids, and `ids` maps them back (vertex_ids.hpp);
//   - weights (input_weights.hpp): ignored by traversals, converted where exact,
//     ranked for spanning forests, refused where converting changes the answer;
//     a file without weights gives weight 1 to every edge where a program needs
//     weights;
//   - empty graphs: no vertices is bad input; vertices without edges are a graph.
// Each rule is stated on stderr and in the metadata (input_ids, input_weights).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "common/errors.hpp"
#include "common/graph.hpp"
#include "common/harness/input_weights.hpp"
#include "common/harness/graph_source.hpp"
#include "common/harness/session.hpp"
#include "common/harness/vertex_ids.hpp"
#include "common/io/graph_io.hpp"
#include "common/io/weight_types.hpp"

namespace gs::harness {

template <class W>
struct InputGraph {
  GraphId id;
  EdgeList<W> el;
  VertexIds ids;  // compact id -> the file's id (the identity unless compacted)
  // Weights::order with ranked weights: the file's value of each rank (else null).
  std::shared_ptr<const std::vector<double>> value_of_rank;
};

// Whether --relabel asks to compact the ids of `path`.
inline bool compacts_ids(const std::string& relabel, const std::string& path) {
  return relabel == "yes" || (relabel == "auto" && io::ids_are_names(path));
}

template <class W>
InputGraph<W> read_input(Session& s, const GraphSource& source, Weights weights, const io::ReadOptions& read = {}) {
  const std::string& path = source.path();
  s.progress().note("reading " + path);
  io::ReadOptions o = read;
  o.compact_ids = compacts_ids(source.relabel(), path);
  o.skip_weights = weights == Weights::ignored;
  o.allow_negative_weights |= weights == Weights::order;  // a forest over negative weights is well defined
  InputGraph<W> g;
  std::vector<std::uint64_t> file_ids;
  std::string rule;
  if (weights == Weights::ignored) {
    g.el = io::read_edge_list<W>(path, o, &file_ids);
    rule = "ignored: the program does not use weights; weight fields are not read";
  } else {
    // Text weights are decimals: read as W, except that spanning forests read
    // them as float64 into an integer W, to rank them where they are not integers.
    const std::optional<io::WeightCode> stored = io::stored_weight_code(path);
    const io::WeightCode text =
        std::is_integral_v<W> && weights == Weights::order ? io::WeightCode::kF64 : io::weight_code<W>();
    const std::string from =
        stored ? std::string("the file's ") + io::weight_code_name(*stored) + " weights" : "the file's weights";
    io::with_weight_type<W>(stored.value_or(text), [&]<class S>(S) {
      ConvertedWeights<W> c = convert_weights<W>(io::read_edge_list<S>(path, o, &file_ids), weights, path, from);
      g.el = std::move(c.el);
      g.value_of_rank = std::move(c.value_of_rank);
      rule = c.rule;
    });
    if (!stored && rule.starts_with("file:"))
      rule += std::string(", read as ") + io::weight_type_name<W>() +
              (std::is_integral_v<W> ? " (a fractional value is refused)" : " (decimals rounded to the nearest value)");
    if (!g.el.weighted() && g.el.size() > 0) {
      g.el.w.assign(g.el.size(), W(1));
      g.value_of_rank = nullptr;
      rule = "unit: the file has no weights; every edge weighs 1";
    }
  }
  if (g.el.n == 0) throw file_error(path, 0, "the graph has no vertices");
  s.progress().note(path + ": weights " + rule);
  s.writer().set_meta("input_weights", rule);
  const std::string ids_rule =
      file_ids.empty() ? "file: the file's vertex ids, not renumbered (n = " + std::to_string(g.el.n) + ")"
                       : "compacted: " + std::to_string(file_ids.size()) + " distinct ids (the largest " +
                             std::to_string(file_ids.back()) +
                             ") renumbered in ascending order; --sources and the source column use the file's ids";
  s.progress().note(path + ": vertex ids " + ids_rule);
  s.writer().set_meta("input_ids", ids_rule);
  g.ids = VertexIds(std::move(file_ids));
  g.id.name = std::filesystem::path(path).filename().string();
  g.id.generator = "file";
  g.id.n = g.el.n;
  g.id.m = g.el.size();
  return g;
}

}  // namespace gs::harness
