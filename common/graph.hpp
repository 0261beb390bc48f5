// Graph containers shared by every part of the suite.
//
// Vertex ids are 32-bit, edge/arc offsets 64-bit (the largest experiment has
// 4 billion arcs). Containers are plain structs of arrays so that they can be
// copied to the GPU without repacking. A container with an empty weight array
// is unweighted.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace gs {

using vid_t = std::uint32_t;
using eid_t = std::uint64_t;

inline constexpr vid_t kNoVertex = std::numeric_limits<vid_t>::max();

// One weighted edge; also the element type of spanning-forest results.
template <class W>
struct Edge {
  vid_t u;
  vid_t v;
  W w;
};

// Undirected or directed edge list in struct-of-arrays form.
// `directed == false` means each entry is one undirected edge.
template <class W>
struct EdgeList {
  vid_t n = 0;
  bool directed = false;
  std::vector<vid_t> u;
  std::vector<vid_t> v;
  std::vector<W> w;  // empty when unweighted

  eid_t size() const { return u.size(); }
  bool weighted() const { return !w.empty(); }
  void reserve(eid_t m) {
    u.reserve(m);
    v.reserve(m);
  }
  void add(vid_t a, vid_t b) {
    u.push_back(a);
    v.push_back(b);
  }
  void add(vid_t a, vid_t b, W weight) {
    u.push_back(a);
    v.push_back(b);
    w.push_back(weight);
  }
};

// Compressed sparse rows. An undirected graph stores both arcs of each edge,
// so num_arcs() == 2 * (number of undirected edges) for it.
template <class W>
struct Csr {
  vid_t n = 0;
  bool directed = false;
  std::vector<eid_t> offsets;  // n + 1 entries
  std::vector<vid_t> adj;      // num_arcs() entries
  std::vector<W> w;            // num_arcs() entries, or empty when unweighted

  eid_t num_arcs() const { return adj.size(); }
  // Undirected edges (arcs / 2) for undirected graphs, arcs otherwise.
  eid_t num_edges() const { return directed ? adj.size() : adj.size() / 2; }
  bool weighted() const { return !w.empty(); }
  eid_t degree(vid_t x) const { return offsets[x + 1] - offsets[x]; }
};

// Dense symmetric matrix of 16-bit weights for complete graphs (paper B).
// Full form: n*n entries, row-major, diagonal unused.
struct DenseMatrix16 {
  vid_t n = 0;
  std::vector<std::uint16_t> a;
  std::uint16_t at(vid_t i, vid_t j) const { return a[std::size_t(i) * n + j]; }
  std::uint16_t& at(vid_t i, vid_t j) { return a[std::size_t(i) * n + j]; }
};

// Lower-triangular form of the same matrix: only entries (i, j) with j < i are
// stored, entry (i, j) at i*(i-1)/2 + j, half the memory of the full form.
struct TriangularMatrix16 {
  vid_t n = 0;
  std::vector<std::uint16_t> a;  // n*(n-1)/2 entries
  static std::size_t index(vid_t i, vid_t j) {
    if (i < j) std::swap(i, j);
    return std::size_t(i) * (i - 1) / 2 + j;
  }
  std::uint16_t at(vid_t i, vid_t j) const { return a[index(i, j)]; }
  std::uint16_t& at(vid_t i, vid_t j) { return a[index(i, j)]; }
};

}  // namespace gs
