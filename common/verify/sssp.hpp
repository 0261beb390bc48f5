// Shortest-path verifier.
//
// check() compares a program's distances with a reference Dijkstra (binary
// heap, double precision, written here independently of BGL and of the
// programs under test) within a relative tolerance for float sums, requires
// unreachable vertices to be +infinity (not a large number), and proves that
// no arc can still be relaxed.
#pragma once

#include <cmath>
#include <limits>
#include <queue>
#include <string>
#include <vector>

#include "common/answer.hpp"
#include "common/errors.hpp"
#include "common/graph.hpp"

namespace gs::verify {

struct SsspSummary {
  std::uint64_t reached = 0;
  double distsum = 0;
  std::string answer() const { return sssp_answer(reached, distsum); }
};

// Distances from `source` in double precision; +inf where unreachable.
template <class W>
std::vector<double> reference_dijkstra(const Csr<W>& g, vid_t source) {
  std::vector<double> d(g.n, std::numeric_limits<double>::infinity());
  using Item = std::pair<double, vid_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> pq;
  d[source] = 0;
  pq.push({0.0, source});
  while (!pq.empty()) {
    auto [du, u] = pq.top();
    pq.pop();
    if (du > d[u]) continue;
    for (eid_t i = g.offsets[u]; i < g.offsets[u + 1]; ++i) {
      const double nd = du + double(g.w[i]);
      if (nd < d[g.adj[i]]) {
        d[g.adj[i]] = nd;
        pq.push({nd, g.adj[i]});
      }
    }
  }
  return d;
}

// `rel_tol`: relative tolerance for distances accumulated in float.
template <class W, class D>
SsspSummary check_sssp(const Csr<W>& g, vid_t source, const std::vector<D>& dist, const std::vector<double>& reference,
                       const std::string& who, double rel_tol = 1e-5) {
  auto fail = [&](const std::string& what) {
    throw VerificationError(who + ": shortest paths from " + std::to_string(source) + ": " + what);
  };
  if (dist.size() != g.n || reference.size() != g.n) fail("distance array has the wrong length");
  SsspSummary s;
  for (vid_t x = 0; x < g.n; ++x) {
    const double got = double(dist[x]), ref = reference[x];
    if (std::isnan(got)) fail("distance of " + std::to_string(x) + " is NaN");
    if (std::isinf(ref)) {
      if (!(std::isinf(got) && got > 0))
        fail("vertex " + std::to_string(x) + " is unreachable but has distance " + fmt_number(got));
      continue;
    }
    if (std::isinf(got))
      fail("vertex " + std::to_string(x) + " is reachable (distance " + fmt_number(ref) + ") but reported unreachable");
    if (std::fabs(got - ref) > rel_tol * std::max(1.0, ref))
      fail("distance of " + std::to_string(x) + " is " + fmt_number(got) + ", reference Dijkstra " + fmt_number(ref));
    ++s.reached;
    s.distsum += got;
  }
  for (vid_t u = 0; u < g.n; ++u) {
    const double du = double(dist[u]);
    if (std::isinf(du)) continue;
    for (eid_t i = g.offsets[u]; i < g.offsets[u + 1]; ++i) {
      const double dv = double(dist[g.adj[i]]);
      const double via = du + double(g.w[i]);
      if (dv > via + rel_tol * std::max(1.0, via))
        fail("arc (" + std::to_string(u) + "," + std::to_string(g.adj[i]) +
             ") can still be relaxed: " + fmt_number(dv) + " > " + fmt_number(via));
    }
  }
  return s;
}

}  // namespace gs::verify
