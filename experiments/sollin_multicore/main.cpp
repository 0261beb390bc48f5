// Experiment sollin_multicore (paper B): multicore Sollin/Boruvka on complete
// graphs vs Kruskal and BGL Kruskal, a thread sweep with the machine's memory
// bandwidth floor, and a dense GPU Boruvka. See ../../shared/EXPERIMENTS.md, B.
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/mst/sollin/kruskal_complete.hpp"
#include "algorithms/mst/sollin/sollin.hpp"
#include "baselines/bgl.hpp"
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
#include "common/verify/msf.hpp"
#include "experiments/sollin_multicore/complete_input.hpp"
#include "experiments/sollin_multicore/read_bandwidth.hpp"
#include "generators/generators.hpp"
#ifdef GS_HAVE_CUDA
#include "algorithms/mst/boruvka_dense_gpu/boruvka_dense_gpu.hpp"
#endif

namespace gs {
namespace {

constexpr const char* kExperiment = "sollin_multicore";
using W = std::uint32_t;
using Forest = std::vector<Edge<W>>;

std::vector<AlgorithmInfo> all_programs() {
  return {
      {"kruskal", "the paper's Kruskal: the complete graph's edges sorted, then union-find (serial)"},
      {"bgl_kruskal", "BGL kruskal_minimum_spanning_tree over matrix_to_edge_list (graph built outside the timing)"},
      {"sollin_serial", "the paper's serial Sollin (program 2): merge by old edges, full matrix"},
      {"sollin_serial_tri", "serial Sollin over the lower-triangular matrix (half the memory)"},
      {"sollin_conflict_free", "the paper's conflict-free Sollin (program 3 at threads=1, program 4 with OpenMP), full matrix"},
      {"sollin_conflict_free_tri", "conflict-free Sollin over the lower-triangular matrix"},
      {"boruvka_dense_gpu", "beyond the paper: dense Boruvka on the device-resident matrix (h2d_s = the matrix copy)", true},
  };
}

bool threaded(const std::string& alg) { return alg.rfind("sollin_conflict_free", 0) == 0; }

struct PieceSpec {
  Piece piece;
  std::vector<vid_t> sizes;
  std::vector<std::string> algorithms;
  bool thread_sweep = false;  // conflict-free programs at every sweep thread count (else 1 and all)
};

std::vector<PieceSpec> pieces(const std::string& scale) {
  const bool paper = scale == "paper";
  // BGL Kruskal has a piece of its own: at N = 10000 one run takes 78 s, so
  // the Sollin programs can be re-measured without it.
  const std::vector<std::string> cpu = {"kruskal", "sollin_serial", "sollin_serial_tri", "sollin_conflict_free",
                                        "sollin_conflict_free_tri"};
  const std::vector<std::string> sollin = {"sollin_serial", "sollin_serial_tri", "sollin_conflict_free",
                                           "sollin_conflict_free_tri"};
  std::vector<std::string> ext = sollin;
  ext.insert(ext.begin(), "kruskal");  // BGL Kruskal at N = 20000 (2e8 edges) would take most of a device call
  if (paper)
    // Estimates from the H100 machine (16 cores) at 5 trials: BGL Kruskal takes 78 s per run at N = 10000.
    return {{{"fig1", 45, false}, {1000, 2500, 5000, 10000}, cpu, false},
            {{"fig1-bgl", 250, false}, {1000, 2500, 5000, 10000}, {"bgl_kruskal"}, false},
            {{"fig2-threads", 35, false}, {1000, 2500, 5000, 10000}, sollin, true},
            {{"gpu", 10, true}, {1000, 2500, 5000, 10000, 20000}, {"boruvka_dense_gpu"}, false},
            {{"ext20000", 150, false}, {20000}, ext, false}};
  return {{{"fig1", 10, false}, {200, 500, 1000}, cpu, false},
          {{"fig1-bgl", 10, false}, {200, 500, 1000}, {"bgl_kruskal"}, false},
          {{"fig2-threads", 5, false}, {500, 1000}, sollin, true},
          {{"gpu", 5, true}, {500, 1000, 2000}, {"boruvka_dense_gpu"}, false},
          {{"ext20000", 10, false}, {2000}, ext, false}};
}

// 1, 2, 4, 8, ... up to the thread limit, and the limit itself.
std::vector<int> sweep_threads(int max_threads) {
  std::vector<int> t;
  for (int k = 1; k < max_threads; k *= 2) t.push_back(k);
  t.push_back(max_threads);
  return t;
}

struct Graph {
  std::string name, generator;
  std::uint64_t seed = 0;
  DenseMatrix16 full;
  TriangularMatrix16 tri;
};

class Runner {
 public:
  Runner(const CommonOptions& opt, int max_threads, int baseline_trials, ResultsWriter& writer, Progress& progress)
      : opt_(opt), max_threads_(max_threads), baseline_trials_(baseline_trials), writer_(writer), progress_(progress) {}

