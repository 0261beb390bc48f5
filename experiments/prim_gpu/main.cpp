// Experiment prim_gpu (paper A: Guo, Wang, Wang 2011, "Design and
// implementation of GPU-based parallel minimum spanning tree algorithm").
//
// Graphs: GTgraph random G(n, m) with m = 10 n and weights 1..1000, as the
// paper. GTgraph's m counts the arcs it writes; the paper treats that file as
// an undirected graph whose CSR holds both arcs of each edge ("E and W of
// length 2|E|"). So: m = 10 n undirected edges (the m column), 20 n CSR arcs.
//
// Timing: `seconds` is what the paper timed, the MST computation: for the GPU
// programs the device time from the first kernel to the forest ready on the
// device (CUDA events, compute_s); the CSR upload (h2d_s) and the forest
// download (d2h_s) are separate columns. For BGL Prim the algorithm alone;
// building BGL's graph is setup_s. Every trial is verified against the
// Kruskal reference (MsfVerifier) before its row is written.
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "baselines/bgl.hpp"
#include "common/algorithms.hpp"
#include "common/cli.hpp"
#include "common/convert.hpp"
#include "common/experiment.hpp"
#include "common/io/graph_io.hpp"
#include "common/memory.hpp"
#include "common/progress.hpp"
#include "common/results.hpp"
#include "common/run_main.hpp"
#include "common/system_info.hpp"
#include "common/timer.hpp"
#include "common/verify/msf.hpp"
#include "experiments/prim_gpu/programs.hpp"
#include "generators/cached_generators.hpp"

