// Experiment dijkstra_deg5 (paper E): two-kernel GPU shortest paths on
// degree-5 graphs, in OpenCL and CUDA, against BGL Dijkstra, plus OpenMP
// delta-stepping and near-far GPU SSSP. See ../shared/EXPERIMENTS.md, section E.
//
// Pieces (--list-pieces): `sweep` (every program, n = 10^4 .. 10^6 at paper
// scale), `sweep-large` (2x10^6 and 4x10^6, paper scale), `opencl-cpu` (the
// CPU programs and the OpenCL program on a CPU device such as PoCL), and with
// --input, `road` (every program on the user's graph, e.g. a DIMACS road network).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <set>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/algorithms.hpp"
#include "common/cli.hpp"
#include "common/convert.hpp"
#include "common/experiment.hpp"
#include "common/io/graph_io.hpp"
#include "common/memory.hpp"
#include "common/results.hpp"
#include "common/run_main.hpp"
#include "common/system_info.hpp"
#include "common/verify/sssp.hpp"
#include "experiments/dijkstra_deg5/programs.hpp"
#include "generators/cached_generators.hpp"

namespace gs::dijkstra_deg5 {
namespace {

constexpr const char* kExperiment = "dijkstra_deg5";
constexpr int kDegree = 5;
constexpr float kMinWeight = 1.0f, kMaxWeight = 1000.0f;

struct PieceSpec {
  Piece piece;
  std::vector<vid_t> sizes;           // empty: the --input graph
  std::vector<std::string> programs;  // the programs this piece runs
  bool opencl_on_cpu = false;         // two_kernel_opencl on a CPU device
};

// `sizes`: --sizes, replacing the generated pieces' vertex counts when not empty.
std::vector<PieceSpec> pieces_for(const CommonOptions& opt, int sources, const std::vector<vid_t>& sizes) {
  const std::vector<std::string> every = {"bgl_dijkstra", "two_kernel_opencl", "two_kernel_cuda", "delta_stepping_omp", "near_far_gpu"};
  const std::vector<std::string> cpu_side = {"bgl_dijkstra", "delta_stepping_omp", "two_kernel_opencl"};
  // Seconds per source at n vertices: the reference Dijkstra plus (trials + 1)
  // BGL runs dominate, about 1.4 us per vertex each on the reference machine.
  auto estimate = [&](const std::vector<vid_t>& sizes, double per_vertex) {
    double s = 0;
    for (vid_t n : sizes) s += 2.0 + double(sources) * (opt.trials + opt.warmups + 1.5) * per_vertex * n;
    return s;
  };
  if (!opt.input.empty()) return {{{"road", 60, false}, {}, every, false}};
  const bool paper = opt.scale == "paper";
  std::vector<vid_t> small = paper ? std::vector<vid_t>{10000, 30000, 100000, 300000, 1000000}
                                   : std::vector<vid_t>{10000, 30000, 100000};
  std::vector<vid_t> cpu_sizes = paper ? std::vector<vid_t>{10000, 100000, 1000000} : std::vector<vid_t>{10000, 100000};
  if (!sizes.empty()) small = cpu_sizes = sizes;
  std::vector<PieceSpec> out;
  out.push_back({{"sweep", estimate(small, 1.4e-6), true}, small, every, false});
  if (paper && sizes.empty()) {
    const std::vector<vid_t> large = {2000000, 4000000};
    out.push_back({{"sweep-large", estimate(large, 1.4e-6), true}, large, every, false});
  }
  out.push_back({{"opencl-cpu", estimate(cpu_sizes, 2.0e-6), false}, cpu_sizes, cpu_side, true});
  return out;
}

std::vector<vid_t> pick_sources(const CommonOptions& opt, vid_t n, int count, const std::string& graph) {
  if (opt.sources_given) {
    for (vid_t s : opt.sources)
      if (s >= n) throw InputError("--sources: " + std::to_string(s) + " is not a vertex of " + graph + " (n = " + std::to_string(n) + ")");
    return opt.sources;
  }
  // Distinct random roots, fixed by --seed and n.
  std::mt19937_64 rng(opt.seed * 0x9E3779B97F4A7C15ull + n);
  std::uniform_int_distribution<vid_t> pick(0, n - 1);
  std::set<vid_t> chosen;
  while (chosen.size() < std::min<std::size_t>(std::size_t(count), n)) chosen.insert(pick(rng));
  std::vector<vid_t> out(chosen.begin(), chosen.end());
  std::shuffle(out.begin(), out.end(), rng);
  return out;
}

std::string fmt_phase(double s) { return s < 0 ? "" : fmt_seconds(s); }

struct Graph {
  std::string name, generator;
  std::uint64_t seed = 0;
  Csr<float> csr;
};

Graph make_graph(const CommonOptions& opt, vid_t n) {
  // Edge list, CSR, BGL graph and the double-precision reference: ~56 B per arc.
  require_host_memory(std::uint64_t(n) * kDegree * 56 + std::uint64_t(n) * 48, "fixed-degree graph with n = " + std::to_string(n));
  Graph g;
  g.name = "fixed-degree5-n" + std::to_string(n);
  g.generator = "fixed_degree";
  g.seed = opt.seed;
  g.csr = edge_list_to_csr(gen::cached_fixed_degree(n, kDegree, kMinWeight, kMaxWeight, opt.seed));
  return g;
}

Graph read_graph(const CommonOptions& opt) {
  Graph g;
  const auto slash = opt.input.find_last_of('/');
  g.name = slash == std::string::npos ? opt.input : opt.input.substr(slash + 1);
  g.generator = "file";
  EdgeList<float> el = io::read_edge_list<float>(opt.input);
  if (!el.weighted() && el.size() > 0) throw InputError(opt.input + ":0: the graph has no weights; shortest paths need weights");
  g.csr = edge_list_to_csr(el);
  return g;
}

class Driver {
 public:
  Driver(const CommonOptions& opt, const Cli& cli, ProgramOptions popt, int sources)
      : opt_(opt), cli_(cli), popt_(popt), sources_(sources) {}