  void run_graph(const Graph& g, const std::vector<AlgorithmInfo>& algs, const PieceSpec* spec) {
    const vid_t n = g.full.n;
    const auto verifier = verify::MsfVerifier<W>::from_matrix(g.full);
    for (const auto& a : algs) {
      if (spec && std::find(spec->algorithms.begin(), spec->algorithms.end(), a.name) == spec->algorithms.end()) continue;
      if (threaded(a.name)) {
        const std::vector<int> ts = spec && spec->thread_sweep ? sweep_threads(max_threads_)
                                                               : std::vector<int>{1, max_threads_};
        for (std::size_t k = 0; k < ts.size(); ++k)
          if (k == 0 || ts[k] != ts[k - 1]) run_program(g, verifier, a.name, ts[k]);
      } else {
        run_program(g, verifier, a.name, 1);
      }
    }
    (void)n;
  }

 private:
  ResultRow base_row(const Graph& g, const std::string& alg, int threads) const {
    ResultRow r;
    r.graph = g.name;
    r.generator = g.generator;
    r.n = g.full.n;
    r.m = std::uint64_t(g.full.n) * (g.full.n ? g.full.n - 1 : 0) / 2;
    r.seed = g.seed;
    r.algorithm = alg;
    r.threads = threads;
    r.device = alg == "boruvka_dense_gpu" ? "gpu" : "cpu";
    const bool tri = alg.size() > 4 && alg.compare(alg.size() - 4, 4, "_tri") == 0;
    r.extra["storage"] = tri ? "triangular" : "full";
    r.extra["matrix_bytes"] = std::to_string(tri ? g.tri.a.size() * 2 : g.full.a.size() * 2);
    return r;
  }

  // Runs one program's trials and prints "graph algorithm threads answer median_s" on stdout.
  void run_program(const Graph& g, const verify::MsfVerifier<W>& verifier, const std::string& alg, int threads) {
    ResultRow base = base_row(g, alg, threads);
    CommonOptions trial_opt = opt_;
    std::string answer;
    auto verified = [&](const Forest& f, TrialOutcome& t) {
      t.answer = verifier.check(f, alg).answer();
      answer = t.answer;
    };
    double median_s = 0;
    if (alg == "kruskal" || alg == "bgl_kruskal") {
      if (baseline_trials_ > 0) trial_opt.trials = std::min(opt_.trials, baseline_trials_);
    }
    if (alg == "kruskal") {
      median_s = run_trials(writer_, progress_, trial_opt, base, [&](int) {
        TrialOutcome t;
        Forest f;
        t.seconds = time_seconds([&] { f = mst::kruskal_complete(g.full); });
        verified(f, t);
        return t;
      });
    } else if (alg == "bgl_kruskal") {
      WallTimer setup;
      const bgl::Digraph<W> dg(matrix_to_edge_list(g.full));
      base.extra["setup_s"] = fmt_seconds(setup.seconds());
      median_s = run_trials(writer_, progress_, trial_opt, base, [&](int) {
        TrialOutcome t;
        Forest f;
        t.seconds = time_seconds([&] { f = bgl::kruskal(dg); });
        verified(f, t);
        return t;
      });
    } else if (alg.rfind("sollin_", 0) == 0) {
      const bool tri = base.extra["storage"] == "triangular";
      const auto strategy = threaded(alg) ? mst::SollinStrategy::conflict_free : mst::SollinStrategy::serial;
      WallTimer setup;
      mst::SollinSolver solver(g.full.n, strategy, threads);
      base.extra["setup_s"] = fmt_seconds(setup.seconds());
      median_s = run_trials(writer_, progress_, trial_opt, base, [&](int) {
        TrialOutcome t;
        Forest f;
        t.seconds = time_seconds([&] { f = tri ? solver.solve(g.tri) : solver.solve(g.full); });
        const mst::SollinPhases& p = solver.last_phases();
        t.extra["select_s"] = fmt_seconds(p.select_s);
        t.extra["contract_s"] = fmt_seconds(p.contract_s);
        t.extra["first_merge_s"] = fmt_seconds(p.first_merge_s);
        t.extra["later_merges_s"] = fmt_seconds(p.later_merges_s);
        t.extra["traceback_s"] = fmt_seconds(p.traceback_s);
        verified(f, t);
        return t;
      });
    } else if (alg == "boruvka_dense_gpu") {
#ifdef GS_HAVE_CUDA
      WallTimer setup;
      mst::DenseBoruvkaGpu gpu(g.full.n);
      base.extra["setup_s"] = fmt_seconds(setup.seconds());
      median_s = run_trials(writer_, progress_, trial_opt, base, [&](int) {
        TrialOutcome t;
        const double h2d = gpu.upload(g.full);
        mst::GpuSolveTimes times;
        const Forest f = gpu.solve(&times);
        t.seconds = times.compute_s;
        t.extra["h2d_s"] = fmt_seconds(h2d);
        t.extra["compute_s"] = fmt_seconds(times.compute_s);
        t.extra["d2h_s"] = fmt_seconds(times.d2h_s);
        verified(f, t);
        return t;
      });
#else
      throw ResourceError("boruvka_dense_gpu: built without CUDA");
#endif
    }
    std::printf("%s\t%s\t%s\t%d\t%s\t%s\n", kExperiment, g.name.c_str(), alg.c_str(), threads, answer.c_str(),
                fmt_seconds(median_s).c_str());
    std::fflush(stdout);
  }

