// What the distributed breadth-first searches (pbgl_bfs.hpp, combblas_bfs.hpp)
// have in common: one search's result, laid out by the vertex blocks of
// collective.hpp whatever the engine's own layout, and the interface the
// experiments drive them through. The result is checked by BfsCertificate
// (bfs_certificate.hpp), the same certificate for every engine.
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
  std::string states;                // per step, 'T' top-down or 'B' bottom-up (direction-optimising engines)
  std::string answer() const;        // "reached=R;levelsum=L", as the single-process programs
};

// A distributed search over an undirected graph built from every rank's
// share of edges (a directed share is traversed as undirected, as the suite
// traverses RMAT graphs). Every call is collective.
class DistributedBfs {
 public:
  virtual ~DistributedBfs() = default;
  virtual vid_t num_vertices() const = 0;
  // Graph construction, barrier to barrier.
  virtual double build_seconds() const = 0;
  // One search from `source` (InputError on every rank when source >= n).
  virtual BfsRun run(vid_t source) = 0;
};

// The engines: pbgl_bfs.hpp, combblas_bfs.hpp (where CombBLAS is found).
enum class BfsEngine { pbgl, combblas };

// The engine's search over the graph of every rank's share, built (collective).
// combblas in a build without CombBLAS: std::logic_error (its program is absent there).
std::unique_ptr<DistributedBfs> make_bfs(BfsEngine engine, const mpi::communicator& comm,
                                         const LocalEdges<std::uint32_t>& share);

// The run's block of levels with its totals summed over the ranks. Collective.
BfsRun bfs_run_of(const mpi::communicator& comm, vid_t n, vid_t source, std::vector<std::uint32_t> level,
                  double seconds);

// Rank 0: the levels of all n vertices; other ranks: empty. Collective. For
// graphs whose level array fits one process.
std::vector<std::uint32_t> gather_levels(const mpi::communicator& comm, const BfsRun& run);

}  // namespace gs::dist
