// Paper D (Yu & Li 2014, after Hong et al. PACT 2011): "parallel DFS" on
// multicore CPU and GPU. The paper's traversal expands the graph branch by
// branch, i.e. it is a LEVEL-SYNCHRONOUS TRAVERSAL IN BFS ORDER; the
// experiment keeps the paper's name (hybrid_dfs) and every program returns BFS
// levels, checked against the Graph500 rules.
#include <cstdlib>
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "common/algorithms.hpp"
#include "common/cli.hpp"
#include "common/convert.hpp"
#include "common/errors.hpp"
#include "common/experiment.hpp"
#include "common/io/graph_io.hpp"
#include "common/memory.hpp"
#include "common/progress.hpp"
#include "common/results.hpp"
#include "common/run_main.hpp"
#include "common/system_info.hpp"
#include "common/timer.hpp"
#include "common/verify/traversal.hpp"
#include "experiments/hybrid_dfs/bandwidth.hpp"
#include "experiments/hybrid_dfs/traversal_runner.hpp"
#include "generators/cached_generators.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/traversal/gpu_traversal.hpp"
#endif

namespace gs {
namespace {

constexpr const char* kExperiment = "hybrid_dfs";
constexpr double kA = 0.45, kB = 0.25, kC = 0.15;  // SNAP's RMAT defaults, as the paper

struct GraphSpec {
  int scale = 0;
  eid_t m = 0;
  std::string name() const { return "rmat-s" + std::to_string(scale) + "-m" + std::to_string(m); }
};

struct PieceSpec {
  Piece piece;
  std::vector<GraphSpec> graphs;
  std::vector<std::string> algorithms;  // in this piece, before --algorithms filtering
  bool thread_sweep = false;            // fig3: every CPU program at 1, 2, 4, ... threads
};

std::vector<PieceSpec> pieces(const std::string& scale) {
  const bool paper = scale == "paper";
  const GraphSpec main_graph = paper ? GraphSpec{25, eid_t(1) << 28} : GraphSpec{16, eid_t(1) << 19};
  std::vector<GraphSpec> by_n, by_m;
  for (int s = paper ? 20 : 13; s <= (paper ? 26 : 18); ++s) by_n.push_back({s, eid_t(8) << s});
  for (int k = 0; k <= 3; ++k) by_m.push_back({main_graph.scale, main_graph.m << k});
  const std::vector<std::string> cpu = {"bgl_bfs", "stack_omp", "read_omp", "hybrid_omp", "dobfs_omp"};
  const std::vector<std::string> gpu = {"read_gpu", "hybrid_cpu_gpu", "dobfs_gpu", "hybrid_omp", "dobfs_omp"};
  const std::vector<std::string> sizes = {"stack_omp", "hybrid_omp", "dobfs_omp", "read_gpu", "hybrid_cpu_gpu", "dobfs_gpu"};
  return {
      {{"table1", paper ? 30.0 : 5.0, false}, {}, {}, false},
      // fig3 at 10 roots on the H100 machine: ~22 s per root for the four CPU programs over 1..16 threads,
      // BGL ~13 s per root plus 10 s to build its graph, ~30 s generation (2026-11-22, partly measured).
      {{"fig3", paper ? 420.0 : 20.0, false}, {main_graph}, cpu, true},
      {{"fig4", paper ? 90.0 : 10.0, true}, {main_graph}, gpu, false},
      {{"fig5a", paper ? 400.0 : 20.0, true}, by_n, sizes, false},
      {{"fig5b", paper ? 900.0 : 20.0, true}, by_m, sizes, false},
  };
}

struct LoadedGraph {
  std::string name, generator;
  std::uint64_t seed = 0;
  std::uint64_t edges = 0;  // undirected input edges
  Csr<std::uint32_t> csr;
};

// Host bytes for generating (peak ~16 B/edge), the CSR (2 arcs * 4 B + offsets), the traversal
// workspaces, and the CPU programs' deferred-claim buckets (up to 4 B per arc of a branch, kept
// between traversals: 8 B per edge at worst).
std::uint64_t host_bytes(const GraphSpec& s) {
  const std::uint64_t n = std::uint64_t(1) << s.scale;
  return std::max<std::uint64_t>(16 * s.m, 8 * s.m + 8 * s.m) + 8 * s.m + 8 * (n + 1) + 24 * n;
}

LoadedGraph load(const GraphSpec& s, std::uint64_t seed, Progress& progress) {
  LoadedGraph g;
  g.name = s.name();
  g.generator = "rmat";
  g.seed = seed;
  require_host_memory(host_bytes(s), g.name);
  progress.note("generating " + g.name + " (RMAT a,b,c = 0.45,0.25,0.15; cached when large)");
  WallTimer t;
  EdgeList<std::uint32_t> el = gen::cached_rmat(s.scale, s.m, kA, kB, kC, seed);
  el.directed = false;  // traversed as undirected (EXPERIMENTS.md, paper D)
  g.edges = el.size();
  const double gen_s = t.seconds();
  g.csr = edge_list_to_csr(el);
  progress.note(g.name + ": generated/loaded in " + fmt_seconds(gen_s) + " s, CSR in " + fmt_seconds(t.seconds() - gen_s) +
                " s (" + std::to_string(g.csr.num_arcs()) + " arcs)");
  return g;
}

// `count` roots drawn uniformly from the component of the highest-degree
// vertex (the giant component of an RMAT graph), deterministic for the seed.
std::vector<vid_t> giant_component_roots(const Csr<std::uint32_t>& g, int count, std::uint64_t seed) {
  vid_t hub = 0;
  for (vid_t x = 1; x < g.n; ++x)
    if (g.degree(x) > g.degree(hub)) hub = x;
  traversal::CpuWorkspace ws(g.n);
  std::vector<std::uint32_t> level;
  traversal::read_omp(traversal::view_of(g), hub, level, ws);
  std::vector<vid_t> members;
  for (vid_t x = 0; x < g.n; ++x)
    if (level[x] != verify::kUnreached) members.push_back(x);
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + 12345);
  std::vector<vid_t> roots;
  for (int i = 0; i < count && !members.empty(); ++i) roots.push_back(members[rng() % members.size()]);
  return roots;
}

struct Context {
  const CommonOptions* opt;
  ResultsWriter* writer;
  Progress* progress;
  hybrid_dfs::ProgramOptions popt;
  int roots = 10;
  int trials_per_root = 1;
  std::vector<int> thread_list;
};

// Every selected program of the piece on one graph, one row per (root, trial).
void run_graph(const LoadedGraph& lg, const std::vector<std::string>& algorithms, bool thread_sweep, Context& cx) {
  const CommonOptions& opt = *cx.opt;
  std::vector<vid_t> roots = opt.sources_given ? opt.sources : giant_component_roots(lg.csr, cx.roots, opt.seed);
  for (vid_t r : roots)
    if (r >= lg.csr.n) throw InputError("--sources: vertex " + std::to_string(r) + " >= n = " + std::to_string(lg.csr.n));
  if (roots.empty()) throw InputError(lg.name + ": no roots");
  hybrid_dfs::TraversalRunner runner(lg.csr, cx.popt);
  const int max_threads = opt.threads > 0 ? opt.threads : omp_get_num_procs();
  for (const std::string& alg : algorithms) {
    const bool gpu = hybrid_dfs::device_of(alg) != "cpu";
    if (gpu) {
      require_device_memory(
#ifdef GS_HAVE_CUDA
          traversal::GpuTraversal::device_bytes(lg.csr.n, lg.csr.num_arcs()),
#else
          0,
#endif
          alg + " on " + lg.name);
    }
    // Rows record the CPU threads a program uses: BGL is serial, read_gpu and
    // dobfs_gpu run on the GPU alone (1, as the other experiments' GPU rows).
    std::vector<int> threads = {max_threads};
    if (alg == "bgl_bfs" || hybrid_dfs::device_of(alg) == "gpu") threads = {1};
    else if (thread_sweep && !opt.threads) threads = cx.thread_list;
    runner.prepare(alg);
    for (int t : threads) {
      ResultRow base;
      base.graph = lg.name;
      base.generator = lg.generator;
      base.n = lg.csr.n;
      base.m = lg.edges;
      base.seed = lg.seed;
      base.algorithm = alg;
      base.threads = t;
      base.device = hybrid_dfs::device_of(alg);
      CommonOptions per = opt;
      per.trials = int(roots.size()) * cx.trials_per_root;
      run_trials(*cx.writer, *cx.progress, per, base, [&](int trial) {
        const vid_t source = roots[trial < 0 ? 0 : std::size_t(trial / cx.trials_per_root)];
        omp_set_num_threads(hybrid_dfs::device_of(alg) == "gpu" ? max_threads : t);  // GPU: only the untimed widening
        const hybrid_dfs::RunOutcome r = runner.run(alg, source);
        omp_set_num_threads(max_threads);  // the verifier is not part of the timed program
        const verify::TraversalSummary s = verify::check_traversal(lg.csr, source, runner.level(), runner.parent(), alg);
        TrialOutcome out;
        out.seconds = r.seconds;
        out.answer = s.answer();
        out.extra = r.phases;
        out.extra["source"] = std::to_string(source);
        out.extra["teps"] = fmt_number(double(s.component_edges) / r.seconds);
        out.extra["component_edges"] = std::to_string(s.component_edges);
        if (gpu) out.extra["upload_s"] = fmt_seconds(runner.upload_seconds());
        if (alg == "bgl_bfs") out.extra["setup_s"] = fmt_seconds(runner.bgl_setup_seconds());
        return out;
      });
    }
  }
  omp_set_num_threads(max_threads);
}

void run_table1(Context& cx) {
  const CommonOptions& opt = *cx.opt;
  const bool paper = opt.scale == "paper";
  const std::uint64_t words = std::uint64_t(1) << (paper ? 28 : 23);  // 2 GiB / 64 MiB of 8-byte words
  const std::uint64_t reads = words / 4;
  const std::uint64_t seq_sum = bench::expected_sequential_checksum(words);
  const std::uint64_t rand_sum = bench::expected_random_checksum(words, reads);
  // The CPU rows run on exactly the thread count their `threads` column names
  // (--threads, else every core), not on the OpenMP default.
  const int cpu_threads = opt.threads > 0 ? opt.threads : omp_get_num_procs();
  auto row = [&](const std::string& alg, const std::string& device, auto&& measure, std::uint64_t expected) {
    ResultRow base;
    base.graph = "array-" + std::to_string(words * 8 >> 20) + "MiB";
    base.generator = "bandwidth";
    base.n = words;
    base.m = 0;
    base.seed = 0;
    base.algorithm = alg;
    base.threads = device == "cpu" ? cpu_threads : 1;
    base.device = device;
    CommonOptions per = opt;
    per.trials = std::max(3, opt.trials);
    std::vector<double> gbs;
    run_trials(*cx.writer, *cx.progress, per, base, [&](int) {
      const bench::ReadBandwidth b = measure();
      if (b.checksum != expected) throw VerificationError(alg + ": checksum mismatch (reads were not all performed)");
      TrialOutcome out;
      out.seconds = b.seconds;
      out.answer = "bytes=" + std::to_string(b.bytes) + ";checksum=" + std::to_string(b.checksum);
      out.extra["gbs"] = fmt_number(b.gbs());
      gbs.push_back(b.gbs());
      return out;
    });
    cx.writer->set_meta(alg + "_gbs", median(gbs));
    cx.progress->note(alg + ": median " + fmt_number(median(gbs)) + " GB/s");
  };
  {
    require_host_memory(words * 8, "table1 CPU bandwidth array");
    omp_set_num_threads(cpu_threads);
    bench::CpuReadBench cpu(words);
    row("bw_seq_cpu", "cpu", [&] { return cpu.sequential(); }, seq_sum);
    row("bw_rand_cpu", "cpu", [&] { return cpu.random(reads); }, rand_sum);
  }
#ifdef GS_HAVE_CUDA
  if (gpu_available()) {
    require_device_memory(words * 8, "table1 GPU bandwidth array");
    bench::GpuReadBench gpu(words);
    row("bw_seq_gpu", "gpu", [&] { return gpu.sequential(); }, seq_sum);
    row("bw_rand_gpu", "gpu", [&] { return gpu.random(reads); }, rand_sum);
  } else {
    cx.progress->note("table1: GPU bandwidth skipped: no GPU (" + gpu_info().why_absent + ")");
  }
#else
  cx.progress->note("table1: GPU bandwidth skipped: built without CUDA");
#endif
}

int run(int argc, char** argv) {
  const WallTimer command_time;  // the whole command, generation included (Fig. 5b's 10-minute target)
  Cli cli(kExperiment,
          "Paper D (Yu & Li 2014, after Hong et al. PACT 2011), 'parallel DFS' on multicore CPU and GPU.\n"
          "WHAT IT IS: the paper's traversal expands the graph branch by branch, i.e. it is a level-synchronous\n"
          "traversal in BFS order, not a depth-first search; the name is the paper's. Every program returns BFS\n"
          "levels, validated with the Graph500 rules in the same run.\n"
          "Graphs: SNAP RMAT (a,b,c) = (0.45,0.25,0.15), N = 2^scale, M unique directed pairs, traversed as\n"
          "undirected (CSR with both arcs). Main graph N = 2^25, M = 2^28 (quick: 2^16, 2^19).\n"
          "Roots: --roots random vertices of the giant component (or --sources); --trials K = timed runs per root\n"
          "(default 1), after one warm-up per program.\n"
          "TEPS = undirected input edges inside the traversed component / seconds (the Graph500 convention).\n"
          "GPU seconds exclude the graph upload (column upload_s) and include initialising the branch array on\n"
          "the GPU and copying the levels back (as the paper) to page-locked memory, 4 bits per vertex plus the\n"
          "vertices deeper than 13 or found after the copy started with their byte codes (exact at any depth: levels\n"
          ">= 254 also copy a 4-byte array), started early on a second stream once the branches shrink;\n"
          "widening the codes to 4-byte levels for the verifier is untimed (widen_s). GPU rows record 1 thread\n"
          "(hybrid_cpu_gpu: its CPU threads); branch_ms = each branch's milliseconds (GPU programs, hybrid_omp,\n"
          "dobfs_omp).\n"
          "Pieces: table1 (read bandwidth micro-benchmark: bw_seq_cpu, bw_rand_cpu, bw_seq_gpu, bw_rand_gpu; GB/s in\n"
          "column gbs), fig3 (CPU programs vs threads), fig4 (GPU, CPU+GPU, best CPU), fig5a (N = 2^20..2^26, M = 8N),\n"
          "fig5b (M = 2^28..2^31 at N = 2^25, --m-steps picks sizes; each size admitted or refused by host/device\n"
          "memory). Metadata wall_seconds: the whole command, generation included.",
          true);
  cli.add_option("roots", "random roots in the giant component (paper: 10)", "10 (quick: 4)");
  cli.add_option("thread-list", "fig3 thread counts", "1,2,4,...,cores");
  cli.add_option("gpu-early-copy", "GPU: 1 = copy the levels back while the last small branches run, 0 = after", "1");
  cli.add_option("gpu-bottom-up", "dobfs_gpu: W/A = bitmap words per warp / arcs per search round (1/1, 2/2, 4/1, 4/2)",
                 "4/2");
  cli.add_option("m-steps", "fig5b: which sizes, as doublings of the main graph's M (0 = the main graph)", "0,1,2,3");
  cli.add_option("t1", "hybrid: sequential -> stack above this branch size", "64");
  cli.add_option("t2", "hybrid: stack -> read above this branch size; 0 = max(2^18, 0.01 N)", "0");
  cli.add_option("t3", "hybrid: stack -> read above this size when growing by > alpha", "2048");
  cli.add_option("alpha", "hybrid: exponential growth factor (stack -> read)", "2.0");
  cli.add_option("beta", "hybrid: growth factor below which read -> stack (read entered by growth)", "2.0");
  cli.add_option("t4", "hybrid_cpu_gpu: move to the GPU above this branch size when growing by > alpha", "16384");
  cli.add_option("local-stack", "Alg. 1 THRESHOLD: local stack entries per bulk push", "256");
  cli.add_option("do-alpha", "direction-optimising: top-down -> bottom-up when frontier arcs > unexplored / alpha", "14");
  cli.add_option("do-beta", "direction-optimising: bottom-up -> top-down when frontier < N / beta", "24");
  cli.add_option("defer-claims-from",
                 "CPU programs: branches of at least this many vertices defer their claims (bucketed, no locked OR); "
                 "0 = all, -1 = none", "65536");
  cli.add_option("defer-claims-test",
                 "CPU programs with options (hybrid_omp, dobfs_omp): 1 = a deferred branch tests the visited bit "
                 "before filing a neighbour, 0 = files every neighbour", "1");
  CommonOptions opt = cli.parse(argc, argv);
  if (opt.list_algorithms) {
    list_algorithms(hybrid_dfs::programs());
    return 0;
  }
  const std::vector<PieceSpec> specs = pieces(opt.scale);
  if (opt.list_pieces) {
    print_pieces(specs);
    return 0;
  }
  Context cx;
  cx.opt = &opt;
  const std::string roots_text = cli.get("roots");
  cx.roots = roots_text.rfind("10 (", 0) == 0 ? (opt.scale == "paper" ? 10 : 4) : int(parse_int(roots_text, "--roots"));
  if (cx.roots < 1) throw InputError("hybrid_dfs: --roots must be >= 1");
  bool trials_given = false;
  for (int i = 1; i < argc; ++i) trials_given |= std::string(argv[i]).rfind("--trials", 0) == 0;
  cx.trials_per_root = trials_given ? opt.trials : 1;
  const int cores = opt.threads > 0 ? opt.threads : omp_get_num_procs();
  const std::string tl = cli.get("thread-list");
  if (tl.rfind("1,2,4,...", 0) == 0) {
    for (int t = 1; t < cores; t *= 2) cx.thread_list.push_back(t);
    cx.thread_list.push_back(cores);
  } else {
    for (const auto& s : split(tl, ',')) cx.thread_list.push_back(int(parse_int(s, "--thread-list")));
  }
  std::set<std::size_t> m_steps;  // fig5b: indices into its graph list (M doubled that often)
  for (const auto& s : split(cli.get("m-steps"), ',')) {
    const std::int64_t k = parse_int(s, "--m-steps");
    if (k < 0 || k > 3) throw InputError("hybrid_dfs: --m-steps values are 0..3 (M = main M * 2^k), got " + s);
    m_steps.insert(std::size_t(k));
  }
  auto& h = cx.popt.hybrid;
  h.thresholds.t1 = std::uint64_t(parse_int(cli.get("t1"), "--t1"));
  h.thresholds.t2 = std::uint64_t(parse_int(cli.get("t2"), "--t2"));
  h.thresholds.t3 = std::uint64_t(parse_int(cli.get("t3"), "--t3"));
  h.thresholds.alpha = cli.get_double("alpha");
  h.thresholds.beta = cli.get_double("beta");
  h.local_threshold = std::size_t(std::max<std::int64_t>(1, parse_int(cli.get("local-stack"), "--local-stack")));
  cx.popt.t4 = std::uint64_t(parse_int(cli.get("t4"), "--t4"));
  cx.popt.direction.alpha = cli.get_double("do-alpha");
  cx.popt.direction.beta = cli.get_double("do-beta");
  cx.popt.direction.local_threshold = h.local_threshold;
  {
    const std::int64_t d = parse_int(cli.get("defer-claims-from"), "--defer-claims-from");
    if (d < -1) throw InputError("hybrid_dfs: --defer-claims-from is -1 (never) or >= 0");
    const std::uint64_t from = d < 0 ? ~std::uint64_t(0) : std::uint64_t(d);
    h.defer_claims_from = from;
    cx.popt.direction.defer_claims_from = from;
  }
  auto flag = [&](const std::string& name) {
    const std::int64_t v = parse_int(cli.get(name), "--" + name);
    if (v != 0 && v != 1) throw InputError("hybrid_dfs: --" + name + " is 0 or 1");
    return v == 1;
  };
  cx.popt.gpu_early_copy = flag("gpu-early-copy");
  h.deferred_test_first = flag("defer-claims-test");
  cx.popt.direction.deferred_test_first = h.deferred_test_first;
  {
    const std::string bu = cli.get("gpu-bottom-up");
    if (bu == "1/1" || bu == "2/2" || bu == "4/1" || bu == "4/2") {
      cx.popt.gpu_bottom_up_words = bu[0] - '0';
      cx.popt.gpu_bottom_up_arcs = bu[2] - '0';
    } else {
      throw InputError("--gpu-bottom-up: " + bu + " is not one of 1/1, 2/2, 4/1, 4/2");
    }
  }

  const std::vector<AlgorithmInfo> algs = select_algorithms(hybrid_dfs::programs(), opt, kExperiment);
  std::set<std::string> selected;
  for (const auto& a : algs) selected.insert(a.name);
  auto filter = [&](const std::vector<std::string>& names) {
    std::vector<std::string> out;
    for (const auto& n : names)
      if (selected.count(n)) out.push_back(n);
    return out;
  };

  std::vector<const PieceSpec*> chosen;
  for (const auto& s : specs)
    if (opt.piece.empty() || opt.piece == s.piece.name) chosen.push_back(&s);
  if (chosen.empty()) throw InputError("hybrid_dfs: unknown piece '" + opt.piece + "' (see --list-pieces)");
  if (!opt.input.empty() && opt.tag.empty()) opt.tag = "input";

  ResultsWriter writer(opt, cli, kExperiment,
                       {"source", "teps", "component_edges", "upload_s", "cpu_s", "h2d_s", "init_s", "compute_s",
                        "d2h_s", "setup_s", "gbs", "states", "widen_s", "late", "branch_ms"});
  writer.set_meta("traversal",
                  "level-synchronous traversal in BFS order (the paper calls it DFS); levels checked with Graph500 rules");
  writer.set_meta("teps_definition", "undirected input edges inside the traversed component / seconds (Graph500)");
  writer.set_meta("seconds_definition",
                  "CPU: the traversal incl. O(N) initialisation; GPU: branch-array initialisation on the GPU + "
                  "traversal + copying the levels back to page-locked host memory, 4 bits per vertex plus the vertices "
                  "deeper than 13 or found after the copy started with their byte codes, patched in (levels >= 254 "
                  "also copy a 4-byte array; exact at any depth); expanding the codes to 4-byte levels for the "
                  "verifier is untimed (widen_s); graph upload excluded (upload_s); BGL: breadth_first_search alone (graph "
                  "build in setup_s)");
  writer.set_meta("t1", double(h.thresholds.t1));
  writer.set_meta("t2", h.thresholds.t2 ? std::to_string(h.thresholds.t2) : "max(2^18, 0.01 N)");
  writer.set_meta("t3", double(h.thresholds.t3));
  writer.set_meta("alpha", h.thresholds.alpha);
  writer.set_meta("beta", h.thresholds.beta);
  writer.set_meta("t4", double(cx.popt.t4));
  writer.set_meta("gpu_early_copy", cx.popt.gpu_early_copy ? "1" : "0");
  writer.set_meta("gpu_bottom_up", std::to_string(cx.popt.gpu_bottom_up_words) + "/" +
                                       std::to_string(cx.popt.gpu_bottom_up_arcs));
  writer.set_meta("roots_per_graph", double(opt.sources_given ? opt.sources.size() : std::size_t(cx.roots)));
  writer.set_meta("trials_per_root", double(cx.trials_per_root));
  Progress progress(kExperiment, 0);
  if (!std::getenv("OMP_WAIT_POLICY"))
    progress.note("OMP_WAIT_POLICY is not set: the reference results ran with OMP_WAIT_POLICY=active "
                  "(make reproduce sets it; experiments/hybrid_dfs/README.md)");
  cx.writer = &writer;
  cx.progress = &progress;

  if (!opt.input.empty()) {
    LoadedGraph lg;
    lg.name = std::filesystem::path(opt.input).filename().string();
    lg.generator = "file";
    EdgeList<std::uint32_t> el = io::read_edge_list<std::uint32_t>(opt.input);
    el.w.clear();
    el.directed = false;
    lg.edges = el.size();
    lg.csr = edge_list_to_csr(el);
    std::vector<std::string> all;
    for (const auto& a : algs) all.push_back(a.name);
    run_graph(lg, all, false, cx);
  } else {
    for (const PieceSpec* s : chosen) {
      if (s->piece.needs_gpu && !gpu_available()) {
        progress.note("piece " + s->piece.name + " skipped: it needs a GPU (" + gpu_info().why_absent + ")");
        continue;
      }
      progress.note("piece " + s->piece.name + " (" + opt.scale + " scale)");
      if (s->piece.name == "table1") {
        run_table1(cx);
        continue;
      }
      std::vector<std::string> names = filter(s->algorithms);
      if (names.empty()) {
        progress.note("piece " + s->piece.name + ": no selected program runs in it here; skipped");
        continue;
      }
      for (std::size_t gi = 0; gi < s->graphs.size(); ++gi) {
        const GraphSpec& gspec = s->graphs[gi];
        if (s->piece.name == "fig5b" && !m_steps.count(gi)) continue;
        try {
          require_host_memory(host_bytes(gspec), s->piece.name + " " + gspec.name());
#ifdef GS_HAVE_CUDA
          bool gpu_fits = true;
          for (const auto& n : names)
            if (hybrid_dfs::device_of(n) != "cpu") {
              try {
                require_device_memory(traversal::GpuTraversal::device_bytes(std::uint64_t(1) << gspec.scale, 2 * gspec.m),
                                      gspec.name());
              } catch (const ResourceError& e) {
                // Only fig5b admits sizes one by one (its CPU programs still run); elsewhere
                // a GPU program that does not fit fails the piece (exit 3), never 0 rows.
                if (s->piece.name != "fig5b") throw;
                gpu_fits = false;
                progress.note(s->piece.name + ": GPU programs refused on " + gspec.name() + ": " + e.what());
              }
              break;
            }
          std::vector<std::string> run_names;
          for (const auto& n : names)
            if (gpu_fits || hybrid_dfs::device_of(n) == "cpu") run_names.push_back(n);
#else
          std::vector<std::string> run_names = names;
#endif
          const LoadedGraph lg = load(gspec, opt.seed, progress);
          run_graph(lg, run_names, s->thread_sweep, cx);
        } catch (const ResourceError& e) {
          if (s->piece.name != "fig5b") throw;
          progress.note("fig5b: " + gspec.name() + " refused: " + e.what());
          writer.set_meta("fig5b_refused_" + gspec.name(), std::string(e.what()));
        }
      }
    }
  }
  writer.set_meta("wall_seconds", command_time.seconds());
  writer.finish();
  progress.note("wrote " + writer.csv_path() + " (" + std::to_string(writer.rows()) + " rows)");
  return 0;
}

}  // namespace
}  // namespace gs

int main(int argc, char** argv) { return gs::run_main("hybrid_dfs", [&] { return gs::run(argc, argv); }); }
