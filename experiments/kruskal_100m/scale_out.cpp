// pbgl_boruvka, the distributed program of kruskal_100m (PBGL's dense
// Boruvka, algorithms/distributed), on every rank of the MPI job: the
// scale-out piece's path+random graph, of which each rank generates its slice
// of the edge indices, or the --input file (read as undirected), of which each
// rank reads its byte range. Rows as the single-process programs': one per
// trial, the forest certified on every rank (PbglBoruvka::certify) and, where
// the graph fits one process, checked on rank 0 by the suite's MsfVerifier on
// the single-process graph, whose answer must be the distributed one.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/distributed/gather.hpp"
#include "algorithms/distributed/local_edges.hpp"
#include "algorithms/distributed/pbgl_boruvka.hpp"
#include "common/results.hpp"
#include "common/verify/msf.hpp"
#include "experiments/kruskal_100m/graph.hpp"
#include "experiments/kruskal_100m/kruskal_100m.hpp"

namespace gs::kruskal_100m {
namespace {

namespace mpi = dist::mpi;

// Host bytes of one rank: its share (12 B per edge) and its part of PBGL's
// undirected graph (~100 B per edge at its endpoints' owners), plus the local
// forest and per-vertex arrays of dense Boruvka (~64 B per vertex, every rank).
std::uint64_t rank_bytes(std::uint64_t share_edges, std::uint64_t n) { return 112 * share_edges + 64 * n; }

// Rank 0's single-process check: the gathered shares and the single-process
// graph (12 B per edge each), their sorted copies (12 B each) and the
// verifier's order of the edges (16 B per edge), plus the forests.
std::uint64_t check_bytes(std::uint64_t n, std::uint64_t m) { return 64 * m + 32 * n; }

}  // namespace

void run_scale_out(harness::Session& s, const Config&, const harness::GraphSource& source) {
  const harness::GraphSize* size = source.size();
  const mpi::communicator comm;
  const CommonOptions& opt = s.opt();
  const int ranks = comm.size();
  const std::uint64_t per_host = std::uint64_t(s.world().ranks_here());
  harness::GraphId id;
  dist::LocalEdges<std::uint32_t> share;
  const double t0 = dist::wall_seconds();
  if (size) {
    const eid_t m = eid_t(size->m);
    id = {"path-random-n" + std::to_string(kVertices) + "-m" + std::to_string(m), "path_random", kVertices, m,
          opt.seed};
    dist::agree(comm, [&] {
      s.admit_host(rank_bytes(m / eid_t(ranks) + 1, kVertices) * per_host,
                   s.piece().name + " " + id.name + " on each of the " + std::to_string(ranks) + " rank(s)");
    });
    s.progress().note("generating " + id.name + " on " + std::to_string(ranks) + " rank(s), each its own edges");
    share = dist::path_random_share(comm, kVertices, m, kMaxWeight, opt.seed);
  } else {
    s.progress().note("reading " + source.path() + " on " + std::to_string(ranks) + " rank(s), each its byte range");
    share =
        dist::read_share<std::uint32_t>(comm, source.path(), dist::FileWeights::required, /*force_undirected=*/true);
    id = {std::filesystem::path(source.path()).filename().string(), "file", share.n, share.global_m, 0};
    if (share.unit_weights) s.writer().set_meta("input_weights", "unit: the file has no weights");
    dist::agree(comm, [&] {
      s.admit_host(rank_bytes(share.edges.size(), share.n) * per_host,
                   std::string(kPbglBoruvka) + " on " + id.name + " (rank " + std::to_string(comm.rank()) + ")");
    });
  }
  const double generate_s = dist::slowest(comm, dist::wall_seconds() - t0);
  dist::PbglBoruvka msf(comm, share);

  // The single-process check, where the graph fits one process.
  std::string why_not;
  const bool single = dist::root_has_memory(comm, check_bytes(share.n, share.global_m),
                                            "the single-process check of pbgl_boruvka on " + id.name, why_not);
  Workload whole;  // rank 0, with the single-process check
  std::unique_ptr<verify::MsfVerifier<std::uint32_t>> verifier;
  if (single) {
    s.progress().note("rank 0: the single-process graph of " + id.name + " for the check");
    const EdgeList<std::uint32_t> shares = dist::gather_share(comm, share);
    dist::agree(comm, [&] {
      if (comm.rank() != 0) return;
      whole = size ? generate(s, eid_t(size->m)) : read(s, source.with_file_ids());  // the ranks keep file ids
      whole.el.directed = shares.directed;
      dist::check_same_edges(shares, whole.el, kPbglBoruvka);
      whole.el.directed = false;
      verifier = std::make_unique<verify::MsfVerifier<std::uint32_t>>(whole.el);
    });
  }
  s.writer().set_meta("distributed_checks", std::string(kPbglBoruvka) + " on " + id.name +
                                                ": certificate (every rank's copy of the forest, " +
                                                "acyclic, n - components edges)" +
                                                (single ? " + single-process graph and MsfVerifier on rank 0"
                                                        : "; single-process check skipped: " + why_not));
  share.edges = {};

  for (const harness::ProgramInfo& info : s.programs()) {
    s.trials(s.row(id, info, 1), [&](int) {
      const dist::MsfRun r = msf.run();
      msf.certify(r);
      if (single) {
        const std::vector<Edge<std::uint32_t>> forest = dist::gather_forest(comm, r);
        dist::agree(comm, [&] {
          if (comm.rank() != 0) return;
          const std::string serial = verifier->check(forest, info.name).answer();
          if (serial != r.answer())
            throw VerificationError(info.name + ": answer " + r.answer() + ", single-process verifier " + serial);
        });
      }
      TrialOutcome t;
      t.seconds = r.seconds;
      t.answer = r.answer();
      t.extra["generate_s"] = fmt_seconds(generate_s);
      t.extra["build_s"] = fmt_seconds(msf.build_seconds());
      return t;
    });
  }
}

}  // namespace gs::kruskal_100m