namespace {

using namespace gs;
using prim_gpu_exp::W;

constexpr const char* kExperiment = "prim_gpu";

// A piece: its sizes, and the largest n each capped program runs at.
struct PieceSpec {
  Piece piece;
  std::vector<vid_t> sizes;
  std::map<std::string, vid_t> max_n;
};

std::vector<vid_t> powers_of_two(int lo, int hi) {
  std::vector<vid_t> v;
  for (int k = lo; k <= hi; ++k) v.push_back(vid_t(1) << k);
  return v;
}

std::vector<PieceSpec> pieces(const std::string& scale) {
  const bool paper = scale == "paper";
  // The launch-per-step Prims take |V| dependent steps of 3-4 launches each
  // plus O(|V|) work per step: ~1 s at 2^16 and minutes at 2^20, so they stop
  // at 2^16; the resident Prim's single block scans all keys every step and
  // stops at 2^17. BGL Prim and Boruvka go to 2^20.
  const vid_t launch_cap = paper ? vid_t(1) << 16 : vid_t(1) << 15;
  const vid_t resident_cap = paper ? vid_t(1) << 17 : vid_t(1) << 16;
  return {
      {{"paper", paper ? 15.0 : 5.0, true}, powers_of_two(7, paper ? 14 : 12), {}},
      {{"extended", paper ? 90.0 : 20.0, true},
       powers_of_two(15, paper ? 20 : 17),
       {{"prim_naive_gpu", launch_cap}, {"prim_minreduce_gpu", launch_cap}, {"prim_resident_gpu", resident_cap}}},
  };
}

struct Graph {
  std::string name, generator;
  std::uint64_t seed = 0;
  EdgeList<W> el;
};

// Runs every selected program on one graph, writing verified rows.
void run_graph(const Graph& gr, const std::vector<AlgorithmInfo>& algs, const std::map<std::string, vid_t>& max_n,
               const prim_gpu_exp::ProgramOptions& popt, const CommonOptions& opt, ResultsWriter& writer,
               Progress& progress) {
  const vid_t n = gr.el.n;
  require_host_memory(gr.el.size() * 64 + std::uint64_t(n) * 64, gr.name + " (CSR, BGL graph, verifier)");
  const Csr<W> g = edge_list_to_csr(gr.el);
  const verify::MsfVerifier<W> verifier(gr.el);
  WallTimer setup;
  const bgl::Digraph<W> bgl_graph(g);  // drops self loops (see baselines/bgl.hpp)
  const double bgl_setup_s = setup.seconds();
  progress.note(gr.name + ": n=" + std::to_string(n) + " m=" + std::to_string(gr.el.size()) + " (" +
                std::to_string(g.num_arcs()) + " arcs), reference forest " + verifier.reference().answer());

  for (const auto& a : algs) {
    if (auto cap = max_n.find(a.name); cap != max_n.end() && n > cap->second) {
      progress.step(gr.name + " " + a.name + ": not run above n=" + std::to_string(cap->second) +
                    " in this piece (launch-bound, see --help)");
      continue;
    }
    prim_gpu_exp::require_memory(a.name, g);
    ResultRow base;
    base.graph = gr.name;
    base.generator = gr.generator;
    base.n = n;
    base.m = gr.el.size();
    base.seed = gr.seed;
    base.algorithm = a.name;
    base.threads = 1;
    base.device = a.needs_gpu ? "gpu" : "cpu";
    run_trials(writer, progress, opt, base, [&](int) {
      prim_gpu_exp::ProgramRun r = prim_gpu_exp::run_program(a.name, g, bgl_graph, popt);
      TrialOutcome t;
      t.seconds = r.seconds;
      t.answer = verifier.check(r.forest, a.name).answer();
      if (r.gpu) {
        t.extra["h2d_s"] = fmt_seconds(r.h2d_s);
        t.extra["compute_s"] = fmt_seconds(r.compute_s);
        t.extra["d2h_s"] = fmt_seconds(r.d2h_s);
      } else {
        t.extra["setup_s"] = fmt_seconds(bgl_setup_s);
      }
      return t;
    });
  }
}

int run(int argc, char** argv) {
  Cli cli(kExperiment,
          "Paper A: GPU Prim with the min-reduction primitive vs BGL Prim, plus a device-resident Prim and a GPU\n"
          "Boruvka. Graphs: GTgraph random, m = 10 n undirected edges (20 n CSR arcs), weights 1..1000.\n"
          "Pieces: 'paper' (n = 128..16384, every program) and 'extended' (n = 2^15..2^20; the launch-per-step\n"
          "Prims stop at 2^16 and the resident Prim at 2^17: beyond that one trial takes minutes).\n"
          "seconds = the MST computation (GPU: device time, first kernel to forest on the device); h2d_s,\n"
          "compute_s, d2h_s are the GPU phases; setup_s is BGL's graph construction.");
  cli.add_option("max-blocks", "prim_minreduce_gpu: kernel1's grid limit (the paper's max_blocks)", "64");
  CommonOptions opt = cli.parse(argc, argv);
  const auto& all = prim_gpu_exp::programs();
  if (opt.list_algorithms) {
    list_algorithms(all);
    return 0;
  }
  const std::vector<PieceSpec> specs = pieces(opt.scale);
  if (opt.list_pieces) {
    print_pieces(specs);
    return 0;
  }
  prim_gpu_exp::ProgramOptions popt;
  const auto mb = cli.get_int("max-blocks");
  if (mb < 1 || mb > 512) throw InputError("prim_gpu: --max-blocks must be in 1..512");
  popt.max_blocks = unsigned(mb);

  const std::vector<AlgorithmInfo> algs = select_algorithms(all, opt, kExperiment);
  if (!opt.input.empty() && opt.tag.empty()) opt.tag = "input";

  std::vector<const PieceSpec*> chosen;
  if (opt.input.empty()) {
    for (const auto& s : specs)
      if (opt.piece.empty() || opt.piece == s.piece.name) chosen.push_back(&s);
    if (chosen.empty()) throw InputError("prim_gpu: unknown piece '" + opt.piece + "' (see --list-pieces)");
  }
  std::size_t steps = 0;
  for (const auto* s : chosen) steps += s->sizes.size() * algs.size();
  if (!opt.input.empty()) steps = algs.size();

  ResultsWriter writer(opt, cli, kExperiment, {"h2d_s", "compute_s", "d2h_s", "setup_s"});
  writer.set_meta("m_definition", "m = undirected edges = 10 n (GTgraph's 10 n arcs, each one undirected edge); CSR arcs = 2 m");
  writer.set_meta("seconds_definition",
                  "GPU: device time of the MST computation (first kernel to forest on the device, CUDA events), "
                  "upload and download in h2d_s/d2h_s; BGL: prim_minimum_spanning_tree alone, graph build in setup_s");
  writer.set_meta("max_blocks", double(popt.max_blocks));
  Progress progress(kExperiment, steps);

  if (!opt.input.empty()) {
    Graph gr;
    gr.name = std::filesystem::path(opt.input).filename().string();
    gr.generator = "file";
    gr.el = io::read_edge_list<W>(opt.input);
    gr.el.directed = false;  // an MST is over the undirected graph
    run_graph(gr, algs, {}, popt, opt, writer, progress);
  } else {
    for (const auto* s : chosen) {
      progress.note("piece " + s->piece.name + " (" + opt.scale + " scale)");
      for (vid_t n : s->sizes) {
        Graph gr;
        gr.name = "gtgraph-random-n" + std::to_string(n);
        gr.generator = "gtgraph-random";
        gr.seed = opt.seed;
        gr.el = gen::cached_gtgraph_random(n, eid_t(10) * n, 1, 1000, opt.seed);
        run_graph(gr, algs, s->max_n, popt, opt, writer, progress);
      }
    }
  }
  writer.finish();
  progress.note("wrote " + writer.csv_path() + " (" + std::to_string(writer.rows()) + " rows)");
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return gs::run_main(kExperiment, [&] { return run(argc, argv); }); }