  // Runs the pieces into one results file.
  void run(const std::vector<PieceSpec>& pieces) {
    ResultsWriter writer(opt_, cli_, kExperiment,
                         {"source", "h2d_s", "kernel_s", "d2h_s", "build_s", "iterations", "delta", "opencl_device"});
    writer.set_meta("seconds_definition", kSecondsDefinition);
    // A copy of the tree without .git (the GPU machine) cannot name its commit: the caller may.
    if (const char* commit = std::getenv("GS_SOURCE_COMMIT")) writer.set_meta("source_commit", commit);
    writer.set_meta("degree", double(kDegree));
    writer.set_meta("weights", "uniform float in [1, 1000)");
    writer.set_meta("sources_per_graph", double(opt_.sources_given ? opt_.sources.size() : sources_));
    std::size_t units = 0;
    for (const auto& p : pieces) units += std::max<std::size_t>(1, p.sizes.size()) * p.programs.size() * sources_;
    Progress progress(kExperiment, units);
    for (const auto& p : pieces) {
      if (p.piece.needs_gpu && !gpu_available()) {
        progress.note("skipping piece " + p.piece.name + ": no GPU (" + gpu_info().why_absent + ")");
        continue;
      }
      progress.note("piece " + p.piece.name);
      run_piece(p, writer, progress);
    }
    writer.finish();
    progress.note("wrote " + writer.csv_path() + " (" + std::to_string(writer.rows()) + " rows)");
  }

