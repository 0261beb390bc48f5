// A graph without its isolated vertices, for minimum-spanning-forest programs
// whose cost grows with the vertex count. An isolated vertex (no arc to
// another vertex) is a tree of its own with no edge, so the forest of the
// vertices that have edges, mapped back to the original ids, is the forest of
// the whole graph: the answer and its verification are unchanged.
#pragma once

#include <utility>
#include <vector>

#include "common/graph.hpp"

namespace gs::mst {

// Whether x has an arc to another vertex (a self loop alone leaves it isolated).
template <class W>
bool has_edge(const Csr<W>& g, vid_t x) {
  for (eid_t i = g.offsets[x]; i < g.offsets[x + 1]; ++i)
    if (g.adj[i] != x) return true;
  return false;
}

template <class W>
vid_t vertices_with_edges(const Csr<W>& g) {
  vid_t k = 0;
  for (vid_t x = 0; x < g.n; ++x) k += has_edge(g, x);
  return k;
}

// The vertices with edges renumbered 0..k-1 in their original order, so that
// sorted adjacency lists stay sorted; self loops are dropped with them. When
// no vertex is isolated, graph() is the original itself (no copy). The
// original must outlive this object.
template <class W>
class WithoutIsolated {
 public:
  explicit WithoutIsolated(const Csr<W>& g) : original_(&g) {
    if (vertices_with_edges(g) == g.n) return;
    compacted_ = true;
    std::vector<vid_t> new_id(g.n, kNoVertex);
    for (vid_t x = 0; x < g.n; ++x)
      if (has_edge(g, x)) {
        new_id[x] = vid_t(old_id_.size());
        old_id_.push_back(x);
      }
    compact_.n = vid_t(old_id_.size());
    compact_.directed = g.directed;
    compact_.offsets.assign(std::size_t(compact_.n) + 1, 0);
    for (vid_t c = 0; c < compact_.n; ++c) {
      const vid_t x = old_id_[c];
      eid_t arcs = 0;
      for (eid_t i = g.offsets[x]; i < g.offsets[x + 1]; ++i) arcs += g.adj[i] != x;
      compact_.offsets[c + 1] = compact_.offsets[c] + arcs;
    }
    compact_.adj.reserve(compact_.offsets.back());
    if (g.weighted()) compact_.w.reserve(compact_.offsets.back());
    for (vid_t x : old_id_)
      for (eid_t i = g.offsets[x]; i < g.offsets[x + 1]; ++i)
        if (g.adj[i] != x) {
          compact_.adj.push_back(new_id[g.adj[i]]);
          if (g.weighted()) compact_.w.push_back(g.w[i]);
        }
  }

  const Csr<W>& graph() const { return compacted_ ? compact_ : *original_; }
  // The isolated vertices left out.
  vid_t isolated() const { return original_->n - graph().n; }

  // A forest of graph() in the original ids.
  std::vector<Edge<W>> to_original(std::vector<Edge<W>> forest) const {
    if (compacted_)
      for (Edge<W>& e : forest) e = {old_id_[e.u], old_id_[e.v], e.w};
    return forest;
  }

 private:
  const Csr<W>* original_;
  Csr<W> compact_;
  std::vector<vid_t> old_id_;  // compact id -> original id
  bool compacted_ = false;
};

}  // namespace gs::mst
