// Shared machinery of the edge-list generators: allocate after an up-front
// memory check, then fill every entry independently in parallel.
#pragma once

#include <cstdint>
#include <string>

#include "common/errors.hpp"
#include "common/graph.hpp"
#include "common/memory.hpp"
#include "generators/counter_rng.hpp"

namespace gs::gen::detail {

// Endpoints uniform over ordered pairs with u != v, from two draws: u uniform,
// v uniform over the n-1 others (shifted past u). n >= 2.
struct Pair {
  vid_t u, v;
};
inline Pair distinct_pair(const CounterRng& rng, std::uint64_t counter_u, std::uint64_t counter_v, vid_t n) {
  const auto u = vid_t(rng.below(counter_u, n));
  auto v = vid_t(rng.below(counter_v, n - 1));
  if (v >= u) ++v;
  return {u, v};
}

inline void require_two_vertices(vid_t n, eid_t m, const std::string& generator) {
  if (n < 2 && m > 0)
    throw InputError(generator + ": edges without self loops need at least 2 vertices (n = " + std::to_string(n) + ")");
}

// An edge list of m entries where entry i is edge_at(i) (an Edge<W>); the
// entries are computed in parallel and depend only on i.
template <class W, class F>
EdgeList<W> fill_edge_list(vid_t n, eid_t m, bool directed, bool weighted, const std::string& what, F&& edge_at) {
  require_host_memory(m * (2 * sizeof(vid_t) + (weighted ? sizeof(W) : 0)), what);
  EdgeList<W> el;
  el.n = n;
  el.directed = directed;
  el.u.resize(m);
  el.v.resize(m);
  if (weighted) el.w.resize(m);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(m); ++i) {
    const Edge<W> e = edge_at(eid_t(i));
    el.u[i] = e.u;
    el.v[i] = e.v;
    if (weighted) el.w[i] = e.w;
  }
  return el;
}

}  // namespace gs::gen::detail
