// Experiment kruskal_100m (paper C): Kruskal on 100M edges with the paper's
// sequential, OpenMP-task, Thrust and CDP quicksorts, BGL's Kruskal, and two
// programs beyond the paper (parallel filter-Kruskal, a CUB GPU pipeline).
// See ../shared/EXPERIMENTS.md, section C.
//
// Pieces (--list-pieces): `main` (every program at the paper's 100M edges /
// 100K vertices / weights 1..1e6), `sweep-edges` (10M, 25M, 50M edges),
// `sweep-edges-200m` (200M edges), `threads` (the OpenMP programs at 100M
// edges on 1, 2, 4, 8, 16 threads); quick scale uses ~1M edges. With --input
// FILE: one piece, `input`, every program on that graph.
#include <omp.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "common/cli.hpp"
#include "common/experiment.hpp"
#include "common/io/graph_io.hpp"
#include "common/memory.hpp"
#include "common/results.hpp"
#include "common/run_main.hpp"
#include "common/system_info.hpp"
#include "common/verify/msf.hpp"
#include "experiments/kruskal_100m/programs.hpp"
#include "generators/cached_generators.hpp"

namespace gs::kruskal_100m {
namespace {

constexpr const char* kExperiment = "kruskal_100m";
constexpr vid_t kVertices = 100000;
constexpr std::uint32_t kMaxWeight = 1000000;

struct PieceSpec {
  Piece piece;
  std::vector<eid_t> edges;        // one graph per entry; empty: the --input graph
  std::vector<std::string> programs;
  std::vector<int> threads;        // empty: the --threads setting
};

const std::vector<std::string> kEvery = {"kruskal_seq",  "kruskal_omp",        "kruskal_omp_listing5",
                                         "kruskal_thrust", "kruskal_cdp",     "bgl_kruskal",
                                         "filter_kruskal_omp", "kruskal_cub_gpu"};

std::vector<PieceSpec> pieces_for(const CommonOptions& opt) {
  if (!opt.input.empty()) return {{{"input", 120, false}, {}, kEvery, {}}};
  const bool paper = opt.scale == "paper";
  const double k = opt.trials + opt.warmups;
  // Seconds per million edges and run on the GPU machine (16 threads; medians
  // of the 2026-11-22 runs at 100M edges), plus ~5 s per graph for generation
  // and verification. At 1..8 threads the OpenMP programs take ~20x their
  // 16-thread time in all (the `threads` piece).
  auto per_m = [](const std::string& program) {
    if (program == "bgl_kruskal") return 1.9;
    if (program == "kruskal_seq") return 0.2;
    if (program == "kruskal_omp" || program == "kruskal_omp_listing5") return 0.025;
    if (program == "kruskal_thrust") return 0.011;
    if (program == "kruskal_cdp") return 0.005;
    return 0.001;  // filter-Kruskal, CUB pipeline
  };
  auto est = [&](const std::vector<eid_t>& ms, const std::vector<std::string>& programs, double sweep = 1) {
    double s = 0;
    for (eid_t m : ms) {
      s += 5;
      for (const auto& prog : programs) s += double(m) / 1e6 * per_m(prog) * k * sweep;
    }
    return s;
  };
  const std::vector<int> thread_sweep = {1, 2, 4, 8, 16};
  std::vector<eid_t> main_m = {paper ? eid_t(100000000) : eid_t(1000000)};
  std::vector<eid_t> sweep = paper ? std::vector<eid_t>{10000000, 25000000, 50000000}
                                   : std::vector<eid_t>{250000, 500000, 2000000};
  std::vector<eid_t> big = {paper ? eid_t(200000000) : eid_t(4000000)};
  const std::vector<std::string> threaded = {"kruskal_omp", "kruskal_omp_listing5", "filter_kruskal_omp"};
  return {
      {{"main", est(main_m, kEvery), false}, main_m, kEvery, {}},
      {{"sweep-edges", est(sweep, kEvery), false}, sweep, kEvery, {}},
      {{"sweep-edges-200m", est(big, kEvery), false}, big, kEvery, {}},
      {{"threads", est(main_m, threaded, 20), false}, main_m, threaded, thread_sweep},
  };
}

// Phase columns that count things rather than seconds.
bool is_count(const std::string& column) {
  return column == "cdp_fallbacks" || column == "light_edges" || column == "heavy_edges" || column == "boruvka_rounds";
}

std::vector<KEdge> to_edge_array(const EdgeList<std::uint32_t>& el) {
  std::vector<KEdge> e(el.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(el.size()); ++i) e[i] = {el.u[i], el.v[i], el.w[i]};
  return e;
}

Workload make_workload(const CommonOptions& opt, eid_t m) {
  Workload w;
  // Edge list (12 B), edge array (12 B), a trial's copy (12 B), the verifier's
  // order (16 B), BGL's graph and its build (~28 B), a pinned copy (12 B).
  require_host_memory(std::uint64_t(m) * 92 + (std::uint64_t(1) << 30), "path+random graph with m = " + std::to_string(m));
  w.name = "path-random-n" + std::to_string(kVertices) + "-m" + std::to_string(m);
  w.generator = "path_random";
  w.seed = opt.seed;
  WallTimer t;
  w.el = gen::cached_path_random(kVertices, m, kMaxWeight, opt.seed);
  w.generate_s = t.seconds();
  w.edges = to_edge_array(w.el);
  return w;
}

Workload read_workload(const CommonOptions& opt) {
  Workload w;
  const auto slash = opt.input.find_last_of('/');
  w.name = slash == std::string::npos ? opt.input : opt.input.substr(slash + 1);
  w.generator = "file";
  WallTimer t;
  io::ReadOptions ro;
  ro.force_undirected = true;  // a spanning forest is a question about undirected edges
  w.el = io::read_edge_list<std::uint32_t>(opt.input, ro);
  w.generate_s = t.seconds();
  if (!w.el.weighted() && w.el.size() > 0) throw InputError(opt.input + ":0: the graph has no weights; Kruskal needs weights");
  w.edges = to_edge_array(w.el);
  return w;
}

class Driver {
 public:
  Driver(const CommonOptions& opt, const Cli& cli) : opt_(opt), cli_(cli) {}

