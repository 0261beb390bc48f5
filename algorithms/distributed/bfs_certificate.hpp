// The Graph500 rules for a distributed breadth-first search, checked on the
// ranks' edge shares and the run's levels, independently of the engine that
// produced them: every rank fetches the levels of its edges' endpoints from
// their owners (one all-to-all there and back), checks each edge, and tells
// the owners which vertices have a neighbour one level up (one more).
#pragma once

#include <string>

#include "algorithms/distributed/distributed_bfs.hpp"
#include "algorithms/distributed/local_edges.hpp"

namespace gs::dist {

// The source at level 0; |level(u) - level(v)| <= 1 between reached
// endpoints; no edge between a reached and an unreached vertex; every reached
// vertex but the source has a neighbour one level up; and reached/levelsum
// equal to the sums over the owned levels. `share` is the graph the run
// searched (this rank's edges, traversed as undirected). VerificationError on
// every rank, prefixed by `who`. Collective.
void certify_bfs(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& share, const BfsRun& run,
                 const std::string& who);

}  // namespace gs::dist
