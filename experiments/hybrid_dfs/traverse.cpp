// One graph of a traversal piece: admission, the graph (generated or the --input
// file), its roots, and one verified row per (program, threads, root, trial).

#include <algorithm>
#include <bit>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/harness/input_graph.hpp"
#include "common/harness/run_programs.hpp"
#include "common/scoped_threads.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#include "common/verify/verified_levels.hpp"
#include "experiments/hybrid_dfs/config.hpp"
#include "generators/cached_generators.hpp"

namespace gs::hybrid_dfs {

std::string rmat_name(const harness::GraphSize& size) {
  return "rmat-s" + std::to_string(std::countr_zero(size.n)) + "-m" + std::to_string(size.m);
}

harness::GraphSize grid_size(std::uint64_t side) { return {side * side, 2 * side * (side - 1)}; }

std::string grid_name(const harness::GraphSize& size) {
  const std::string side = std::to_string(std::llround(std::sqrt(double(size.n))));
  return "grid-" + side + "x" + side;
}

const std::vector<harness::Column>& columns() {
  using harness::Unit;
  static const std::vector<harness::Column> kColumns = {{"source", Unit::text},
                                                        {"teps", Unit::number},
                                                        {"component_edges", Unit::count},
                                                        {"upload_s"},
                                                        {"cpu_s"},
                                                        {"h2d_s"},
                                                        {"init_s"},
                                                        {"compute_s"},
                                                        {"d2h_s"},
                                                        {"setup_s"},
                                                        {"gbs", Unit::number},
                                                        {"states", Unit::text},
                                                        {"widen_s"},
                                                        {"late", Unit::count},
                                                        {"branch_ms", Unit::text},
                                                        {"bytes_read", Unit::count},
                                                        {"gpus", Unit::count},
                                                        {"comm_s"},
                                                        {"imbalance", Unit::number},
                                                        {"level_ms", Unit::text},
                                                        {"relabel_s"},
                                                        {"load_s"},
                                                        {"gpu_bytes", Unit::count}};
  return kColumns;
}

std::vector<std::uint64_t> root_draws(std::uint64_t members, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + 12345);
  std::vector<std::uint64_t> out;
  for (int i = 0; i < count && members > 0; ++i) out.push_back(rng() % members);
  return out;
}

namespace {

using traversal::TraversalProgram;

// Host bytes for generating (peak ~16 B/edge), the CSR (2 arcs * 4 B + offsets), the traversal
// workspaces, and the CPU programs' deferred-claim buckets (up to 4 B per arc of a branch, kept
// between traversals: 8 B per edge at worst).
std::uint64_t graph_bytes(const harness::GraphSize& size) {
  const std::uint64_t n = size.n, m = size.m;
  return std::max<std::uint64_t>(16 * m, 8 * m + 8 * m) + 8 * m + 8 * (n + 1) + 24 * n;
}
constexpr const char* kHostContents = "edge list, CSR, traversal workspaces";

// The session's programs for a graph, admitted with their own needs before anything of
// its size is allocated; false: none of them runs on it. A piece of kind kRmatEachSize
// runs its CPU programs on a size where the GPU ones do not fit; elsewhere a refusal ends
// the run (exit 3), never with 0 rows. Rows: one per (root, trial), the roots in one
// series of trials per program (one warm-up, from the first root); dobfs_mgpu's rows
// run at each of its GPU counts (column gpus) on one thread.
struct Traversals {
  Traversals(harness::Session& s, const Config& c, const harness::GraphSource& source)
      : lineup(s, source, traversals(), c, columns(),
               {.threads =
                    [&s, &c](const harness::ProgramInfo& info) {
                      if (info.name != traversal::name::dobfs_mgpu) return s.threads_for(info);
                      std::vector<int> counts = traversal::mgpu_gpu_counts(c);
                      // Admission still counts the fewest GPUs of the list: it may refuse a
                      // graph that only the most would hold.
                      if (s.piece().kind == kRmatMostGpus && !counts.empty())
                        counts = {*std::max_element(counts.begin(), counts.end())};
                      return counts;
                    },
                .trials = [&c](const harness::ProgramInfo&) { return c.trials_per_root; },
                .query_columns =
                    [this](const vid_t& root) {
                      return harness::ColumnValues{{"source", std::to_string(ids.file_id(root))}, {"load_s", load_s}};
                    },
                .one_series = true}) {}
  bool admit(harness::Session& s, const std::string& graph, const harness::GraphSize& size) {
    if (s.piece().kind == kRmatEachSize) return lineup.admit_each_device(graph, size, graph_bytes(size), kHostContents);
    lineup.admit(graph, size, graph_bytes(size), kHostContents);
    return true;
  }

