// Distributed breadth-first search with the Parallel BGL: PBGL's
// breadth_first_search over its distributed adjacency_list (undirected), with
// its distributed queue in its default, non-polling mode, which finishes a
// level on every rank before any rank starts the next (so the levels it
// records are BFS distances). Levels are recorded on tree edges into a
// distributed property map whose owner keeps the smallest value it is sent.
//
// Results stay distributed: each rank holds the levels of the vertices it
// owns (its VertexBlock); BfsCertificate (bfs_certificate.hpp) checks them.
#pragma once

#include <memory>

#include "algorithms/distributed/distributed_bfs.hpp"
#include "algorithms/distributed/local_edges.hpp"

namespace gs::dist {

class PbglBfs final : public DistributedBfs {
 public:
  // Builds the undirected distributed graph from every rank's share (weights
  // ignored). Collective.
  PbglBfs(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& edges);
  ~PbglBfs() override;
  PbglBfs(const PbglBfs&) = delete;
  PbglBfs& operator=(const PbglBfs&) = delete;

  vid_t num_vertices() const override;
  double build_seconds() const override;
  BfsRun run(vid_t source) override;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs::dist
