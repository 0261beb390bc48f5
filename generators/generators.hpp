// The five papers' graph generators (see docs/PROTOCOL.md and
// generators/README.md).
//
// Every generator is deterministic for its seed and independent of the thread
// count: each edge (or matrix entry) draws its random numbers from a
// counter-based generator keyed by (seed, its index), never from a shared
// sequential engine. Each one states its memory need up front through
// gs::require_host_memory (ResourceError, exit 3, when it does not fit) and
// rejects impossible parameters with InputError (exit 2).
//
// Where a generator draws a uniform pair (u, v) with u != v it draws u uniformly
// and v uniformly among the other n-1 vertices. That is the same distribution
// as redrawing the pair until u != v (GTgraph, paper C's listing) with a fixed
// number of random draws per edge.
#pragma once

#include <cstdint>

#include "common/graph.hpp"

namespace gs::gen {

// Bumped whenever any generator's output for given parameters changes, so
// that graph-cache entries made by an older version are never reused.
inline constexpr int kGeneratorVersion = 1;

// Paper A: GTgraph `random` G(n, m). m arcs with endpoints uniform over ordered
// pairs u != v; duplicates are kept as GTgraph keeps them; integer weights
// uniform in [min_w, max_w] inclusive (the paper's 1..1000; GTgraph's own code
// draws [MIN, MAX)). GTgraph writes arcs, but paper A runs an MST on the graph,
// so each arc is returned as one undirected edge: directed = false.
EdgeList<std::uint32_t> gtgraph_random(vid_t n, eid_t m, std::uint32_t min_w, std::uint32_t max_w, std::uint64_t seed);

// Paper B: complete graph on n vertices as a dense symmetric matrix, weights
// uniform in 0..65535, diagonal 0 (unused). Entry (i, j) depends only on
// (seed, min(i,j), max(i,j)), so rows are filled independently in parallel.
DenseMatrix16 complete_matrix(vid_t n, std::uint64_t seed);
// The same weights in lower-triangular form, without building the full matrix.
TriangularMatrix16 complete_triangular(vid_t n, std::uint64_t seed);

// Paper C (listing 1): m undirected edges in total; edges 0..n-2 are the path
// (i, i+1), the remaining m-(n-1) are uniform pairs u != v; every weight is
// uniform in 1..max_w. Requires m >= n-1. directed = false.
EdgeList<std::uint32_t> path_random(vid_t n, eid_t m, std::uint32_t max_w, std::uint64_t seed);

// Paper D: SNAP GenRMat on n = 2^scale vertices (1 <= scale <= 31), exactly m
// distinct directed pairs (u, v), u != v, unweighted, no relabelling.
// SNAP semantics: level l (top level 0) uses the probabilities
// (a, b, c, d = 1-a-b-c) each multiplied by its own U(0.5, 1.5) noise, drawn
// once per level for the whole graph, and renormalised; a draw that is a self
// loop or repeats an earlier pair is rejected, draws continue until m distinct
// pairs exist. The result is the set of the first m distinct pairs in draw
// order, returned sorted by (u, v) (not in draw order). Returned with
// directed = false because the suite traverses RMAT graphs as undirected
// (docs/PROTOCOL.md, paper D): (u, v) and (v, u) may both occur, as two edges.
// Memory: about 16 bytes per edge at the peak (2^31 edges: 32 GiB).
EdgeList<std::uint32_t> rmat(int scale, eid_t m, double a = 0.45, double b = 0.25, double c = 0.15,
                             std::uint64_t seed = 1);

// Paper E: every vertex gets `degree` out-arcs to uniform targets other than
// itself (parallel arcs possible), float weights uniform in [min_w, max_w).
// Arc k of vertex x is entry x*degree + k. directed = true.
EdgeList<float> fixed_degree(vid_t n, int degree, float min_w = 1.0f, float max_w = 1000.0f, std::uint64_t seed = 1);

// Beyond the papers: a high-diameter road-network stand-in for paper E's
// programs. The rows x cols grid, vertex (r, c) = r*cols + c, with arcs to its
// 4 neighbours in both directions: 2 (rows (cols-1) + (rows-1) cols) arcs, each
// with its own float weight uniform in [min_w, max_w) drawn from its arc index.
// Arc order: all right arcs x -> x+1 (row-major), all left arcs x+1 -> x, all
// down arcs x -> x+cols, all up arcs x+cols -> x. directed = true (both
// directions are listed). rows, cols >= 1.
EdgeList<float> grid(vid_t rows, vid_t cols, float min_w = 1.0f, float max_w = 1000.0f, std::uint64_t seed = 1);
// The number of arcs grid(rows, cols, ...) returns.
eid_t grid_arcs(vid_t rows, vid_t cols);

}  // namespace gs::gen
