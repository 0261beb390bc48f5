// pbgl_delta_stepping, the distributed program of dijkstra_deg5 (PBGL's
// delta-stepping, algorithms/distributed), on every rank of the MPI job: the
// scale-out piece's fixed-degree graph, of which each rank generates the arcs
// of the vertices it owns, or the --input file, of which each rank reads its
// byte range. Rows as the single-process programs': one per (source, trial),
// the same sources (pick_sources), distances certified on every rank
// (PbglDeltaStepping::certify) and, where the graph fits one process, checked
// on rank 0 against the single-process graph and the reference Dijkstra
// (verify::check_sssp), whose reached count and distance sum must be the
// distributed ones (the sums up to the order of their float additions).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/distributed/gather.hpp"
#include "algorithms/distributed/local_edges.hpp"
#include "algorithms/distributed/pbgl_delta_stepping.hpp"
#include "common/convert.hpp"
#include "common/harness/input_graph.hpp"
#include "common/results.hpp"
#include "common/verify/sssp.hpp"
#include "experiments/dijkstra_deg5/config.hpp"
#include "generators/cached_generators.hpp"

namespace gs::dijkstra_deg5 {
namespace {

namespace mpi = dist::mpi;

// Host bytes of one rank: its share (12 B per arc) and its part of PBGL's
// directed graph (~48 B per arc), plus ~64 B per owned vertex (adjacency
// list, distances, buckets).
std::uint64_t rank_bytes(std::uint64_t share_arcs, std::uint64_t owned_vertices) {
  return 60 * share_arcs + 64 * owned_vertices;
}

// Rank 0's single-process check: the gathered shares and the single-process
// graph (12 B per arc each), their sorted copies (12 B each), the CSR (8 B per
// arc, 8 B per vertex), the reference distances (8 B) and the gathered ones (4 B).
std::uint64_t check_bytes(std::uint64_t n, std::uint64_t arcs) { return 56 * arcs + 24 * n; }

// The single-process programs' edges (generated or read as they do), on rank 0.
EdgeList<float> single_process_edges(harness::Session& s, const harness::GraphSource& source) {
  const harness::GraphSize* size = source.size();
  if (size) return gen::cached_fixed_degree(vid_t(size->n), kDegree, kMinWeight, kMaxWeight, s.opt().seed);
  return harness::read_input<float>(s, source.with_file_ids(), harness::Weights::required)
      .el;  // the ranks keep file ids
}

}  // namespace

void run_scale_out(harness::Session& s, const Config& c, const harness::GraphSource& source) {
  const harness::GraphSize* size = source.size();
  const mpi::communicator comm;
  const CommonOptions& opt = s.opt();
  const int ranks = comm.size();
  const std::uint64_t per_host = std::uint64_t(s.world().ranks_here());
  harness::GraphId id;
  dist::LocalEdges<float> share;
  if (size) {
    const vid_t n = vid_t(size->n);
    id = {"fixed-degree5-n" + std::to_string(n), "fixed_degree", n, size->m, opt.seed};
    dist::agree(comm, [&] {
      s.admit_host(rank_bytes(size->m / std::uint64_t(ranks) + kDegree, n / vid_t(ranks) + 1) * per_host,
                   s.piece().name + " " + id.name + " on each of the " + std::to_string(ranks) + " rank(s)");
    });
    s.progress().note("generating " + id.name + " on " + std::to_string(ranks) +
                      " rank(s), each its own vertices' arcs");
    share = dist::fixed_degree_share(comm, n, kDegree, kMinWeight, kMaxWeight, opt.seed);
  } else {
    s.progress().note("reading " + source.path() + " on " + std::to_string(ranks) + " rank(s), each its byte range");
    share = dist::read_share<float>(comm, source.path(), dist::FileWeights::required);
    const std::uint64_t arcs = share.directed ? share.global_m : 2 * share.global_m;
    id = {std::filesystem::path(source.path()).filename().string(), "file", share.n, arcs, 0};
    if (share.unit_weights) s.writer().set_meta("input_weights", "unit: the file has no weights");
    const dist::VertexBlock blk = dist::vertex_block(share.n, comm.rank(), ranks);
    dist::agree(comm, [&] {
      s.admit_host(rank_bytes(share.directed ? share.edges.size() : 2 * share.edges.size(), blk.count) * per_host,
                   "pbgl_delta_stepping on " + id.name + " (rank " + std::to_string(comm.rank()) + ")");
    });
  }
  dist::PbglDeltaStepping sssp(comm, share);
  std::vector<vid_t> sources;
  dist::agree(comm, [&] { sources = pick_sources(opt, share.n, c.num_sources, id.name); });

  // The single-process check, where the graph fits one process.
  std::string why_not;
  const bool single = dist::root_has_memory(comm, check_bytes(share.n, id.m),
                                            "the single-process check of pbgl_delta_stepping on " + id.name, why_not);
  std::unique_ptr<Csr<float>> whole;
  if (single) {
    s.progress().note("rank 0: the single-process graph of " + id.name + " for the check");
    const EdgeList<float> shares = dist::gather_share(comm, share);
    dist::agree(comm, [&] {
      if (comm.rank() != 0) return;
      EdgeList<float> el = single_process_edges(s, source);
      dist::check_same_edges(shares, el, sssp::kPbglDeltaStepping);
      whole = std::make_unique<Csr<float>>(edge_list_to_csr(el));
    });
  }
  s.writer().set_meta("distributed_checks", std::string(sssp::kPbglDeltaStepping) + " on " + id.name +
                                                ": certificate (every arc on its rank)" +
                                                (single ? " + single-process graph and reference Dijkstra on rank 0"
                                                        : "; single-process check skipped: " + why_not));
  share.edges = {};

  for (vid_t source : sources) {
    std::vector<double> reference;
    if (single) {
      dist::agree(comm, [&] {
        if (comm.rank() == 0) reference = verify::reference_dijkstra(*whole, source);
      });
    }
    for (const harness::ProgramInfo& info : s.programs()) {
      s.trials(s.row(id, info, 1), [&](int) {
        const dist::SsspRun r = sssp.run(source);
        sssp.certify(r);
        if (single) {
          const std::vector<float> distances = dist::gather_distances(comm, r);
          dist::agree(comm, [&] {
            if (comm.rank() != 0) return;
            const verify::SsspSummary v = verify::check_sssp(*whole, source, distances, reference, info.name);
            if (v.reached != r.reached || std::fabs(v.distsum - r.distsum) > 1e-9 * std::max(1.0, v.distsum))
              throw VerificationError(info.name + ": answer " + r.answer() + ", single-process verifier " + v.answer());
          });
        }
        TrialOutcome t;
        t.seconds = r.seconds;
        t.answer = r.answer();
        t.extra["source"] = std::to_string(source);
        t.extra["delta"] = fmt_number(r.delta);
        return t;
      });
    }
  }
}

}  // namespace gs::dijkstra_deg5
