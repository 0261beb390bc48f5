// Conversions between the graph containers of graph.hpp.
//
// edge_list_to_csr is parallel (OpenMP) and deterministic: every list comes
// out in edge order at any thread count, then is sorted by (neighbour,
// weight), merging its ascending runs where it has few (sort_runs.hpp). The
// arcs reach their lists by buckets of vertices (csr_buckets.hpp) where the
// host has room for its buffers; else the degrees are counted with relaxed
// atomic increments and each thread owns a range of vertices and places
// their arcs, every thread reading the whole edge list (streaming the list
// once per thread costs far less than an atomic cursor per arc). Both ways
// give the same lists. experiments/hybrid_dfs/NOTES.md has the measurements
// of these choices.
#pragma once

#include <algorithm>
#include <omp.h>

#include "common/errors.hpp"
#include "common/graph.hpp"
#include "common/csr_buckets.hpp"
#include "common/large_vector.hpp"
#include "common/memory.hpp"
#include "common/parallel_sum.hpp"
#include "common/sort_runs.hpp"
#include "common/timer.hpp"

namespace gs {

namespace detail {

// Thread t's share [bounds[t], bounds[t + 1]) of n vertices, cut where the
// running total `weight_before(x)` (non-decreasing, weight_before(n) = total)
// crosses t / threads of the total.
template <class WeightBefore>
std::vector<vid_t> owner_bounds(vid_t n, int threads, std::uint64_t total, WeightBefore weight_before) {
  std::vector<vid_t> bounds(std::size_t(threads) + 1, n);
  bounds[0] = 0;
  for (int t = 1; t < threads; ++t) {
    const std::uint64_t target = total / std::uint64_t(threads) * std::uint64_t(t);
    vid_t lo = bounds[t - 1], hi = n;  // the first x with weight_before(x) >= target
    while (lo < hi) {
      const vid_t mid = lo + (hi - lo) / 2;
      if (weight_before(mid) < target) lo = mid + 1;
      else hi = mid;
    }
    bounds[t] = lo;
  }
  return bounds;
}

}  // namespace detail

// Where a build's time went (seconds), for the load's progress notes.
struct CsrBuildTimes {
  double check_s = 0;       // the ids against n
  double count_s = 0;       // degrees and their running sum (by buckets: the arcs per bucket)
  double allocate_s = 0;    // the arcs (and weights), zero-filled
  double place_s = 0;       // every arc in its list
  double sort_s = 0;        // each list by (neighbour, weight)
  bool by_buckets = false;  // placed by buckets (csr_buckets.hpp), not by owner
};

// How the arcs reach their lists; both ways give the same lists.
enum class CsrPlacement {
  automatic,  // by buckets where the host has room for their buffers, else by owner
  by_owner,   // each thread streams the edge list and places its vertices' arcs
  by_buckets  // csr_buckets.hpp
};

// Undirected input gets both arcs per edge; directed input one arc per edge.
// Self loops are kept (one arc for directed, two for undirected).
template <class W>
Csr<W> edge_list_to_csr(const EdgeList<W>& el, bool sort_neighbours = true, CsrBuildTimes* times = nullptr,
                        CsrPlacement placement = CsrPlacement::automatic) {
  CsrBuildTimes spent;
  WallTimer phase;
  const auto lap = [&phase](double& into) {
    into = phase.seconds();
    phase.restart();
  };
  Csr<W> g;
  g.n = el.n;
  g.directed = el.directed;
  const eid_t m = el.size();
  const vid_t n = el.n;
  const bool weighted = el.weighted();
  const bool both = !el.directed;
  const vid_t* const u = el.u.data();
  const vid_t* const v = el.v.data();
  eid_t first_bad = m;
#pragma omp parallel for schedule(static) reduction(min : first_bad)
  for (std::int64_t e = 0; e < std::int64_t(m); ++e)
    if ((u[e] >= n || v[e] >= n) && eid_t(e) < first_bad) first_bad = eid_t(e);
  if (first_bad < m)
    throw InputError("edge " + std::to_string(first_bad) + " has a vertex id >= n = " + std::to_string(n));
  lap(spent.check_s);
  const eid_t all_arcs = both ? 2 * m : m;
  const auto allocate = [&](eid_t arcs) {
    assign_large(g.adj, arcs);
    if (weighted) assign_large(g.w, arcs);
  };
  if (placement != CsrPlacement::by_owner) {
    detail::CsrBuckets<W> buckets(el);
    const std::uint64_t csr_bytes =
        (std::uint64_t(n) + 1) * sizeof(eid_t) + all_arcs * (sizeof(vid_t) + (weighted ? sizeof(W) : 0));
    if (placement == CsrPlacement::by_buckets || buckets.extra_bytes() + csr_bytes <= host_memory_for_admission()) {
      lap(spent.count_s);
      assign_large(g.offsets, std::size_t(n) + 1);
      allocate(all_arcs);
      lap(spent.allocate_s);
      buckets.place(g);
      spent.by_buckets = true;
    }
  }
  if (!spent.by_buckets) {
    assign_large(g.offsets, std::size_t(n) + 1);
    eid_t* const degree = g.offsets.data() + 1;  // x's degree at offsets[x + 1], then summed in place
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < std::int64_t(m); ++e) {
#pragma omp atomic
      ++degree[u[e]];
      if (both) {
#pragma omp atomic
        ++degree[v[e]];
      }
    }
    inclusive_sum_in_place(degree, n);
    lap(spent.count_s);
    allocate(all_arcs);
    lap(spent.allocate_s);
    // Placement: one part per thread, of equal arc counts, each with its own next slot per vertex.
    const int parts = std::max(1, omp_get_max_threads());
    const std::vector<vid_t> fill_bounds =
        detail::owner_bounds(n, parts, all_arcs, [&](vid_t x) { return g.offsets[x]; });
#pragma omp parallel for schedule(static, 1)
    for (int t = 0; t < parts; ++t) {
      const vid_t lo = fill_bounds[t], len = fill_bounds[t + 1] - lo;
      std::vector<eid_t> next(g.offsets.begin() + lo, g.offsets.begin() + lo + len);
      const auto place = [&](vid_t from, vid_t to, eid_t e) {
        const eid_t p = next[from - lo]++;
        g.adj[p] = to;
        if (weighted) g.w[p] = el.w[e];
      };
      for (eid_t e = 0; e < m; ++e) {
        if (u[e] - lo < len) place(u[e], v[e], e);
        if (both && v[e] - lo < len) place(v[e], u[e], e);
      }
    }
  }
  lap(spent.place_s);
  if (sort_neighbours) {
#pragma omp parallel
    {
      std::vector<vid_t> runs;                           // sort_by_runs' scratch
      std::vector<std::pair<vid_t, W>> list, pair_runs;  // a weighted list as pairs
#pragma omp for schedule(dynamic, 1024)
      for (std::int64_t x = 0; x < std::int64_t(n); ++x) {
        const eid_t b = g.offsets[x], e = g.offsets[x + 1];
        if (e - b < 2) continue;
        if (!weighted) {
          sort_by_runs(g.adj.data() + b, g.adj.data() + e, runs);
        } else {
          list.resize(e - b);
          for (eid_t i = b; i < e; ++i) list[i - b] = {g.adj[i], g.w[i]};
          sort_by_runs(list.data(), list.data() + list.size(), pair_runs);
          for (eid_t i = b; i < e; ++i) {
            g.adj[i] = list[i - b].first;
            g.w[i] = list[i - b].second;
          }
        }
      }
    }
  }
  lap(spent.sort_s);
  if (times) *times = spent;
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
