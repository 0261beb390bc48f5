// Distributed breadth-first search with CombBLAS: the graph as a sparse
// boolean adjacency matrix on CombBLAS's square 2D process grid (rank (i, j)
// holds the block of rows i and columns j), searched direction-optimising as
// in CombBLAS's own Graph500 driver: top-down steps are sparse matrix-sparse
// vector products over the frontier while it is small, bottom-up steps
// (BFSFriends.h: every unreached vertex looks for a parent in the frontier's
// bitmap) while it is large. Levels are recorded per step.
//
// Vertices are relabelled by a fixed bijection of [0, n) before they are laid
// out, so that the RMAT graph's high-degree vertices (small ids) spread over
// the grid's blocks instead of piling into the first, and a few unreachable
// dummy vertices give every block an entry (combblas_bfs.cpp says why);
// results come back in the input's ids and in the vertex blocks of
// collective.hpp (untimed).
// BfsCertificate (bfs_certificate.hpp) checks them.
//
// Built only where CombBLAS is found (GS_HAVE_COMBBLAS); one thread per rank.
#pragma once

#include <memory>
#include <string>

#include "algorithms/distributed/combblas_grid.hpp"
#include "algorithms/distributed/distributed_bfs.hpp"
#include "algorithms/distributed/local_edges.hpp"

namespace gs::dist {

class CombblasBfs final : public DistributedBfs {
 public:
  // Builds the symmetric adjacency matrix (self loops and repeated edges
  // dropped) from every rank's share. ResourceError on every rank when the
  // ranks are not a square count or a rank's block is too large for
  // CombBLAS's 32-bit local indices. Collective.
  CombblasBfs(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& edges);
  ~CombblasBfs() override;
  CombblasBfs(const CombblasBfs&) = delete;
  CombblasBfs& operator=(const CombblasBfs&) = delete;

  vid_t num_vertices() const override;
  double build_seconds() const override;
  BfsRun run(vid_t source) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs::dist
