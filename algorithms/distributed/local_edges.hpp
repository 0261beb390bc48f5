// Each rank's share of a graph's edges, never the whole graph: from the
// suite's counter-based generators (every edge is a pure function of the seed
// and its index, so a rank computes its own indices and nothing else) or from
// the rank's byte range of an edge-list file. The distributed graphs
// (pbgl_*.hpp) are built from these shares; PBGL sends each edge to the rank
// that owns its source vertex.
//
// All functions here are collective over `comm` and raise their errors on
// every rank alike (collective.hpp, agree()).
#pragma once

#include <cstdint>
#include <string>

#include "algorithms/distributed/collective.hpp"
#include "common/graph.hpp"

namespace gs::dist {

template <class W>
struct LocalEdges {
  vid_t n = 0;         // vertices of the whole graph
  eid_t global_m = 0;  // edges over all ranks
  bool directed = false;
  EdgeList<W> edges;          // this rank's share (edges.n == n); weights empty when unweighted
  bool unit_weights = false;  // read_share: the file has no weights, every edge weighs 1
};

// Paper D's RMAT graph (gen::rmat: the first m distinct pairs of the draw
// stream), as the undirected edges (u, v) whose u this rank owns. Unlike the
// other generators, RMAT keeps a draw only when its pair is new, so a rank
// cannot decide alone which of its draws count: the ranks run rmat.cpp's
// rounds together, each drawing a slice of every round's draw indices and
// sending each pair to the owner of u (one MPI all-to-all per round), where
// duplicates are found. The result is exactly gen::rmat's set of pairs.
LocalEdges<std::uint32_t> rmat_share(const mpi::communicator& comm, int scale, eid_t m, double a, double b, double c,
                                     std::uint64_t seed);

// Paper E's fixed-degree graph (gen::fixed_degree): arc k of vertex x is entry
// x*degree + k, so each rank generates the arcs of the vertices it owns
// (directed, float weights).
LocalEdges<float> fixed_degree_share(const mpi::communicator& comm, vid_t n, int degree, float min_w, float max_w,
                                     std::uint64_t seed);

// Paper C's path + random edges (gen::path_random): rank r generates the edge
// indices [r*m/P, (r+1)*m/P) (undirected, integer weights).
LocalEdges<std::uint32_t> path_random_share(const mpi::communicator& comm, vid_t n, eid_t m, std::uint32_t max_w,
                                            std::uint64_t seed);

// What to do with the weight column of an input file.
enum class FileWeights {
  ignored,   // drop it (traversals): any number is accepted and nothing is converted
  required,  // keep it as W: converted when W holds it exactly, refused at its line (or edge) otherwise;
             // a file without weights gives every edge weight 1 (rank 0 says so on stderr)
};

// The edges of a graph file in any format the single-process reader reads
// (common/io/graph_io.hpp: .gr, .mtx, .el, .wel, SNAP .txt, .gsc), with its
// rules and messages ("FILE:LINE: problem"): the file's own 0-based ids (no
// relabelling), n declared by the header (.gr, .mtx, .gsc) or the largest id
// + 1, directedness as the format says unless `force_undirected`. Text files:
// every rank reads the header, then parses the whole lines that start in its
// byte range [r*S/P, (r+1)*S/P) of the S bytes after it; line numbers come
// from a prefix sum of the ranks' line counts, and edge lines beyond a
// declared count are errors. .gsc: rank r reads the edge indices
// [r*m/P, (r+1)*m/P); rank 0 checks the payload checksum (one pass over the
// mapped file). W: std::uint32_t or float; a .gsc weight of another type is
// converted when W holds it exactly, otherwise refused naming the edge.
template <class W>
LocalEdges<W> read_share(const mpi::communicator& comm, const std::string& path, FileWeights weights,
                         bool force_undirected = false);

}  // namespace gs::dist
