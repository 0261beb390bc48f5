// pbgl_boruvka, the distributed program of kruskal_100m (PBGL's dense
// Boruvka, algorithms/distributed), on every rank of the MPI job: the
// scale-out piece's path+random graph, of which each rank generates its slice
// of the edge indices, or the --input file (read as undirected), of which each
// rank reads its byte range. Rows as the single-process programs': one per
// trial, the forest certified on every rank (PbglBoruvka::certify) and, where
// the graph fits one process, checked on rank 0 by the suite's MsfVerifier on
// the single-process graph, whose answer must be the distributed one.
#include <memory>
#include <string>
#include <vector>

#include "algorithms/distributed/distributed_programs.hpp"
#include "common/harness/run_programs.hpp"
#include "common/verify/msf.hpp"
#include "experiments/kruskal_100m/graph.hpp"
#include "experiments/kruskal_100m/kruskal_100m.hpp"

namespace gs::kruskal_100m {
namespace {

// Host bytes of one rank: its share (12 B per edge) and its part of PBGL's
// undirected graph (~100 B per edge at its endpoints' owners), plus the local
// forest and per-vertex arrays of dense Boruvka (~64 B per vertex, every rank).
std::uint64_t rank_bytes(std::uint64_t share_edges, std::uint64_t n) { return 112 * share_edges + 64 * n; }

// Rank 0's single-process check: the gathered shares and the single-process
// graph (12 B per edge each), their sorted copies (12 B each) and the
// verifier's order of the edges (16 B per edge), plus the forests.
std::uint64_t check_bytes(std::uint64_t n, std::uint64_t m) { return 64 * m + 32 * n; }

dist::ShareRules<std::uint32_t> share_rules(const CommonOptions& opt) {
  dist::ShareRules<std::uint32_t> r;
  r.generated_id = [&opt](const harness::GraphSize& size) {
    return harness::GraphId{"path-random-n" + std::to_string(kVertices) + "-m" + std::to_string(size.m), "path_random",
                            kVertices, size.m, opt.seed};
  };
  r.generated_bytes = [](const harness::GraphSize& size, int ranks) {
    return rank_bytes(eid_t(size.m) / eid_t(ranks) + 1, kVertices);
  };
  r.each_generates = "its own edges";
  r.generate = [&opt](const dist::mpi::communicator& comm, const harness::GraphSize& size) {
    return dist::path_random_share(comm, kVertices, eid_t(size.m), kMaxWeight, opt.seed);
  };
  r.force_undirected = true;
  r.file_bytes = [](const dist::LocalEdges<std::uint32_t>& l, const dist::VertexBlock&) {
    return rank_bytes(l.edges.size(), l.n);
  };
  r.admits = std::string(kPbglBoruvka) + " on ";
  return r;
}

}  // namespace

void run_scale_out(harness::Session& s, const Config& c, const harness::GraphSource& source) {
  dist::Share<std::uint32_t> share = dist::make_share(s, source, share_rules(s.opt()));

  // The single-process check, where the graph fits one process: rank 0's graph and verifier.
  EdgeList<std::uint32_t> whole;
  std::unique_ptr<verify::MsfVerifier<std::uint32_t>> verifier;
  const bool single = dist::single_process_check<std::uint32_t>(
      s, share,
      {.programs = kPbglBoruvka,
       .who = kPbglBoruvka,
       .bytes = check_bytes(share.local.n, share.local.global_m),
       .edges =
           [&] {
             const harness::GraphSize* size = source.size();
             Workload w =
                 size ? generate(s, eid_t(size->m)) : read(s, source.with_file_ids());  // the ranks keep file ids
             w.el.directed = share.local.directed;
             return std::move(w.el);
           },
       .keep =
           [&](EdgeList<std::uint32_t>&& el) {
             whole = std::move(el);
             whole.directed = false;
             verifier = std::make_unique<verify::MsfVerifier<std::uint32_t>>(whole);
           },
       .certificate = "certificate (every rank's copy of the forest, acyclic, n - components edges)",
       .single = "single-process graph and MsfVerifier on rank 0"});

  const harness::ProgramTable<dist::MsfProgram, Config> table(dist::msf_programs());
  harness::Lineup<dist::MsfProgram> lineup(
      s, source, table, c, {{"generate_s", harness::Unit::seconds}, {"build_s", harness::Unit::seconds}});
  harness::run_programs(
      lineup, share.id, share,
      harness::Verifier<dist::MsfProgram>([&](const dist::MsfRun& r, harness::NoQuery, const std::string& name) {
        if (!single) return r.answer();
        const std::vector<Edge<std::uint32_t>> forest = dist::gather_forest(share.comm, r);
        dist::agree(share.comm, [&] {
          if (share.comm.rank() != 0) return;
          const std::string serial = verifier->check(forest, name).answer();
          if (serial != r.answer())
            throw VerificationError(name + ": answer " + r.answer() + ", single-process verifier " + serial);
        });
        return r.answer();
      }));
}

}  // namespace gs::kruskal_100m
