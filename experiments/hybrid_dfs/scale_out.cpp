// The distributed programs of hybrid_dfs (algorithms/distributed): pbgl_bfs
// (the Parallel BGL's breadth-first search) and combblas_bfs (CombBLAS's
// direction-optimising one), on every rank of the MPI job: the scale-out
// piece's RMAT graph, of which each rank generates only its share, or the
// --input file, of which each rank reads its byte range. The engines run one
// after the other on the same shares. Rows as the single-process programs':
// one per (root, trial), the same roots for both (root_draws on the giant
// component, found with all-reduces by the first engine), levels certified on
// every rank (Graph500 rules on the edge shares, dist::BfsCertificate) and, where the
// graph fits one process, checked on rank 0 by the suite's verifier on the
// single-process graph, whose answer must be the distributed one.
#include <bit>
#include <boost/mpi/collectives/all_reduce.hpp>
#include <boost/mpi/collectives/scan.hpp>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/distributed/bfs_certificate.hpp"
#include "algorithms/distributed/distributed_programs.hpp"
#include "common/convert.hpp"
#include "common/harness/input_graph.hpp"
#include "common/harness/run_programs.hpp"
#include "common/results.hpp"
#include "common/verify/traversal.hpp"
#include "experiments/hybrid_dfs/config.hpp"
#include "generators/cached_generators.hpp"

