// Traversal verifier with the Graph500 rules, for level-synchronous
// traversals (BFS order) of undirected graphs stored with both arcs.
//
// Given a level array (kUnreached for vertices not reached) and optionally a
// parent array, check() proves: the source has level 0 (and is its own
// parent); every arc between reached vertices spans at most one level; no arc
// leaves the reached set (so the reached set is closed, i.e. the whole
// component); every reached vertex other than the source has a neighbour one
// level up (so it is reachable, and the levels are BFS distances); with
// parents, each tree edge is a real arc spanning exactly one level.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "common/answer.hpp"
#include "common/errors.hpp"
#include "common/graph.hpp"

namespace gs::verify {

inline constexpr std::uint32_t kUnreached = std::numeric_limits<std::uint32_t>::max();

struct TraversalSummary {
  std::uint64_t reached = 0;
  std::uint64_t levelsum = 0;
  // Undirected input edges inside the traversed component (the Graph500 TEPS
  // numerator): half the sum of the reached vertices' degrees (self loops and
  // multi-edges counted as stored).
  std::uint64_t component_edges = 0;
  std::string answer() const { return traversal_answer(reached, levelsum); }
};

template <class W>
TraversalSummary check_traversal(const Csr<W>& g, vid_t source, const std::vector<std::uint32_t>& level,
                                 const std::vector<vid_t>* parent, const std::string& who) {
  auto fail = [&](const std::string& what) {
    throw VerificationError(who + ": traversal from " + std::to_string(source) + ": " + what);
  };
  if (level.size() != g.n)
    fail("level array has " + std::to_string(level.size()) + " entries for " + std::to_string(g.n) + " vertices");
  if (parent && parent->size() != g.n) fail("parent array has the wrong length");
  if (source >= g.n) fail("source out of range");
  if (level[source] != 0) fail("source has level " + std::to_string(level[source]) + ", not 0");
  if (parent && (*parent)[source] != source) fail("source is not its own parent");
  TraversalSummary s;
  std::uint64_t degree_sum = 0;
  bool ok = true;
  std::string first_problem;
#pragma omp parallel for schedule(dynamic, 4096) reduction(+ : degree_sum) reduction(&& : ok)
  for (std::int64_t xi = 0; xi < std::int64_t(g.n); ++xi) {
    const vid_t x = vid_t(xi);
    const std::uint32_t lx = level[x];
    std::string problem;
    if (lx == kUnreached) {
      if (parent && (*parent)[x] != kNoVertex) problem = "unreached vertex " + std::to_string(x) + " has a parent";
    } else {
      degree_sum += g.degree(x);
      bool has_up = (x == source);
      for (eid_t i = g.offsets[x]; i < g.offsets[x + 1] && problem.empty(); ++i) {
        const std::uint32_t ly = level[g.adj[i]];
        if (ly == kUnreached)
          problem = "edge (" + std::to_string(x) + "," + std::to_string(g.adj[i]) + ") leaves the reached set";
        else if (ly + 1 < lx || lx + 1 < ly)
          problem = "edge (" + std::to_string(x) + "," + std::to_string(g.adj[i]) + ") spans levels " +
                    std::to_string(lx) + " and " + std::to_string(ly);
        else if (ly + 1 == lx) has_up = true;
      }
      if (problem.empty() && !has_up)
        problem = "vertex " + std::to_string(x) + " at level " + std::to_string(lx) + " has no neighbour one level up";
      if (problem.empty() && parent && x != source) {
        const vid_t p = (*parent)[x];
        if (p >= g.n || level[p] == kUnreached || level[p] + 1 != lx) {
          problem = "tree edge (" + std::to_string(p) + "," + std::to_string(x) + ") does not span exactly one level";
        } else {
          bool found = false;
          for (eid_t i = g.offsets[x]; i < g.offsets[x + 1] && !found; ++i) found = g.adj[i] == p;
          if (!found) problem = "tree edge (" + std::to_string(p) + "," + std::to_string(x) + ") is not in the graph";
        }
      }
    }
    if (!problem.empty()) {
      ok = false;
#pragma omp critical(gs_traversal_verify)
      if (first_problem.empty()) first_problem = problem;
    }
  }
  if (!ok) fail(first_problem);
  for (vid_t x = 0; x < g.n; ++x)
    if (level[x] != kUnreached) {
      ++s.reached;
      s.levelsum += level[x];
    }
  s.component_edges = degree_sum / 2;
  return s;
}

}  // namespace gs::verify
