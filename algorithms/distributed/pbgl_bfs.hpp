// Distributed breadth-first search with the Parallel BGL: PBGL's
// breadth_first_search over its distributed adjacency_list (undirected), with
// its distributed queue in its default, non-polling mode, which finishes a
// level on every rank before any rank starts the next (so the levels it
// records are BFS distances). Levels are recorded on tree edges into a
// distributed property map whose owner keeps the smallest value it is sent.
//
// Results stay distributed: each rank holds the levels of the vertices it
// owns (its VertexBlock). certify() checks the Graph500 rules on every rank's
// owned edges; gather_levels() brings all levels to rank 0 for a comparison
// with the single-process programs where they fit one process.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/distributed/collective.hpp"
#include "algorithms/distributed/local_edges.hpp"

namespace gs::dist {

inline constexpr std::uint32_t kUnreachedLevel = 0xFFFFFFFFu;  // == verify::kUnreached

struct BfsRun {
  vid_t source = 0;
  VertexBlock block;                 // the vertices this rank owns
  std::vector<std::uint32_t> level;  // level[i]: vertex block.first + i; kUnreachedLevel when not reached
  std::uint64_t reached = 0;         // over all ranks
  std::uint64_t levelsum = 0;        // over all ranks
  double seconds = 0;                // the search alone, barrier to barrier (slowest rank; the same on every rank)
  std::string answer() const;        // "reached=R;levelsum=L", as the single-process programs
};

class PbglBfs {
 public:
  // Builds the undirected distributed graph from every rank's share (weights
  // ignored; a directed share is traversed as undirected, as the suite
  // traverses RMAT graphs). Collective.
  PbglBfs(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& edges);
  ~PbglBfs();
  PbglBfs(const PbglBfs&) = delete;
  PbglBfs& operator=(const PbglBfs&) = delete;

  vid_t num_vertices() const;
  double build_seconds() const;  // graph construction, barrier to barrier

  // One search from `source` (InputError on every rank when source >= n). Collective.
  BfsRun run(vid_t source);
  // The Graph500 rules on every owned edge: the source at level 0; |level(u) -
  // level(v)| <= 1 between reached endpoints; no edge between a reached and an
  // unreached vertex; every reached vertex but the source has a neighbour one
  // level up; and reached/levelsum equal to the sums over the owned levels.
  // VerificationError on every rank. Collective.
  void certify(const BfsRun& run);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Rank 0: the levels of all n vertices; other ranks: empty. Collective. For
// graphs whose level array fits one process.
std::vector<std::uint32_t> gather_levels(const mpi::communicator& comm, const BfsRun& run);

}  // namespace gs::dist
