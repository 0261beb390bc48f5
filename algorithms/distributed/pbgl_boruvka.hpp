// Distributed minimum spanning forest with the Parallel BGL: PBGL's
// dense_boruvka_minimum_spanning_tree (Dehne and Gotz) over its distributed
// adjacency_list, undirected, integer weights.
//
// Why this one of PBGL's four MSF algorithms: each rank first reduces its own
// edges to a local spanning forest (Kruskal, < n edges per rank), then Boruvka
// steps over all supervertices finish the forest with one all-reduce per step,
// and every rank receives the whole forest. That fits the suite's MST graphs
// (kruskal_100m: m far above n, so per-rank O(n) arrays are small next to the
// edges), and a forest known on every rank lets the ranks be checked against
// each other. The other three (merge_local_minimum_spanning_trees,
// boruvka_then_merge, boruvka_mixed_merge) leave the forest on rank 0 only.
//
// The result is read where each forest edge lives: a rank reports the forest
// edges PBGL stores on it (their endpoints and weights read locally); weight
// and edge count are sums over the ranks.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/distributed/collective.hpp"
#include "algorithms/distributed/local_edges.hpp"

namespace gs::dist {

struct MsfRun {
  std::vector<Edge<std::uint32_t>> owned_forest;  // forest edges this rank owns (global ids, weights read here)
  double weight = 0;                              // over all ranks, from the owners
  std::uint64_t edges = 0;                        // over all ranks, from the owners
  // This rank's own copy of the whole forest as PBGL emitted it (weights of
  // other ranks' edges from PBGL's cache): certify() checks that they agree.
  double emitted_weight = 0;
  std::uint64_t emitted_edges = 0;
  double seconds = 0;          // the algorithm alone: barrier to barrier, the same on every rank
  std::string answer() const;  // "weight=W;edges=E", as the single-process programs
};

class PbglBoruvka {
 public:
  // Builds the undirected distributed graph from every rank's share (a
  // directed share is read as undirected edges; an unweighted one is refused
  // with InputError). Collective.
  PbglBoruvka(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& edges);
  ~PbglBoruvka();
  PbglBoruvka(const PbglBoruvka&) = delete;
  PbglBoruvka& operator=(const PbglBoruvka&) = delete;

  vid_t num_vertices() const;
  double build_seconds() const;  // graph construction, barrier to barrier

  MsfRun run();  // Collective.
  // Edge count and weight agree between every rank's copy and the owners'
  // sums; the forest (gathered on rank 0, < n edges) is acyclic (union-find);
  // its edge count is n - components, the components counted by PBGL's
  // distributed connected_components. VerificationError on every rank.
  // Collective.
  void certify(const MsfRun& run);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Rank 0: every rank's owned forest edges (the whole forest); other ranks:
// empty. Collective.
std::vector<Edge<std::uint32_t>> gather_forest(const mpi::communicator& comm, const MsfRun& run);

}  // namespace gs::dist