  void run(const std::vector<PieceSpec>& pieces) {
    ResultsWriter writer(opt_, cli_, kExperiment,
                         {"generate_s", "pin_s", "h2d_s", "sort_s", "d2h_s", "unionfind_s", "resident_s",
                          "cub_sortpairs_s", "build_s", "cdp_fallbacks", "light_edges", "heavy_edges",
                          "boruvka_rounds"});
    writer.set_meta("seconds_definition", kSecondsDefinition);
    if (const char* commit = std::getenv("GS_SOURCE_COMMIT")) writer.set_meta("source_commit", commit);
    writer.set_meta("vertices", double(kVertices));
    writer.set_meta("max_weight", double(kMaxWeight));
    std::size_t units = 0;
    for (const auto& p : pieces) {
      const auto runnable_threads = std::count_if(p.threads.begin(), p.threads.end(), [](int t) { return t <= cpu_cores(); });
      units += std::max<std::size_t>(1, p.edges.size()) * p.programs.size() * std::max<std::size_t>(1, runnable_threads);
    }
    Progress progress(kExperiment, units);
    for (const auto& p : pieces) {
      progress.note("piece " + p.piece.name);
      run_piece(p, writer, progress);
    }
    writer.finish();
    progress.note("wrote " + writer.csv_path() + " (" + std::to_string(writer.rows()) + " rows)");
  }

 private:
  // The piece's programs this run asked for and this machine can run.
  std::vector<std::string> chosen(const PieceSpec& p) const {
    std::vector<std::string> names;
    for (const auto& a : select_algorithms(all_programs(), opt_, kExperiment))
      if (std::count(p.programs.begin(), p.programs.end(), a.name)) names.push_back(a.name);
    return names;
  }

