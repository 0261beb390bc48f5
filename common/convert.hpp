// Conversions between the graph containers of graph.hpp.
//
// edge_list_to_csr is parallel (OpenMP) and deterministic: the output does not
// depend on the thread count, because each adjacency list is sorted by
// (neighbour, weight) after the parallel fill.
#pragma once

#include <algorithm>
#include <atomic>
#include <numeric>
#include <omp.h>

#include "common/errors.hpp"
#include "common/graph.hpp"

namespace gs {

// Undirected input gets both arcs per edge; directed input one arc per edge.
// Self loops are kept (one arc for directed, two for undirected).
template <class W>
Csr<W> edge_list_to_csr(const EdgeList<W>& el, bool sort_neighbours = true) {
  Csr<W> g;
  g.n = el.n;
  g.directed = el.directed;
  const eid_t m = el.size();
  const bool weighted = el.weighted();
  const bool both = !el.directed;
  g.offsets.assign(std::size_t(el.n) + 1, 0);
  {
    // Degree count with atomics on a separate array, then an exclusive scan.
    std::vector<std::atomic<eid_t>> deg(el.n);
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < std::int64_t(el.n); ++i) deg[i].store(0, std::memory_order_relaxed);
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < std::int64_t(m); ++e) {
      if (el.u[e] >= el.n || el.v[e] >= el.n) continue;  // checked below
      deg[el.u[e]].fetch_add(1, std::memory_order_relaxed);
      if (both) deg[el.v[e]].fetch_add(1, std::memory_order_relaxed);
    }
    for (eid_t e = 0; e < m; ++e)  // cheap serial range check with a clear error
      if (el.u[e] >= el.n || el.v[e] >= el.n)
        throw InputError("edge " + std::to_string(e) + " has a vertex id >= n = " + std::to_string(el.n));
    eid_t sum = 0;
    for (vid_t x = 0; x < el.n; ++x) {
      g.offsets[x] = sum;
      sum += deg[x].load(std::memory_order_relaxed);
    }
    g.offsets[el.n] = sum;
  }
  const eid_t arcs = g.offsets[el.n];
  g.adj.resize(arcs);
  if (weighted) g.w.resize(arcs);
  std::vector<std::atomic<eid_t>> pos(el.n);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(el.n); ++i) pos[i].store(g.offsets[i], std::memory_order_relaxed);
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < std::int64_t(m); ++e) {
    const vid_t a = el.u[e], b = el.v[e];
    eid_t p = pos[a].fetch_add(1, std::memory_order_relaxed);
    g.adj[p] = b;
    if (weighted) g.w[p] = el.w[e];
    if (both) {
      p = pos[b].fetch_add(1, std::memory_order_relaxed);
      g.adj[p] = a;
      if (weighted) g.w[p] = el.w[e];
    }
  }
  if (sort_neighbours) {
#pragma omp parallel for schedule(dynamic, 1024)
    for (std::int64_t x = 0; x < std::int64_t(el.n); ++x) {
      const eid_t b = g.offsets[x], e = g.offsets[x + 1];
      if (e - b < 2) continue;
      if (!weighted) {
        std::sort(g.adj.begin() + b, g.adj.begin() + e);
      } else {
        std::vector<std::pair<vid_t, W>> tmp(e - b);
        for (eid_t i = b; i < e; ++i) tmp[i - b] = {g.adj[i], g.w[i]};
        std::sort(tmp.begin(), tmp.end());
        for (eid_t i = b; i < e; ++i) {
          g.adj[i] = tmp[i - b].first;
          g.w[i] = tmp[i - b].second;
        }
      }
    }
  }
  return g;
}

// Back to an edge list. For undirected graphs each edge is emitted once, from
// the arc with u <= v (self loops: once per arc pair).
template <class W>
EdgeList<W> csr_to_edge_list(const Csr<W>& g) {
  EdgeList<W> el;
  el.n = g.n;
  el.directed = g.directed;
  bool skip_loop_twin = false;
  for (vid_t x = 0; x < g.n; ++x) {
    skip_loop_twin = false;
    for (eid_t i = g.offsets[x]; i < g.offsets[x + 1]; ++i) {
      const vid_t y = g.adj[i];
      if (!g.directed) {
        if (y < x) continue;
        if (y == x) {  // a self loop appears as two arcs in x's list
          skip_loop_twin = !skip_loop_twin;
          if (!skip_loop_twin) continue;
        }
      }
      if (g.weighted()) el.add(x, y, g.w[i]);
      else el.add(x, y);
    }
  }
  return el;
}

inline TriangularMatrix16 to_triangular(const DenseMatrix16& d) {
  TriangularMatrix16 t;
  t.n = d.n;
  t.a.resize(std::size_t(d.n) * (d.n ? d.n - 1 : 0) / 2);
#pragma omp parallel for schedule(dynamic, 64)
  for (std::int64_t i = 1; i < std::int64_t(d.n); ++i)
    for (vid_t j = 0; j < vid_t(i); ++j) t.a[TriangularMatrix16::index(vid_t(i), j)] = d.at(vid_t(i), j);
  return t;
}

inline DenseMatrix16 to_dense(const TriangularMatrix16& t) {
  DenseMatrix16 d;
  d.n = t.n;
  d.a.assign(std::size_t(t.n) * t.n, 0);
#pragma omp parallel for schedule(dynamic, 64)
  for (std::int64_t i = 0; i < std::int64_t(t.n); ++i)
    for (vid_t j = 0; j < t.n; ++j)
      if (vid_t(i) != j) d.at(vid_t(i), j) = t.at(vid_t(i), j);
  return d;
}

// The complete graph as an undirected edge list (one entry per pair j < i).
inline EdgeList<std::uint32_t> matrix_to_edge_list(const DenseMatrix16& d) {
  EdgeList<std::uint32_t> el;
  el.n = d.n;
  const std::size_t m = std::size_t(d.n) * (d.n ? d.n - 1 : 0) / 2;
  el.u.resize(m);
  el.v.resize(m);
  el.w.resize(m);
#pragma omp parallel for schedule(dynamic, 64)
  for (std::int64_t i = 1; i < std::int64_t(d.n); ++i)
    for (vid_t j = 0; j < vid_t(i); ++j) {
      const std::size_t k = TriangularMatrix16::index(vid_t(i), j);
      el.u[k] = vid_t(i);
      el.v[k] = j;
      el.w[k] = d.at(vid_t(i), j);
    }
  return el;
}

}  // namespace gs
