// The distributed lifecycle every experiment's scale-out shares, on every rank
// of the MPI job: a rank's share of the piece's graph (generated, each rank its
// own part, or the --input file's byte range), admitted before it is made; and
// the optional single-process check on rank 0 (the gathered shares must be the
// single-process programs' graph, which rank 0 then keeps for the verifier).
// The distributed programs then run on the share as harness::Programs
// (distributed_programs.hpp) through harness::run_programs.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/distributed/gather.hpp"
#include "algorithms/distributed/local_edges.hpp"
#include "common/harness/graph_source.hpp"
#include "common/harness/session.hpp"

namespace gs::dist {

// A rank's share of one graph: the distributed programs' Graph.
template <class W>
struct Share {
  mpi::communicator comm;
  harness::GraphId id;
  LocalEdges<W> local;
  double seconds = 0;  // this rank's wall seconds to admit and generate or read it
};

// How an experiment's graph is shared over the ranks.
template <class W>
struct ShareRules {
  // The generated graph of a piece size: its id, the host bytes of one rank
  // (times the ranks on a host are admitted), what each rank generates (the
  // progress note's "each ...") and the generator.
  std::function<harness::GraphId(const harness::GraphSize&)> generated_id;
  std::function<std::uint64_t(const harness::GraphSize&, int ranks)> generated_bytes;
  std::string each_generates;
  std::function<LocalEdges<W>(const mpi::communicator&, const harness::GraphSize&)> generate;
  // The --input file: its weights (required: unit weights are said in the
  // metadata), read as undirected where force_undirected; its edge count in the
  // id (default global_m); one rank's host bytes for its share and owned block,
  // admitted as `admits` + graph + " (rank r)".
  FileWeights weights = FileWeights::required;
  bool force_undirected = false;
  std::function<std::uint64_t(const LocalEdges<W>&)> file_m;
  std::function<std::uint64_t(const LocalEdges<W>&, const VertexBlock&)> file_bytes;
  std::string admits;
};

// This rank's share of the graph of `source`, admitted first (ResourceError on
// every rank where one rank's does not fit). Collective.
template <class W>
Share<W> make_share(harness::Session& s, const harness::GraphSource& source, const ShareRules<W>& rules) {
  Share<W> share;
  const mpi::communicator& comm = share.comm;
  const int ranks = comm.size();
  const std::uint64_t per_host = std::uint64_t(s.world().ranks_here());
  const double t0 = wall_seconds();
  if (const harness::GraphSize* size = source.size()) {
    share.id = rules.generated_id(*size);
    agree(comm, [&] {
      s.admit_host(rules.generated_bytes(*size, ranks) * per_host,
                   s.piece().name + " " + share.id.name + " on each of the " + std::to_string(ranks) + " rank(s)");
    });
    s.progress().note("generating " + share.id.name + " on " + std::to_string(ranks) + " rank(s), each " +
                      rules.each_generates);
    share.local = rules.generate(comm, *size);
  } else {
    s.progress().note("reading " + source.path() + " on " + std::to_string(ranks) + " rank(s), each its byte range");
    share.local = read_share<W>(comm, source.path(), rules.weights, rules.force_undirected);
    const LocalEdges<W>& l = share.local;
    share.id = {std::filesystem::path(source.path()).filename().string(), "file", l.n,
                rules.file_m ? rules.file_m(l) : l.global_m, 0};
    if (rules.weights == FileWeights::required && l.unit_weights)
      s.writer().set_meta("input_weights", "unit: the file has no weights");
    const VertexBlock blk = vertex_block(l.n, comm.rank(), ranks);
    agree(comm, [&] {
      s.admit_host(rules.file_bytes(l, blk) * per_host,
                   rules.admits + share.id.name + " (rank " + std::to_string(comm.rank()) + ")");
    });
  }
  share.seconds = wall_seconds() - t0;
  return share;
}

// The degrees of the vertices this rank owns in the undirected graph of a
// share (both endpoints of every edge, a self loop twice: the CSR's degree),
// summed over every rank's share with one reduce-scatter of a per-vertex count. Collective.
template <class W>
std::vector<std::uint32_t> owned_degrees(const Share<W>& share) {
  const mpi::communicator& comm = share.comm;
  const LocalEdges<W>& l = share.local;
  std::vector<std::uint32_t> count;
  std::vector<int> blocks(std::size_t(comm.size()));
  agree(comm, [&] {
    count.assign(l.n, 0);
    for (eid_t e = 0; e < l.edges.size(); ++e) {
      ++count[l.edges.u[e]];
      ++count[l.edges.v[e]];
    }
    for (int r = 0; r < comm.size(); ++r) blocks[std::size_t(r)] = int(vertex_block(l.n, r, comm.size()).count);
  });
  std::vector<std::uint32_t> mine(static_cast<std::size_t>(blocks[std::size_t(comm.rank())]));
  MPI_Reduce_scatter(count.data(), mine.data(), blocks.data(), MPI_UINT32_T, MPI_SUM, MPI_Comm(comm));
  return mine;
}

// The single-process check of `programs` on a share, where the graph fits rank 0.
template <class W>
struct SingleProcessCheck {
  std::string programs;     // named in the metadata and in the memory check
  std::string who;          // named when the shares are not the single-process graph
  std::uint64_t bytes = 0;  // rank 0's bytes for it
  // Rank 0: the single-process programs' graph (generated or read as they do),
  // compared with the gathered shares; then given to `keep` (the verifier's input).
  std::function<EdgeList<W>()> edges;
  std::function<void(EdgeList<W>&&)> keep;
  // The metadata's distributed_checks: programs on graph: certificate [+ single].
  std::string certificate;
  std::string single;
};

// Runs the setup of the check where rank 0 has the memory (the same answer on
// every rank) and says in the metadata what is checked; true where it runs. Collective.
template <class W>
bool single_process_check(harness::Session& s, const Share<W>& share, const SingleProcessCheck<W>& c) {
  const mpi::communicator& comm = share.comm;
  std::string why_not;
  const bool single =
      root_has_memory(comm, c.bytes, "the single-process check of " + c.programs + " on " + share.id.name, why_not);
  if (single) {
    s.progress().note("rank 0: the single-process graph of " + share.id.name + " for the check");
    const EdgeList<W> shares = gather_share(comm, share.local);
    agree(comm, [&] {
      if (comm.rank() != 0) return;
      EdgeList<W> el = c.edges();
      check_same_edges(shares, el, c.who);
      c.keep(std::move(el));
    });
  }
  s.writer().set_meta("distributed_checks",
                      c.programs + " on " + share.id.name + ": " + c.certificate +
                          (single ? " + " + c.single : "; single-process check skipped: " + why_not));
  return single;
}

}  // namespace gs::dist
