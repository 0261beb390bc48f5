// Distributed single-source shortest paths with the Parallel BGL: PBGL's
// delta_stepping_shortest_paths (Meyer and Sanders' delta-stepping, its
// buckets per rank, relaxations of remote vertices sent to their owners) over
// its distributed adjacency_list, directed, float weights.
//
// Results stay distributed: each rank holds the distances of the vertices it
// owns. certify() checks every rank's owned arcs; gather_distances() brings
// all distances to rank 0 for a comparison with the single-process programs
// where they fit one process.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/distributed/collective.hpp"
#include "algorithms/distributed/local_edges.hpp"

namespace gs::dist {

struct SsspRun {
  vid_t source = 0;
  VertexBlock block;           // the vertices this rank owns
  std::vector<float> dist;     // dist[i]: vertex block.first + i; +infinity when unreachable
  std::uint64_t reached = 0;   // over all ranks
  double distsum = 0;          // over all ranks (each rank's sum in double, then summed)
  float delta = 0;             // the bucket width used
  double seconds = 0;          // the search alone: barrier to barrier, the same on every rank
  std::string answer() const;  // "reached=R;distsum=D", as the single-process programs
};

class PbglDeltaStepping {
 public:
  // Builds the directed distributed graph from every rank's share (an
  // undirected share gives both arcs of each edge). The share must have
  // weights (InputError otherwise); negative weights are refused. Collective.
  PbglDeltaStepping(const mpi::communicator& comm, const LocalEdges<float>& edges);
  ~PbglDeltaStepping();
  PbglDeltaStepping(const PbglDeltaStepping&) = delete;
  PbglDeltaStepping& operator=(const PbglDeltaStepping&) = delete;

  vid_t num_vertices() const;
  double build_seconds() const;  // graph construction, barrier to barrier

  // The suite's bucket width rule (as algorithms/sssp default_delta):
  // factor * mean weight / max(1, mean out-degree), at least the smallest
  // positive weight; 1 for a graph without arcs.
  float default_delta(double factor = 1.0) const;

  // One search from `source`; delta <= 0 means default_delta(). InputError on
  // every rank when source >= n. Collective.
  SsspRun run(vid_t source, float delta = 0);
  // On every owned arc (u, v, w) with u reached: d(v) <= d(u) + w; every
  // reached vertex but the source has an incoming arc with d(v) = d(u) + w
  // (both within rel_tol, for float sums, as verify::check_sssp); the source at
  // 0; reached/distsum equal to the sums over the owned distances.
  // VerificationError on every rank. Collective.
  void certify(const SsspRun& run, double rel_tol = 1e-5);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Rank 0: the distances of all n vertices; other ranks: empty. Collective.
std::vector<float> gather_distances(const mpi::communicator& comm, const SsspRun& run);

}  // namespace gs::dist