  harness::VertexIds ids;  // an --input graph's file ids (the source column)
  double load_s = 0;       // reading (or generating) the graph and building its CSR, on every row
  harness::Lineup<TraversalProgram> lineup;
};

// The roots of root_draws (the giant component of an RMAT graph).
std::vector<vid_t> giant_component_roots(const Csr<std::uint32_t>& g, int count, std::uint64_t seed) {
  vid_t hub = 0;
  for (vid_t x = 1; x < g.n; ++x)
    if (g.degree(x) > g.degree(hub)) hub = x;
  traversal::CpuWorkspace ws(g.n);
  std::vector<std::uint32_t> level;
  traversal::dobfs_omp(traversal::view_of(g), hub, level, ws, traversal::DirectionOptions{});  // O(n + m) at any depth
  std::vector<vid_t> members;
  for (vid_t x = 0; x < g.n; ++x)
    if (level[x] != verify::kUnreached) members.push_back(x);
  std::vector<vid_t> roots;
  for (std::uint64_t k : root_draws(members.size(), count, seed)) roots.push_back(members[k]);
  return roots;
}

// Every program from every root (--sources, else drawn); each traversal checked, untimed:
// a root's first answer with the Graph500 rules, a later one by equal levels
// (verified_levels.hpp). The check also gives its component's edges (TEPS); bytes read.
// `where` names the graph in messages (the file's path, or the generated graph).
void run_programs(harness::Session& s, const Config& c, Traversals& t, const harness::GraphId& id,
                  const Csr<std::uint32_t>& g, const std::string& where) {
  const CommonOptions& opt = s.opt();
  const std::vector<vid_t> roots = opt.sources_given ? t.ids.vertices(opt.sources, g.n, where)
                                                     : giant_component_roots(g, c.roots_per_graph, opt.seed);
  const traversal::TraversalGraph graph(g);
  verify::VerifiedLevels<std::uint32_t> verified(g);  // each root's levels checked in full once
  harness::run_programs(
      t.lineup, id, graph, roots,
      harness::CheckOutcome<TraversalProgram>([&](const harness::Outcome<traversal::TraversalAnswer>& r,
                                                  const vid_t& root, const std::string& program, int) {
        const ScopedThreads all(s.max_threads());  // verifying and counting are not timed
        const traversal::TraversalAnswer& a = r.answer;
        const verify::TraversalSummary v = verified.check(root, *a.level, a.parent, program);
        harness::Checked out{
            v.answer(),
            {{"teps", double(v.component_edges) / r.seconds}, {"component_edges", double(v.component_edges)}}};
        if (!a.branch_kinds.empty())
          out.columns["bytes_read"] =
              double(a.traversed ? traversal::bytes_read(*a.traversed, *a.traversed_level, a.branch_kinds)
                                 : traversal::bytes_read(traversal::view_of(g), *a.level, a.branch_kinds));
        return out;
      }));
}

// The graph's CSR, built after its edge list took `before_s` to read or generate: the
// graph's load time (both) in `load_s`, and a progress note that says where it went.
Csr<std::uint32_t> load_csr(harness::Session& s, const std::string& graph, const EdgeList<std::uint32_t>& el,
                            const std::string& before, double before_s, double& load_s) {
  WallTimer t;
  CsrBuildTimes spent;
  Csr<std::uint32_t> g = edge_list_to_csr(el, true, &spent);
  const double csr_s = t.seconds();
  load_s = before_s + csr_s;
  s.progress().note(graph + ": " + before + " in " + fmt_seconds(before_s) + " s, CSR in " + fmt_seconds(csr_s) +
                    " s (" + (spent.by_buckets ? "by buckets" : "by owner") + ": check " + fmt_seconds(spent.check_s) +
                    ", count " + fmt_seconds(spent.count_s) + ", allocate " + fmt_seconds(spent.allocate_s) +
                    ", place " + fmt_seconds(spent.place_s) + ", sort " + fmt_seconds(spent.sort_s) + "; " +
                    std::to_string(g.num_arcs()) + " arcs)");
  return g;
}

void run_input(harness::Session& s, const Config& c, const harness::GraphSource& source) {
  Traversals programs(s, c, source);
  WallTimer t;
  harness::InputGraph<std::uint32_t> in = harness::read_input<std::uint32_t>(s, source, harness::Weights::ignored);
  in.el.directed = false;  // traversed as undirected, as the generated graphs
  const double read_s = t.seconds();
  programs.admit(s, in.id.name, {in.el.n, in.el.size()});
  const Csr<std::uint32_t> g = load_csr(s, in.id.name, in.el, "read", read_s, programs.load_s);
  in.el = {};
  programs.ids = std::move(in.ids);
  run_programs(s, c, programs, in.id, g, source.path());
}

// A generated graph: `make` returns its edge list (each edge once, traversed as undirected).
template <class Make>
void run_generated(harness::Session& s, const Config& c, harness::GraphId id, const harness::GraphSize& size,
                   const std::string& description, Make make) {
  id.seed = s.opt().seed;
  Traversals programs(s, c, harness::GraphSource::generated(size));
  if (!programs.admit(s, id.name, size)) return;  // only GPU programs were asked for, and they do not fit
  s.progress().note("generating " + id.name + " (" + description + "; cached when large)");
  WallTimer t;
  EdgeList<std::uint32_t> el = make();
  el.directed = false;
  const Csr<std::uint32_t> g = load_csr(s, id.name, el, "generated/loaded", t.seconds(), programs.load_s);
  id.n = g.n;
  id.m = el.size();
  el = {};
  run_programs(s, c, programs, id, g, id.name);
}

void run_rmat(harness::Session& s, const Config& c, const harness::GraphSize& size) {
  harness::GraphId id;
  id.name = rmat_name(size);
  id.generator = "rmat";
  run_generated(s, c, id, size, "RMAT a,b,c = 0.45,0.25,0.15", [&] {
    return gen::cached_rmat(std::countr_zero(size.n), eid_t(size.m), kRmatA, kRmatB, kRmatC, s.opt().seed);
  });
}

// The grid generator lists both arcs of every edge (right, left, down, up; generators.hpp):
// the right and down arcs are the edges.
void run_grid(harness::Session& s, const Config& c, const harness::GraphSize& size) {
  harness::GraphId id;
  id.name = grid_name(size);
  id.generator = "grid";
  const vid_t side = vid_t(std::llround(std::sqrt(double(size.n))));
  run_generated(s, c, id, size, "4-neighbour grid, weights ignored", [&] {
    const EdgeList<float> arcs = gen::cached_grid(side, side, 1.0f, 1000.0f, s.opt().seed);
    const std::uint64_t right = std::uint64_t(side) * (side - 1);  // as many as left, down and up arcs
    EdgeList<std::uint32_t> el;
    el.n = arcs.n;
    el.reserve(2 * right);
    for (std::uint64_t k = 0; k < right; ++k) el.add(arcs.u[k], arcs.v[k]);
    for (std::uint64_t k = 2 * right; k < 3 * right; ++k) el.add(arcs.u[k], arcs.v[k]);
    return el;
  });
}

}  // namespace

void run_traversals(harness::Session& s, const Config& c, const harness::GraphSource& source) {
  const harness::GraphSize* size = source.size();
  if (!size) return run_input(s, c, source);
  if (s.piece().kind == kGrid) return run_grid(s, c, *size);
  if (s.piece().kind != kRmatEachSize) return run_rmat(s, c, *size);
  try {
    run_rmat(s, c, *size);
  } catch (const ResourceError& e) {
    const std::string name = rmat_name(*size);
    s.progress().note(s.piece().name + ": " + name + " refused: " + e.what());
    s.writer().set_meta(s.piece().name + "_refused_" + name, std::string(e.what()));
  }
}

}  // namespace gs::hybrid_dfs
