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
#include "common/results.hpp"
#include "common/timer.hpp"
#include "common/verify/traversal.hpp"
#include "experiments/hybrid_dfs/config.hpp"
#include "experiments/hybrid_dfs/programs.hpp"
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

std::vector<std::uint64_t> root_draws(std::uint64_t members, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + 12345);
  std::vector<std::uint64_t> out;
  for (int i = 0; i < count && members > 0; ++i) out.push_back(rng() % members);
  return out;
}

namespace {

// Host bytes for generating (peak ~16 B/edge), the CSR (2 arcs * 4 B + offsets), the traversal
// workspaces, and the CPU programs' deferred-claim buckets (up to 4 B per arc of a branch, kept
// between traversals: 8 B per edge at worst).
std::uint64_t graph_bytes(std::uint64_t n, std::uint64_t m) {
  return std::max<std::uint64_t>(16 * m, 8 * m + 8 * m) + 8 * m + 8 * (n + 1) + 24 * n;
}

struct Selected {
  harness::ProgramInfo info;
  std::unique_ptr<Traversal> program;
};

// Admits a graph of n vertices and m edges with the session's programs' own needs before
// anything of that size is allocated; returns the programs to run on it. A piece of kind
// kRmatEachSize runs its CPU programs on a size where the GPU ones do not fit; elsewhere a
// refusal ends the run (exit 3), never with 0 rows.
std::vector<Selected> admit(harness::Session& s, const Config& c, std::uint64_t n, std::uint64_t m,
                            const std::string& graph) {
  const std::uint64_t arcs = 2 * m;
  std::vector<Selected> programs;
  std::uint64_t host = 0, device = 0;  // the programs run one after another; GPU programs share one upload
  for (const harness::ProgramInfo& info : s.programs()) {
    programs.push_back({info, traversals().make(info.name, c)});
    host = std::max(host, programs.back().program->host_bytes(n, arcs));
    device = std::max(device, programs.back().program->device_bytes(n, arcs));
  }
  s.admit_host(graph_bytes(n, m) + host, s.piece().name + " " + graph);
  if (device == 0) return programs;
  try {
    s.admit_device(device, graph);
  } catch (const ResourceError& e) {
    if (s.piece().kind != kRmatEachSize) throw;
    s.progress().note(s.piece().name + ": GPU programs refused on " + graph + ": " + e.what());
    std::erase_if(programs, [&](const Selected& p) { return p.program->device_bytes(n, arcs) > 0; });
  }
  return programs;
}

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

// `ids` maps --sources (file ids) to vertices and roots back to file ids for the source
// column; `where` names the graph in messages (the file's path, or the generated graph).
void run_programs(harness::Session& s, const Config& c, const harness::GraphId& id, const Csr<std::uint32_t>& g,
                  std::vector<Selected>& programs, const harness::VertexIds& ids, const std::string& where) {
  const CommonOptions& opt = s.opt();
  const std::vector<vid_t> roots =
      opt.sources_given ? ids.vertices(opt.sources, g.n, where) : giant_component_roots(g, c.roots_per_graph, opt.seed);
  GraphState state(g);
  for (Selected& p : programs) {
    p.program->prepare(state);
    std::vector<int> gpu_counts = p.program->gpu_counts();  // a multi-GPU program: each count in turn
    const bool multi_gpu = !gpu_counts.empty();
    if (!multi_gpu) gpu_counts = {0};
    for (int gpus : gpu_counts) {
      if (multi_gpu) p.program->use_gpus(state, gpus);
      for (int threads : s.threads_for(p.info)) {
        auto trial = [&](int k) {
          const vid_t source = roots[k < 0 ? 0 : std::size_t(k / c.trials_per_root)];
          const RunOutcome r = p.program->run(state, source);
          const ScopedThreads all(s.max_threads());  // verifying and counting are not timed
          const verify::TraversalSummary v = verify::check_traversal(g, source, state.level, r.parent, p.info.name);
          TrialOutcome out;
          out.seconds = r.seconds;
          out.answer = v.answer();
          out.extra = r.phases;
          out.extra["source"] = std::to_string(ids.file_id(source));
          out.extra["teps"] = fmt_number(double(v.component_edges) / r.seconds);
          out.extra["component_edges"] = std::to_string(v.component_edges);
          if (!r.branch_kinds.empty())
            out.extra["bytes_read"] =
                std::to_string(traversal::bytes_read(traversal::view_of(g), state.level, r.branch_kinds));
          return out;
        };
        s.trials(s.row(id, p.info, threads), trial, int(roots.size()) * c.trials_per_root);
      }
    }
    if (multi_gpu) p.program->use_gpus(state, 0);  // its GPUs' memory back before the next program
  }
}

void run_input(harness::Session& s, const Config& c, const harness::GraphSource& source) {
  harness::InputGraph<std::uint32_t> in = harness::read_input<std::uint32_t>(s, source, harness::Weights::ignored);
  in.el.directed = false;  // traversed as undirected, as the generated graphs
  std::vector<Selected> programs = admit(s, c, in.el.n, in.el.size(), in.id.name);
  const Csr<std::uint32_t> g = edge_list_to_csr(in.el);
  in.el = {};
  run_programs(s, c, in.id, g, programs, in.ids, source.path());
}

// A generated graph: `make` returns its edge list (each edge once, traversed as undirected).
template <class Make>
void run_generated(harness::Session& s, const Config& c, harness::GraphId id, const harness::GraphSize& size,
                   const std::string& description, Make make) {
  id.seed = s.opt().seed;
  std::vector<Selected> programs = admit(s, c, size.n, size.m, id.name);
  if (programs.empty()) return;  // only GPU programs were asked for, and they do not fit
  s.progress().note("generating " + id.name + " (" + description + "; cached when large)");
  WallTimer t;
  EdgeList<std::uint32_t> el = make();
  el.directed = false;
  const double gen_s = t.seconds();
  const Csr<std::uint32_t> g = edge_list_to_csr(el);
  id.n = g.n;
  id.m = el.size();
  el = {};
  s.progress().note(id.name + ": generated/loaded in " + fmt_seconds(gen_s) + " s, CSR in " +
                    fmt_seconds(t.seconds() - gen_s) + " s (" + std::to_string(g.num_arcs()) + " arcs)");
  run_programs(s, c, id, g, programs, harness::VertexIds{}, id.name);
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