  void run_piece(const PieceSpec& p, ResultsWriter& writer, Progress& progress) {
    const std::vector<std::string> names = chosen(p);
    const std::vector<eid_t> sizes = p.edges.empty() ? std::vector<eid_t>{0} : p.edges;
    for (eid_t m : sizes) {
      for (const auto& name : names)
        if (const std::uint64_t b = gpu_bytes(name, p.edges.empty() ? 0 : m)) require_device_memory(b, name + " with m = " + std::to_string(m));
      progress.note(p.edges.empty() ? "reading " + opt_.input : "generating path+random graph, m = " + std::to_string(m));
      Workload w = p.edges.empty() ? read_workload(opt_) : make_workload(opt_, m);
      for (const auto& name : names)
        if (const std::uint64_t b = gpu_bytes(name, w.edges.size())) require_device_memory(b, name + " on " + w.name);
      progress.note(w.name + ": " + std::to_string(w.edges.size()) + " edges in " + fmt_seconds(w.generate_s) +
                    " s; building the reference forest");
      const verify::MsfVerifier<std::uint32_t> verifier(w.el);
      std::vector<KEdge> work;
      for (const auto& name : names) {
        auto prog = make_program(name);
        prog->prepare(w);
        const auto columns = prog->graph_columns();
        const std::vector<int> thread_counts = p.threads.empty() ? std::vector<int>{opt_.threads} : p.threads;
        for (int threads : thread_counts) {
          if (threads > 0 && p.threads.size() && threads > cpu_cores()) continue;  // sweep up to this machine's cores
          omp_set_num_threads(threads > 0 ? threads : cpu_cores());
          ResultRow base;
          base.graph = w.name;
          base.generator = w.generator;
          base.n = w.el.n;
          base.m = w.el.size();
          base.seed = w.seed;
          base.algorithm = name;
          base.threads = prog->parallel_host() ? omp_get_max_threads() : 1;
          base.device = prog->device();
          run_trials(writer, progress, opt_, base, [&](int) {
            work = w.edges;  // fresh input, untimed
            ProgramRun r = prog->run(w, work);
            TrialOutcome t;
            t.seconds = r.seconds;
            t.answer = verifier.check(r.result.forest, name).answer();
            t.extra["generate_s"] = fmt_seconds(w.generate_s);
            for (const auto& [k, v] : r.result.phases) t.extra[k] = is_count(k) ? fmt_number(v) : fmt_seconds(v);
            for (const auto& [k, v] : columns) t.extra[k] = v;
            return t;
          });
        }
        prog->release();
      }
      omp_set_num_threads(opt_.threads > 0 ? opt_.threads : cpu_cores());
    }
  }

  const CommonOptions& opt_;
  const Cli& cli_;
};

int run(int argc, char** argv) {
  Cli cli(kExperiment,
          std::string("Paper C: Kruskal on 100M edges with parallel sorting (sequential and OpenMP quicksort,\n"
                      "Thrust and CDP2 CUDA sorts), BGL Kruskal, parallel filter-Kruskal and a CUB GPU pipeline.\n"
                      "Graphs: path 0-1-..-(n-1) plus uniform random edges, n = 100000, weights 1..1e6;\n"
                      "m = 100M (paper) or ~1M (quick); or --input FILE (weighted, read as undirected).\n"
                      "Every forest is verified (weight, edge count, acyclic, edges exist) before its row is written.\n"
                      "Extra columns: generate_s, pin_s, h2d_s, sort_s, d2h_s, unionfind_s, resident_s,\n"
                      "cub_sortpairs_s, build_s, cdp_fallbacks, light_edges, heavy_edges, boruvka_rounds.\nseconds: ") +
              kSecondsDefinition);
  CommonOptions opt = cli.parse(argc, argv);
  if (opt.list_algorithms) {
    list_algorithms(all_programs());
    return 0;
  }
  std::vector<PieceSpec> pieces = pieces_for(opt);
  if (opt.list_pieces) {
    print_pieces(pieces);
    return 0;
  }
  if (!opt.algorithms.empty()) select_algorithms(all_programs(), opt, kExperiment);  // unknown names: exit 2
  if (!opt.piece.empty()) {
    auto it = std::find_if(pieces.begin(), pieces.end(), [&](const PieceSpec& p) { return p.piece.name == opt.piece; });
    if (it == pieces.end()) throw InputError("--piece: no piece '" + opt.piece + "' at this scale (see --list-pieces)");
    pieces = {*it};
  }
  omp_set_num_threads(opt.threads > 0 ? opt.threads : cpu_cores());
  Driver(opt, cli).run(pieces);
  return 0;
}

}  // namespace
}  // namespace gs::kruskal_100m

int main(int argc, char** argv) {
  return gs::run_main("kruskal_100m", [&] { return gs::kruskal_100m::run(argc, argv); });
}