 private:
  std::vector<std::unique_ptr<SsspProgram>> programs_for(const PieceSpec& p, std::vector<std::string>& names) {
    CommonOptions o = opt_;
    if (o.algorithms.empty()) {
      o.algorithms = p.programs;
      // Without --algorithms, what this machine cannot run is skipped with a reason.
      std::vector<std::string> runnable;
      for (const auto& a : select_algorithms(all_programs(), CommonOptions{}, kExperiment))
        if (std::count(p.programs.begin(), p.programs.end(), a.name)) runnable.push_back(a.name);
      o.algorithms = runnable;
    } else {
      std::vector<std::string> in_piece;
      for (const auto& a : o.algorithms)
        if (std::count(p.programs.begin(), p.programs.end(), a)) in_piece.push_back(a);
      o.algorithms = in_piece;
    }
    ProgramOptions po = popt_;
    if (p.opencl_on_cpu) po.opencl_device = sssp::OpenClDeviceKind::cpu;
    std::vector<std::unique_ptr<SsspProgram>> out;
    for (const auto& name : o.algorithms) {
      if (name == "two_kernel_opencl") {
        std::string why;
        if (!sssp::opencl_device_available(po.opencl_device, &why)) {
          if (!opt_.algorithms.empty() && p.piece.name != "opencl-cpu")
            throw ResourceError(std::string(kExperiment) + ": cannot run two_kernel_opencl: " + why);
          std::fprintf(stderr, "[%s] skipping two_kernel_opencl in piece %s (%s)\n", kExperiment, p.piece.name.c_str(), why.c_str());
          continue;
        }
      }
      out.push_back(make_program(name, po));
      names.push_back(name);
    }
    return out;
  }

  void run_piece(const PieceSpec& p, ResultsWriter& writer, Progress& progress) {
    std::vector<std::string> names;
    auto programs = programs_for(p, names);
    for (std::size_t i = 0; i < names.size(); ++i)
      if (!programs[i]->device_name().empty()) progress.note(names[i] + " runs on " + programs[i]->device_name() +
                                                            " (program built in " + fmt_seconds(programs[i]->build_s()) + " s)");
    const std::vector<vid_t> sizes = p.sizes.empty() ? std::vector<vid_t>{0} : p.sizes;
    for (vid_t n : sizes) {
      progress.note(p.sizes.empty() ? "reading " + opt_.input : "generating fixed-degree graph, n = " + std::to_string(n));
      const Graph graph = p.sizes.empty() ? read_graph(opt_) : make_graph(opt_, n);
      const Csr<float>& g = graph.csr;
      sssp::require_nonnegative_weights(g, kExperiment);
      const std::vector<vid_t> sources = pick_sources(opt_, g.n, sources_, graph.name);
      for (auto& prog : programs) prog->load(g);
      for (vid_t source : sources) {
        // The independent reference, once per source, outside every timed region.
        const std::vector<double> reference = verify::reference_dijkstra(g, source);
        for (std::size_t i = 0; i < programs.size(); ++i) {
          SsspProgram& prog = *programs[i];
          ResultRow base;
          base.graph = graph.name;
          base.generator = graph.generator;
          base.n = g.n;
          base.m = g.num_arcs();
          base.seed = graph.seed;
          base.algorithm = names[i];
          base.threads = prog.threads();
          base.device = prog.device();
          run_trials(writer, progress, opt_, base, [&](int) {
            ProgramRun r = prog.run(source);
            TrialOutcome t;
            t.seconds = r.seconds;
            t.answer = verify::check_sssp(g, source, r.dist, reference, names[i]).answer();
            t.extra["source"] = std::to_string(source);
            t.extra["h2d_s"] = fmt_phase(prog.h2d_s());
            t.extra["kernel_s"] = fmt_phase(r.kernel_s);
            t.extra["d2h_s"] = fmt_phase(r.d2h_s);
            t.extra["build_s"] = fmt_phase(prog.build_s());
            t.extra["iterations"] = r.iterations < 0 ? "" : std::to_string(r.iterations);
            t.extra["delta"] = prog.delta() < 0 ? "" : fmt_number(prog.delta());
            t.extra["opencl_device"] = prog.device_name();
            return t;
          });
        }
      }
    }
  }