namespace gs::hybrid_dfs {
namespace {

namespace mpi = dist::mpi;

// Host bytes of one rank: its share (8 B per edge, kept for the certificate)
// and its part of PBGL's undirected graph (each edge stored at both
// endpoints' owners with its descriptors: ~100 B per edge), per owned vertex
// its adjacency lists, level and degree (~80 B), and the per-vertex count of
// owned_degrees (4 B per vertex). CombBLAS's matrix and its local transpose
// (both directions of every edge, ~5 B per entry each, and the tuples they are
// built from, ~40 B per edge while it is built) and its six vectors (~48 B per
// owned vertex) need less; the engines run one at a time.
std::uint64_t rank_bytes(std::uint64_t share_edges, std::uint64_t owned_vertices, std::uint64_t n) {
  return 108 * share_edges + 80 * owned_vertices + 4 * n;
}

// Rank 0's single-process check: the gathered shares and the single-process
// graph (8 B per edge each), their sorted copies (12 B each), the CSR (8 B per
// edge, 8 B per vertex) and the gathered levels.
std::uint64_t check_bytes(std::uint64_t n, std::uint64_t m) { return 48 * m + 16 * n; }

// root_draws on the distributed graph: the highest-degree vertex (lowest id
// among equals), a search from it (untimed) for its component, and the drawn
// members in id order, each found on the rank that owns it.
std::vector<vid_t> distributed_roots(const mpi::communicator& comm, dist::DistributedBfs& bfs,
                                     const dist::VertexBlock& blk, const std::vector<std::uint32_t>& degree, int count,
                                     std::uint64_t seed) {
  std::uint32_t best = 0;
  for (std::uint32_t d : degree) best = std::max(best, d);
  const std::uint32_t top = mpi::all_reduce(comm, best, mpi::maximum<std::uint32_t>());
  vid_t candidate = kNoVertex;
  for (vid_t i = 0; i < blk.count && candidate == kNoVertex; ++i)
    if (degree[i] == top) candidate = blk.first + i;
  const vid_t hub = mpi::all_reduce(comm, candidate, mpi::minimum<vid_t>());
  const dist::BfsRun component = bfs.run(hub);
  std::vector<vid_t> members;
  for (vid_t i = 0; i < blk.count; ++i)
    if (component.level[i] != dist::kUnreachedLevel) members.push_back(blk.first + i);
  std::uint64_t through = 0;
  mpi::scan(comm, std::uint64_t(members.size()), through, std::plus<std::uint64_t>());
  const std::uint64_t before = through - members.size();
  std::vector<vid_t> roots;
  for (std::uint64_t k : root_draws(component.reached, count, seed)) {
    const vid_t mine = k >= before && k < through ? members[k - before] : 0;
    roots.push_back(mpi::all_reduce(comm, mine, mpi::maximum<vid_t>()));
  }
  return roots;
}

dist::ShareRules<std::uint32_t> share_rules(const CommonOptions& opt) {
  dist::ShareRules<std::uint32_t> r;
  r.generated_id = [&opt](const harness::GraphSize& size) {
    return harness::GraphId{rmat_name(size), "rmat", size.n, size.m, opt.seed};
  };
  r.generated_bytes = [](const harness::GraphSize& size, int ranks) {
    return rank_bytes(size.m / eid_t(ranks) + 1, size.n / vid_t(ranks) + 1, size.n);
  };
  r.each_generates = "its own share";
  r.generate = [&opt](const mpi::communicator& comm, const harness::GraphSize& size) {
    return dist::rmat_share(comm, std::countr_zero(size.n), eid_t(size.m), kRmatA, kRmatB, kRmatC, opt.seed);
  };
  r.weights = dist::FileWeights::ignored;
  r.file_bytes = [](const dist::LocalEdges<std::uint32_t>& l, const dist::VertexBlock& blk) {
    return rank_bytes(l.edges.size(), blk.count, l.n);
  };
  r.admits = "the distributed traversals of ";
  return r;
}

}  // namespace

void run_scale_out(harness::Session& s, const Config& c, const harness::GraphSource& source) {
  const CommonOptions& opt = s.opt();
  const dist::Share<std::uint32_t> share = dist::make_share(s, source, share_rules(opt));
  const mpi::communicator& comm = share.comm;
  const harness::GraphId& id = share.id;
  const std::vector<std::uint32_t> degree = dist::owned_degrees(share);
  const dist::VertexBlock blk = dist::vertex_block(share.local.n, comm.rank(), comm.size());
  std::vector<vid_t> roots;  // --sources, or drawn by the first engine once built
  if (opt.sources_given)
    dist::agree(comm, [&] { roots = harness::VertexIds{}.vertices(opt.sources, share.local.n, id.name); });
  std::string programs;
  for (const harness::ProgramInfo& info : s.programs()) programs += (programs.empty() ? "" : ", ") + info.name;

  // The single-process check, where the graph fits one process: the shares must be the
  // single-process graph, and the verifier on it must give the distributed answer.
  std::unique_ptr<Csr<std::uint32_t>> whole;
  const bool single = dist::single_process_check<std::uint32_t>(
      s, share,
      {.programs = programs,
       .who = "hybrid_dfs " + s.piece().name,
       .bytes = check_bytes(share.local.n, share.local.global_m),
       .edges = [&]() -> EdgeList<std::uint32_t> {
         if (const harness::GraphSize* size = source.size())
           return gen::cached_rmat(std::countr_zero(size->n), eid_t(size->m), kRmatA, kRmatB, kRmatC, opt.seed);
         return harness::read_input<std::uint32_t>(s, source.with_file_ids(), harness::Weights::ignored)
             .el;  // the ranks keep file ids
       },
       .keep =
           [&](EdgeList<std::uint32_t>&& el) {
             el.directed = false;  // traversed as undirected, as the single-process programs do
             whole = std::make_unique<Csr<std::uint32_t>>(edge_list_to_csr(el));
           },
       .certificate = "certificate (Graph500 rules on every rank's edges)",
       .single = "single-process graph and verifier on rank 0"});

  const dist::BfsCertificate certificate(comm, share.local);
  const dist::BfsOptions options{.built = [&](dist::DistributedBfs& bfs) {
    if (!roots.empty()) return;
    roots = distributed_roots(comm, bfs, blk, degree, c.roots_per_graph, opt.seed);
    dist::agree(comm, [&] {
      if (roots.empty()) throw InputError(id.name + ": no roots");
    });
  }};
  const harness::ProgramTable<dist::BfsProgram, dist::BfsOptions> table(dist::bfs_programs());
  using harness::Unit;
  harness::Lineup<dist::BfsProgram> lineup(s, source, table, options,
                                           {{"source", Unit::text},
                                            {"teps", Unit::text},
                                            {"component_edges", Unit::text},
                                            {"setup_s", Unit::seconds},
                                            {"states", Unit::text}},
                                           {.trials = [&](const harness::ProgramInfo&) { return c.trials_per_root; },
                                            .query_columns =
                                                [](const vid_t& v) {
                                                  return harness::ColumnValues{{"source", std::to_string(v)}};
                                                },
                                            .one_series = true});
  // The roots are read once the first engine is prepared (options.built draws them).
  harness::run_programs(
      lineup, id, share, roots,
      harness::CheckOutcome<dist::BfsProgram>(
          [&](const harness::Outcome<dist::BfsRun>& o, const vid_t& root, const std::string& name, int) {
            const dist::BfsRun& r = o.answer;
            certificate.check(r, name);
            std::uint64_t degree_sum = 0;
            for (vid_t i = 0; i < blk.count; ++i)
              if (r.level[i] != dist::kUnreachedLevel) degree_sum += degree[i];
            const std::uint64_t component_edges = mpi::all_reduce(comm, degree_sum, std::plus<std::uint64_t>()) / 2;
            if (single) {
              const std::vector<std::uint32_t> level = dist::gather_levels(comm, r);
              dist::agree(comm, [&] {
                if (comm.rank() != 0) return;
                const verify::TraversalSummary v = verify::check_traversal(*whole, root, level, nullptr, name);
                if (v.answer() != r.answer() || v.component_edges != component_edges)
                  throw VerificationError(name + ": answer " + r.answer() + " with " + std::to_string(component_edges) +
                                          " component edges, single-process verifier " + v.answer() + " with " +
                                          std::to_string(v.component_edges));
              });
            }
            harness::Checked checked{r.answer(),
                                     {{"teps", fmt_number(double(component_edges) / r.seconds)},
                                      {"component_edges", std::to_string(component_edges)}}};
            if (!r.states.empty()) checked.columns["states"] = r.states;
            return checked;
          }));
}

}  // namespace gs::hybrid_dfs
