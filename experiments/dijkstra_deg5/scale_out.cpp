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
#include <memory>
#include <string>
#include <vector>

#include "algorithms/distributed/distributed_programs.hpp"
#include "common/convert.hpp"
#include "common/harness/input_graph.hpp"
#include "common/harness/run_programs.hpp"
#include "common/verify/sssp.hpp"
#include "experiments/dijkstra_deg5/config.hpp"
#include "generators/cached_generators.hpp"

namespace gs::dijkstra_deg5 {
namespace {

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

dist::ShareRules<float> share_rules(const CommonOptions& opt) {
  dist::ShareRules<float> r;
  r.generated_id = [&opt](const harness::GraphSize& size) {
    return harness::GraphId{"fixed-degree5-n" + std::to_string(size.n), "fixed_degree", size.n, size.m, opt.seed};
  };
  r.generated_bytes = [](const harness::GraphSize& size, int ranks) {
    return rank_bytes(size.m / std::uint64_t(ranks) + kDegree, vid_t(size.n) / vid_t(ranks) + 1);
  };
  r.each_generates = "its own vertices' arcs";
  r.generate = [&opt](const dist::mpi::communicator& comm, const harness::GraphSize& size) {
    return dist::fixed_degree_share(comm, vid_t(size.n), kDegree, kMinWeight, kMaxWeight, opt.seed);
  };
  r.file_m = [](const dist::LocalEdges<float>& l) { return l.directed ? l.global_m : 2 * l.global_m; };
  r.file_bytes = [](const dist::LocalEdges<float>& l, const dist::VertexBlock& blk) {
    return rank_bytes(l.directed ? l.edges.size() : 2 * l.edges.size(), blk.count);
  };
  r.admits = std::string(sssp::kPbglDeltaStepping) + " on ";
  return r;
}

}  // namespace

void run_scale_out(harness::Session& s, const Config& c, const harness::GraphSource& source) {
  dist::Share<float> share = dist::make_share(s, source, share_rules(s.opt()));
  const harness::GraphId& id = share.id;
  std::vector<vid_t> sources;
  dist::agree(share.comm, [&] { sources = pick_sources(s.opt(), share.local.n, c.num_sources, id.name); });

  // The single-process check, where the graph fits one process: rank 0's CSR.
  std::unique_ptr<Csr<float>> whole;
  const bool single = dist::single_process_check<float>(
      s, share,
      {.programs = sssp::kPbglDeltaStepping,
       .who = sssp::kPbglDeltaStepping,
       .bytes = check_bytes(share.local.n, id.m),
       .edges = [&]() -> EdgeList<float> {
         if (const harness::GraphSize* size = source.size())
           return gen::cached_fixed_degree(vid_t(size->n), kDegree, kMinWeight, kMaxWeight, s.opt().seed);
         return harness::read_input<float>(s, source.with_file_ids(), harness::Weights::required)
             .el;  // the ranks keep file ids
       },
       .keep = [&](EdgeList<float>&& el) { whole = std::make_unique<Csr<float>>(edge_list_to_csr(el)); },
       .certificate = "certificate (every arc on its rank)",
       .single = "single-process graph and reference Dijkstra on rank 0"});

  const harness::ProgramTable<dist::SsspProgram, Config> table(dist::sssp_programs());
  harness::Lineup<dist::SsspProgram> lineup(s, source, table, c,
                                            {{"source", harness::Unit::text}, {"delta", harness::Unit::text}},
                                            {.query_columns =
                                                 [](const vid_t& v) {
                                                   return harness::ColumnValues{{"source", std::to_string(v)}};
                                                 },
                                             .queries_outer = true});
  vid_t cached = kNoVertex;  // the source of `reference`
  std::vector<double> reference;
  harness::run_programs(
      lineup, id, share, sources,
      harness::Verifier<dist::SsspProgram>([&](const dist::SsspRun& r, const vid_t& from, const std::string& name) {
        if (!single) return r.answer();
        const std::vector<float> distances = dist::gather_distances(share.comm, r);
        dist::agree(share.comm, [&] {
          if (share.comm.rank() != 0) return;
          if (cached != from) reference = verify::reference_dijkstra(*whole, from), cached = from;
          const verify::SsspSummary v = verify::check_sssp(*whole, from, distances, reference, name);
          if (v.reached != r.reached || std::fabs(v.distsum - r.distsum) > 1e-9 * std::max(1.0, v.distsum))
            throw VerificationError(name + ": answer " + r.answer() + ", single-process verifier " + v.answer());
        });
        return r.answer();
      }));
}

}  // namespace gs::dijkstra_deg5