  const CommonOptions& opt_;
  const Cli& cli_;
  ProgramOptions popt_;
  int sources_;
};

int run(int argc, char** argv) {
  Cli cli(kExperiment,
          std::string("Paper E: two-kernel GPU shortest paths (Harish & Narayanan) on degree-5 graphs in OpenCL and CUDA,\n"
                      "against BGL Dijkstra, with OpenMP delta-stepping and near-far GPU SSSP.\n"
                      "Graphs: every vertex has 5 out-arcs to uniform random other vertices, float weights in [1, 1000);\n"
                      "n = 1e4..1e5 (quick) or 1e4..4e6 (paper); or --input FILE (e.g. a DIMACS .gr road network).\n"
                      "Every result is verified against an independent Dijkstra before its row is written.\n"
                      "Extra columns: source, h2d_s, kernel_s, d2h_s, build_s, iterations, delta, opencl_device.\n"
                      "seconds: ") + kSecondsDefinition,
          /*takes_sources=*/true);
  cli.add_option("num-sources", "random sources per graph when --sources is not given", "5");
  cli.add_option("sizes", "comma-separated vertex counts replacing the scale's sizes (pieces sweep, opencl-cpu)", "");
  cli.add_option("opencl-device", "OpenCL device for two_kernel_opencl: gpu, cpu or any (piece opencl-cpu: always cpu)", "gpu");
  cli.add_option("cpu-delta-factor", "delta_stepping_omp bucket width, times mean weight / mean out-degree", "1");
  cli.add_option("gpu-delta-factor", "near_far_gpu band width, times mean weight / mean out-degree", "16");
  CommonOptions opt = cli.parse(argc, argv);
  // PoCL's CPU driver (two_kernel_opencl on the CPU) starts one thread per compute unit;
  // --threads caps them. PoCL reads this once, when it starts, so set it before any OpenCL
  // call; a value the user exported wins. (PoCL 3.x reads the first name, newer ones the second.)
  if (opt.threads > 0)
    for (const char* var : {"POCL_MAX_PTHREAD_COUNT", "POCL_CPU_MAX_CU_COUNT"})
      setenv(var, std::to_string(opt.threads).c_str(), /*overwrite=*/0);
  if (opt.list_algorithms) {
    list_algorithms(all_programs());
    return 0;
  }
  for (const auto& name : opt.algorithms) {  // unknown names: exit 2
    const auto all = all_programs();
    if (std::none_of(all.begin(), all.end(), [&](const AlgorithmInfo& a) { return a.name == name; })) {
      CommonOptions one;
      one.algorithms = {name};
      select_algorithms(all, one, kExperiment);
    }
  }
  const int sources = int(cli.get_int("num-sources"));
  if (sources < 1) throw InputError("--num-sources: must be at least 1");
  ProgramOptions popt;
  popt.threads = opt.threads;
  popt.opencl_device = sssp::parse_opencl_device_kind(cli.get("opencl-device"));
  popt.cpu_delta_factor = float(cli.get_double("cpu-delta-factor"));
  popt.gpu_delta_factor = float(cli.get_double("gpu-delta-factor"));
  if (!(popt.cpu_delta_factor > 0) || !(popt.gpu_delta_factor > 0)) throw InputError("--cpu/gpu-delta-factor: must be positive");

  std::vector<vid_t> sizes;
  if (!cli.get("sizes").empty())
    for (const auto& text : split(cli.get("sizes"), ',')) {
      const std::int64_t n = parse_int(text, "--sizes");
      if (n < 1 || n > std::int64_t(kNoVertex - 1)) throw InputError("--sizes: " + text + " is not a vertex count");
      sizes.push_back(vid_t(n));
    }
  std::vector<PieceSpec> pieces = pieces_for(opt, sources, sizes);
  if (opt.list_pieces) {
    print_pieces(pieces);
    return 0;
  }
  if (!opt.piece.empty()) {
    auto it = std::find_if(pieces.begin(), pieces.end(), [&](const PieceSpec& p) { return p.piece.name == opt.piece; });
    if (it == pieces.end()) throw InputError("--piece: no piece '" + opt.piece + "' at this scale (see --list-pieces)");
    pieces = {*it};
  }
  Driver(opt, cli, popt, sources).run(pieces);
  return 0;
}

}  // namespace
}  // namespace gs::dijkstra_deg5

int main(int argc, char** argv) {
  return gs::run_main("dijkstra_deg5", [&] { return gs::dijkstra_deg5::run(argc, argv); });
}
