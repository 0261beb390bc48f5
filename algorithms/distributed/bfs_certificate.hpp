// The Graph500 rules for a distributed breadth-first search, checked on the
// ranks' edge shares and the run's levels, independently of the engine that
// produced them: every rank fetches the levels of its edges' endpoints from
// their owners (one all-to-all there and back), checks each edge, and tells
// the owners which vertices have a neighbour one level up (one more).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/distributed/distributed_bfs.hpp"
#include "algorithms/distributed/local_edges.hpp"

namespace gs::dist {

class BfsCertificate {
 public:
  // Prepares the checks of runs on the graph of `share` (this rank's edges,
  // traversed as undirected; kept by reference): the distinct endpoints of the
  // rank's edges, sorted, with an index into them. Collective.
  BfsCertificate(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& share);

  // The source at level 0; |level(u) - level(v)| <= 1 between reached
  // endpoints; no edge between a reached and an unreached vertex; every
  // reached vertex but the source has a neighbour one level up; and
  // reached/levelsum equal to the sums over the owned levels.
  // VerificationError on every rank, prefixed by `who`. Collective.
  void check(const BfsRun& run, const std::string& who) const;

 private:
  // The position of endpoint x in ends_.
  std::size_t index_of(vid_t x) const;

  mpi::communicator comm_;
  const LocalEdges<std::uint32_t>& share_;
  std::vector<vid_t> ends_;               // the distinct endpoints of this rank's edges, in id order
  std::vector<int> ends_by_owner_;        // how many of them each rank owns
  int shift_ = 0;                         // ends_ positions of ids with equal x >> shift_ ...
  std::vector<std::uint32_t> directory_;  // ... start at directory_[x >> shift_]
};

}  // namespace gs::dist