  const CommonOptions& opt_;
  int max_threads_, baseline_trials_;
  ResultsWriter& writer_;
  Progress& progress_;
};

// Host bytes at the peak for one graph of n vertices (matrix, triangle, the
// largest program's own memory: BGL's edge list and graph).
std::uint64_t host_bytes(vid_t n, bool with_bgl) {
  const std::uint64_t nn = std::uint64_t(n) * n;
  return 2 * nn + nn + nn * 5 / 2 + 4 * nn + (with_bgl ? 16 * nn : 0);
}

int run(int argc, char** argv) {
  Cli cli(kExperiment,
          "Paper B: Sollin (Boruvka) on complete graphs, serial and conflict-free OpenMP, full and lower-triangular\n"
          "storage, vs the paper's Kruskal and BGL Kruskal; a GPU dense Boruvka beyond the paper. Complete graphs,\n"
          "weights uniform 0..65535 (gs::gen::complete_matrix). Pieces: fig1 (every CPU program per N but BGL; conflict-free\n"
          "at 1 thread = program 3 and all threads = program 4), fig1-bgl (BGL Kruskal), fig2-threads (thread sweep), gpu,\n"
          "ext20000.\n"
          "The metadata JSON records the measured read bandwidth (read_bandwidth_gbs_t<T>) for the bandwidth floor.\n"
          "seconds = the MST computation on the matrix (GPU: CUDA events with the matrix resident; h2d_s = its copy).");
  cli.add_option("baseline-trials",
                 "trials for kruskal and bgl_kruskal, at most --trials (0: as --trials); at N = 10000 one run takes "
                 "8 s and 78 s on the H100 machine", "1");
  cli.add_option("bandwidth-mib", "buffer for the read-bandwidth measurement, MiB (far above the last-level cache)", "2048");
  CommonOptions opt = cli.parse(argc, argv);
  const auto all = all_programs();
  if (opt.list_algorithms) {
    list_algorithms(all);
    return 0;
  }
  const std::vector<PieceSpec> specs = pieces(opt.scale);
  if (opt.list_pieces) {
    print_pieces(specs);
    return 0;
  }
  const int baseline_trials = int(cli.get_int("baseline-trials"));
  const std::int64_t bandwidth_mib = cli.get_int("bandwidth-mib");
  if (baseline_trials < 0 || bandwidth_mib < 1) throw InputError(std::string(kExperiment) + ": --baseline-trials >= 0, --bandwidth-mib >= 1");
  const int max_threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();

  std::vector<const PieceSpec*> chosen;
  if (opt.input.empty()) {
    for (const auto& s : specs)
      if (opt.piece.empty() || opt.piece == s.piece.name) chosen.push_back(&s);
    if (chosen.empty()) throw InputError(std::string(kExperiment) + ": unknown piece '" + opt.piece + "' (see --list-pieces)");
  } else if (opt.tag.empty()) {
    opt.tag = "input";
  }
  const std::vector<AlgorithmInfo> algs = select_algorithms(all, opt, kExperiment);
  auto piece_runs = [&](const PieceSpec& s) {
    for (const auto& a : algs)
      if (std::find(s.algorithms.begin(), s.algorithms.end(), a.name) != s.algorithms.end()) return true;
    return false;
  };
  bool any_cpu = !opt.input.empty();
  std::size_t steps = opt.input.empty() ? 0 : algs.size() * 2;
  std::vector<const PieceSpec*> runnable;
  for (const auto* s : chosen) {
    if (!piece_runs(*s)) {
      std::fprintf(stderr, "[%s] piece %s skipped: none of its programs can run here%s\n", kExperiment,
                   s->piece.name.c_str(), s->piece.needs_gpu ? (" (" + gpu_info().why_absent + ")").c_str() : "");
      continue;
    }
    runnable.push_back(s);
    any_cpu = any_cpu || !s->piece.needs_gpu;
    steps += s->sizes.size() * s->algorithms.size() * (s->thread_sweep ? sweep_threads(max_threads).size() : 2);
  }
  if (runnable.empty() && opt.input.empty()) return 0;

  ResultsWriter writer(opt, cli, kExperiment,
                       {"storage", "matrix_bytes", "setup_s", "h2d_s", "compute_s", "d2h_s", "select_s", "contract_s",
                        "first_merge_s", "later_merges_s", "traceback_s"});
  writer.set_meta("seconds_definition",
                  "CPU: the program's MST computation on the resident matrix (Sollin's contracted-matrix workspace "
                  "is allocated in setup_s; Kruskal builds and sorts its edge list inside the timing; BGL's graph "
                  "is built in setup_s); GPU: CUDA events around the levels with the matrix on the device, the "
                  "copy in h2d_s and the tree's download in d2h_s; Sollin's phases inside seconds: select_s (level 1's "
                  "select over the input), contract_s (every level's contraction), first_merge_s (the merge that reads "
                  "the input, with level 2's select), later_merges_s, traceback_s (selected edges traced back to input "
                  "edges); the rest is start-up");
  writer.set_meta("m_definition", "m = n(n-1)/2 undirected edges; matrix_bytes = bytes of the storage the program reads");
  writer.set_meta("max_threads", double(max_threads));
  writer.set_meta("bandwidth_floor_definition",
                  "matrix_bytes (the storage the program reads: 2 N^2 bytes full, N(N-1) triangular) / "
                  "read_bandwidth_gbs_t<T> (the best of 5 streaming passes over the buffer, each pass timed for two kernels, "
                  "a 64-bit sum and a 16-bit minimum, on a huge-page-advised buffer first touched by the reading "
                  "threads; measured before and after the programs, at T threads)");
  Progress progress(kExperiment, steps);
  // The bandwidth floor's denominator: streaming reads at every sweep thread
  // count, measured before and after the programs (the GPU machine's VM gave
  // results varying by up to 2x between runs); the metadata keeps the best.
  const std::size_t bandwidth_bytes = std::size_t(bandwidth_mib) << 20;
  std::map<int, double> bandwidth;
  auto measure_bandwidth = [&](const char* when) {
    require_host_memory(bandwidth_bytes, "read-bandwidth buffer");
    for (int t : sweep_threads(max_threads)) {
      const double gbs = sollin_exp::measure_read_bandwidth_gbs(t, bandwidth_bytes);
      bandwidth[t] = std::max(bandwidth[t], gbs);
      progress.note(std::string("read bandwidth ") + when + ", " + std::to_string(t) + " threads: " + fmt_seconds(gbs) + " GB/s");
    }
  };
  // A user's file is read (and a bad one refused) before the seconds-long bandwidth measurement.
  std::optional<Graph> input_graph;
  if (!opt.input.empty()) {
    input_graph.emplace();
    input_graph->name = std::filesystem::path(opt.input).filename().string();
    input_graph->generator = "file";
    input_graph->full = sollin_exp::complete_matrix_from_file(opt.input);
    require_host_memory(host_bytes(input_graph->full.n, true), "sollin_multicore on " + input_graph->name);
    input_graph->tri = to_triangular(input_graph->full);
  }
  if (any_cpu) measure_bandwidth("before");
  Runner runner(opt, max_threads, baseline_trials, writer, progress);
  if (input_graph) runner.run_graph(*input_graph, algs, nullptr);
  for (const auto* s : runnable) {
    progress.note("piece " + s->piece.name + " (" + opt.scale + " scale)");
    for (vid_t n : s->sizes) {
      const bool with_bgl = std::find(s->algorithms.begin(), s->algorithms.end(), "bgl_kruskal") != s->algorithms.end();
      require_host_memory(host_bytes(n, with_bgl), "sollin_multicore n = " + std::to_string(n));
      Graph g;
      g.name = "complete-n" + std::to_string(n);
      g.generator = "complete_matrix";
      g.seed = opt.seed;
      g.full = gen::complete_matrix(n, opt.seed);
      g.tri = to_triangular(g.full);
      runner.run_graph(g, algs, s);
    }
  }
  if (any_cpu) {
    measure_bandwidth("after");
    writer.set_meta("read_bandwidth_buffer_bytes", double(bandwidth_bytes));
    for (const auto& [t, gbs] : bandwidth) writer.set_meta("read_bandwidth_gbs_t" + std::to_string(t), gbs);
    writer.set_meta("read_bandwidth_gbs", bandwidth[max_threads]);
  }
  writer.finish();
  progress.note("wrote " + writer.csv_path() + " (" + std::to_string(writer.rows()) + " rows)");
  return 0;
}

}  // namespace
}  // namespace gs

int main(int argc, char** argv) { return gs::run_main("sollin_multicore", [&] { return gs::run(argc, argv); }); }
