// Paper D (Yu & Li 2014, after Hong et al. PACT 2011): "parallel DFS" on
// multicore CPU and GPU. The paper's traversal expands the graph branch by
// branch, i.e. it is a LEVEL-SYNCHRONOUS TRAVERSAL IN BFS ORDER; the
// experiment keeps the paper's name (hybrid_dfs) and every program returns BFS
// levels, checked against the Graph500 rules.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "common/errors.hpp"
#include "common/harness/driver.hpp"
#include "experiments/hybrid_dfs/config.hpp"
#include "experiments/hybrid_dfs/programs.hpp"
#ifdef GS_HAVE_COMBBLAS
#include "algorithms/distributed/combblas_bfs.hpp"
#endif
#ifdef GS_HAVE_NCCL
#include "algorithms/traversal/mgpu_traversal.hpp"
#endif

namespace gs::hybrid_dfs {
namespace {

using harness::GraphSize;
using harness::Piece;
using harness::Role;

// fig5b's edge counts, as doublings of the main graph's M: one piece per size, so that the
// largest (generation and CSR alone take minutes) fits one command of a time-limited machine.
constexpr int kFig5bDoublings = 3;

std::vector<Piece> pieces(const Config&, const CommonOptions& opt) {
  const bool paper = opt.scale == Scale::paper;
  const GraphSize main_graph = paper ? GraphSize{1ull << 25, 1ull << 28} : GraphSize{1ull << 16, 1ull << 19};
  std::vector<GraphSize> by_n;
  for (int s = paper ? 20 : 13; s <= (paper ? 26 : 18); ++s) by_n.push_back({1ull << s, 8ull << s});
  using namespace name;
  const std::vector<std::string> cpu = {stack_omp, read_omp, hybrid_omp, dobfs_omp};
  const std::vector<std::string> gpu = {read_gpu, hybrid_cpu_gpu, dobfs_gpu, hybrid_omp, dobfs_omp};
  std::vector<std::string> single_process;  // every program on one device: not the distributed or multi-GPU ones
  for (const harness::ProgramInfo& info : traversals().infos())
    if (info.device != harness::Device::mpi && info.name != dobfs_mgpu) single_process.push_back(info.name);
  const std::vector<std::string> sizes = {stack_omp, hybrid_omp, dobfs_omp, read_gpu, hybrid_cpu_gpu, dobfs_gpu};
  // Paper-scale estimates: the pieces' measured wall times on the reference machine (NOTES.md).
  std::vector<Piece> out = {
      {.name = "table1",
       .role = Role::main,
       .est_seconds = paper ? 30.0 : 5.0,
       .programs = read_benchmarks().names(),
       .kind = kReadBandwidth},
      {.name = "fig3",
       .role = Role::thread_sweep,
       .est_seconds = paper ? 360.0 : 20.0,
       .programs = cpu,
       .graphs = {main_graph},
       .thread_sweep = true,
       .kind = kRmat},
      // BGL's sequential BFS on fig3's graph, a piece of its own so that fig3 fits one command.
      {.name = "fig3-bgl",
       .role = Role::thread_sweep,
       .est_seconds = paper ? 130.0 : 5.0,
       .programs = {bgl_bfs},
       .graphs = {main_graph},
       .kind = kRmat},
      {.name = "fig4",
       .role = Role::main,
       .est_seconds = paper ? 90.0 : 10.0,
       .programs = gpu,
       .graphs = {main_graph},
       .kind = kRmat},
      {.name = "fig5a",
       .role = Role::size_sweep,
       .est_seconds = paper ? 150.0 : 20.0,
       .programs = sizes,
       .graphs = by_n,
       .kind = kRmat},
  };
  for (int k = 0; k <= kFig5bDoublings; ++k) {
    const GraphSize size{main_graph.n, main_graph.m << k};
    out.push_back({.name = "fig5b-m2e" + std::to_string(std::countr_zero(size.m)),
                   .role = Role::size_sweep,
                   .est_seconds = paper ? 15.0 + 1.6e-7 * double(size.m) : 5.0,
                   .programs = sizes,
                   .graphs = {size},
                   .kind = kRmatEachSize});
  }
  // Road-like graphs beside RMAT: a grid's diameter (2 x side hops) gives thousands of small
  // levels where RMAT has a handful of huge ones (docs/PROTOCOL.md).
  const std::vector<GraphSize> roads =
      paper ? std::vector{grid_size(2048), grid_size(4096)} : std::vector{grid_size(256), grid_size(512)};
  out.push_back({.name = "road",
                 .role = Role::extension,
                 .est_seconds = paper ? 240.0 : 15.0,
                 .programs = single_process,
                 .graphs = roads,
                 .kind = kGrid});
  // dobfs_mgpu over the GPUs of one host beside dobfs_gpu on one of them: strong scaling on
  // N = 2^26 and 2^27 (16 edges per vertex), weak scaling with 2^29 edges per GPU (G = 1, 2, 4 on
  // the three graphs in turn; quick: 2^20). Five roots each: verifying a 2^31-edge traversal
  // takes seconds, and the whole piece must fit one command.
  std::vector<GraphSize> multi_gpu;
  for (int s = paper ? 25 : 16; s <= (paper ? 27 : 18); ++s) multi_gpu.push_back({1ull << s, 16ull << s});
  double multi_gpu_edges = 0;
  for (const GraphSize& size : multi_gpu) multi_gpu_edges += double(size.m);
  out.push_back({.name = "multi-gpu",
                 .role = Role::extension,
                 .est_seconds = paper ? 60.0 + 1.6e-7 * multi_gpu_edges : 15.0,
                 .programs = {dobfs_gpu, dobfs_mgpu},
                 .graphs = multi_gpu,
                 .kind = kRmatEachSize,
                 .max_trials = 5,
                 .min_gpus = 2});
  // PBGL's traversals at the main graph's size would take minutes each at P = 2..16
  // (NOTES.md): at paper scale the piece runs on fig5a's N = 2^22, M = 2^25 graph (the
  // same graph; its single-node programs run there), three roots, no warm-up, so that
  // each P fits one command. Both engines run at every P each supports (CombBLAS: squares).
  out.push_back({.name = "scale-out",
                 .role = Role::scale_out,
                 .est_seconds = paper ? 240.0 : 20.0,
                 .programs = {pbgl_bfs, combblas_bfs},
                 .graphs = {paper ? GraphSize{1ull << 22, 1ull << 25} : main_graph},
                 .kind = harness::kMpiKind,
                 .max_trials = paper ? 3 : 0,
                 .max_warmups = paper ? 0 : -1});
  return out;
}

void options(Cli& cli, Config& c) {
  cli.option("roots", "random roots in the giant component (paper: 10)", c.roots, "10 (quick: 4)");
  cli.option("gpu-early-copy", "GPU: 1 = copy the levels back while the last small branches run, 0 = after",
             c.gpu_early_copy);
  cli.option("gpu-bottom-up", "dobfs_gpu: W/A = bitmap words per warp / arcs per search round (1/1, 2/2, 4/1, 4/2)",
             c.gpu_bottom_up);
  cli.option("gpu-small-levels",
             "dobfs_gpu: consecutive small top-down branches in one persistent launch of N blocks per "
             "multiprocessor; 0 = a launch per branch",
             c.gpu_small_levels);
  cli.option("gpu-counts",
             "dobfs_mgpu: the GPU counts it runs at, e.g. 1,2,4 (default: 1, 2, 4, ... up to the GPUs present)",
             c.gpu_counts);
  cli.option("mgpu-arc-weight",
             "dobfs_mgpu: its GPUs' vertex ranges balance vertices + W x arcs (1: both alike; 0: equal vertex "
             "counts)",
             c.mgpu_arc_weight);
  cli.option("t1", "hybrid: sequential -> stack above this branch size", c.t1);
  cli.option("t2", "hybrid: stack -> read above this branch size; 0 = max(2^18, 0.01 N)", c.t2);
  cli.option("t3", "hybrid: stack -> read above this size when growing by > alpha", c.t3);
  cli.option("alpha", "hybrid: exponential growth factor (stack -> read)", c.alpha);
  cli.option("beta", "hybrid: growth factor below which read -> stack (read entered by growth)", c.beta);
  cli.option("t4", "hybrid_cpu_gpu: move to the GPU above this branch size when growing by > alpha", c.t4);
  cli.option("local-stack", "Alg. 1 THRESHOLD: local stack entries per bulk push", c.local_stack);
  cli.option("do-alpha", "direction-optimising: top-down -> bottom-up when frontier arcs > unexplored / alpha",
             c.do_alpha);
  cli.option("do-beta", "direction-optimising: bottom-up -> top-down when frontier < N / beta", c.do_beta);
  cli.option("defer-claims-from",
             "CPU programs: branches of at least this many vertices defer their claims (bucketed, no locked OR); "
             "0 = all, -1 = none",
             c.defer_claims_from);
  cli.option("defer-claims-test",
             "CPU programs with options (hybrid_omp, dobfs_omp): 1 = a deferred branch tests the visited bit "
             "before filing a neighbour, 0 = files every neighbour",
             c.defer_claims_test);
}

void check(Config& c, const CommonOptions& opt) {
  c.roots_per_graph = c.roots.value_or(opt.scale == Scale::paper ? 10 : 4);
  if (c.roots_per_graph < 1) throw InputError("--roots: must be >= 1");
  c.trials_per_root = opt.was_given("trials") ? opt.trials : 1;
  for (const auto& [option, value] : {std::pair{"t1", c.t1}, {"t2", c.t2}, {"t3", c.t3}, {"t4", c.t4}})
    if (value < 0) throw InputError(std::string("--") + option + ": must be >= 0");
  if (c.defer_claims_from < -1) throw InputError("--defer-claims-from: -1 (never) or >= 0");
  const std::string& bu = c.gpu_bottom_up;
  if (bu != "1/1" && bu != "2/2" && bu != "4/1" && bu != "4/2")
    throw InputError("--gpu-bottom-up: " + bu + " is not one of 1/1, 2/2, 4/1, 4/2");
  ProgramOptions& p = c.programs;
  auto& h = p.hybrid;
  h.thresholds.t1 = std::uint64_t(c.t1);
  h.thresholds.t2 = std::uint64_t(c.t2);
  h.thresholds.t3 = std::uint64_t(c.t3);
  h.thresholds.alpha = c.alpha;
  h.thresholds.beta = c.beta;
  h.local_threshold = std::size_t(std::max<std::int64_t>(1, c.local_stack));
  h.defer_claims_from = c.defer_claims_from < 0 ? ~std::uint64_t(0) : std::uint64_t(c.defer_claims_from);
  h.deferred_test_first = c.defer_claims_test;
  p.direction.alpha = c.do_alpha;
  p.direction.beta = c.do_beta;
  p.direction.local_threshold = h.local_threshold;
  p.direction.defer_claims_from = h.defer_claims_from;
  p.direction.deferred_test_first = h.deferred_test_first;
  p.t4 = std::uint64_t(c.t4);
  p.gpu_early_copy = c.gpu_early_copy;
  p.gpu_bottom_up_words = bu[0] - '0';
  p.gpu_bottom_up_arcs = bu[2] - '0';
  if (c.gpu_small_levels < 0 || c.gpu_small_levels > 32) throw InputError("--gpu-small-levels: 0 .. 32");
  p.gpu_small_levels = int(c.gpu_small_levels);
  if (!std::isfinite(c.mgpu_arc_weight) || c.mgpu_arc_weight < 0 || c.mgpu_arc_weight > 1e6)
    throw InputError("--mgpu-arc-weight: must be a number from 0 to 1e6");
  p.mgpu_arc_weight = c.mgpu_arc_weight;
  p.gpu_counts.clear();
  std::size_t at = 0;
  while (at < c.gpu_counts.size()) {
    const std::size_t comma = std::min(c.gpu_counts.find(',', at), c.gpu_counts.size());
    const std::string item = c.gpu_counts.substr(at, comma - at);
    char* end = nullptr;
    const long g = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || g < 1 || g > 64)
      throw InputError("--gpu-counts: '" + item + "' is not a GPU count (1 .. 64); e.g. 1,2,4");
    p.gpu_counts.push_back(int(g));
    at = comma + 1;
  }
}

void begin(harness::Session& s, Config& c) {
  ResultsWriter& w = s.writer();
  const auto& h = c.programs.hybrid.thresholds;
  w.set_meta("traversal",
             "level-synchronous traversal in BFS order (the paper calls it DFS); levels checked with Graph500 rules");
  w.set_meta("teps_definition", "undirected input edges inside the traversed component / seconds (Graph500)");
  w.set_meta("t1", double(h.t1));
  w.set_meta("t2", h.t2 ? std::to_string(h.t2) : "max(2^18, 0.01 N)");
  w.set_meta("t3", double(h.t3));
  w.set_meta("alpha", h.alpha);
  w.set_meta("beta", h.beta);
  w.set_meta("t4", double(c.programs.t4));
  w.set_meta("gpu_early_copy", c.gpu_early_copy ? "1" : "0");
  w.set_meta("gpu_bottom_up", c.gpu_bottom_up);
  w.set_meta("gpu_small_levels", double(c.gpu_small_levels));
  w.set_meta("mgpu_arc_weight", c.mgpu_arc_weight);
  w.set_meta("roots_per_graph",
             double(s.opt().sources_given ? s.opt().sources.size() : std::size_t(c.roots_per_graph)));
  w.set_meta("trials_per_root", double(c.trials_per_root));
  // Only where the run is compared with the reference: the experiment's own pieces.
  if (!s.reads_file() && !std::getenv("OMP_WAIT_POLICY"))
    s.progress().note(
        "OMP_WAIT_POLICY is not set: the reference results ran with OMP_WAIT_POLICY=active "
        "(make reproduce sets it; experiments/hybrid_dfs/README.md)");
}

// dobfs_mgpu needs NCCL and two GPUs or more (and as many as --gpu-counts asks for).
std::string multi_gpu_problem(const std::vector<int>& counts) {
#ifndef GS_HAVE_NCCL
  (void)counts;
  return "built without NCCL (a system install, or GS_NCCL_ROOT naming its folder: docs/SCALE-OUT.md)";
#else
  const int present = traversal::MultiGpuTraversal::gpus_present();
  if (present < 2) return "needs 2 or more GPUs (" + std::to_string(present) + " here)";
  for (int g : counts)
    if (g > present)
      return "--gpu-counts asks for " + std::to_string(g) + " GPUs, " + std::to_string(present) + " here";
  return "";
#endif
}

// combblas_bfs needs CombBLAS and a square number of ranks (its 2D grid): the
// launcher's rank count, where it gives one (else the program finds out itself).
std::string unavailable(const harness::ProgramInfo& p, const Piece&, const Config& c) {
  if (p.name == name::dobfs_mgpu) return multi_gpu_problem(c.programs.gpu_counts);
  if (p.name != name::combblas_bfs) return "";
#ifndef GS_HAVE_COMBBLAS
  return "built without CombBLAS (scripts/deps.sh installs libcombblas-dev)";
#else
  const harness::LaunchedRanks job = harness::launched_ranks();
  return job.size > 0 ? dist::combblas_grid_problem(job.size) : "";
#endif
}

harness::Experiment<Config> declaration() {
  harness::Experiment<Config> e;
  e.name = "hybrid_dfs";
  e.description =
      "Paper D (Yu & Li 2014, after Hong et al. PACT 2011), 'parallel DFS' on multicore CPU and GPU.\n"
      "WHAT IT IS: the paper's traversal expands the graph branch by branch, i.e. it is a level-synchronous\n"
      "traversal in BFS order, not a depth-first search; the name is the paper's. Every program returns BFS\n"
      "levels, validated with the Graph500 rules in the same run.\n"
      "Graphs: SNAP RMAT (a,b,c) = (0.45,0.25,0.15), N = 2^scale, M unique directed pairs, traversed as\n"
      "undirected (CSR with both arcs). Main graph N = 2^25, M = 2^28 (quick: 2^16, 2^19).\n"
      "Roots: --roots random vertices of the giant component (or --sources); --trials K = timed runs per root\n"
      "(default 1), after one warm-up per program.\n"
      "TEPS = undirected input edges inside the traversed component / seconds (the Graph500 convention).\n"
      "GPU rows record 1 thread (hybrid_cpu_gpu: its CPU threads); branch_ms = each branch's milliseconds (GPU\n"
      "programs, hybrid_omp, dobfs_omp); GPU levels travel back as 4-bit codes widened untimed (widen_s).\n"
      "Pieces: table1 (read bandwidth micro-benchmark: bw_seq_cpu, bw_rand_cpu, bw_seq_gpu, bw_rand_gpu; GB/s in\n"
      "column gbs), fig3 (CPU programs vs threads, --thread-list), fig3-bgl (BGL BFS on fig3's graph), fig4\n"
      "(GPU, CPU+GPU, best CPU), fig5a (N = 2^20..2^26, M = 8N), fig5b-m2e28 .. fig5b-m2e31 (one M each of\n"
      "2^28..2^31 at N = 2^25; each size admitted or refused by host/device memory), scale-out (pbgl_bfs, and "
      "combblas_bfs on square rank counts,\non the ranks of an MPI job, paper: fig5a's N = 2^22\n"
      "graph, quick: the main graph:\n"
      "mpirun -np P hybrid_dfs --piece scale-out; each rank generates its own share; the same roots, found with\n"
      "all-reduces), multi-gpu (dobfs_mgpu on 1, 2, 4, ... GPUs of this host (--gpu-counts; column gpus) beside\n"
      "dobfs_gpu, on N = 2^25..2^27, M = 16N; runs only with 2 or more GPUs and NCCL; comm_s = the NCCL exchange,\n"
      "level_ms = per level compute/comm, imbalance = slowest / mean GPU compute).";
  e.seconds_definition =
      "CPU: the traversal incl. O(N) initialisation; GPU: branch-array initialisation on the GPU + "
      "traversal + copying the levels back to page-locked host memory, 4 bits per vertex plus the vertices "
      "deeper than 13 or found after the copy started with their byte codes, patched in (levels >= 254 "
      "also copy a 4-byte array; exact at any depth); expanding the codes to 4-byte levels for the "
      "verifier is untimed (widen_s); graph upload excluded (upload_s); BGL: breadth_first_search alone (graph "
      "build in setup_s)";
  e.programs = traversals().infos();
  for (const auto& p : read_benchmarks().infos()) e.programs.push_back(p);
  e.input_programs = traversals().names();
  e.columns = {"source",     "teps",   "component_edges", "upload_s",  "cpu_s",
               "h2d_s",      "init_s", "compute_s",       "d2h_s",     "setup_s",
               "gbs",        "states", "widen_s",         "late",      "branch_ms",
               "bytes_read", "gpus",   "comm_s",          "imbalance", "level_ms"};
  e.takes_sources = true;
  e.options = options;
  e.check = check;
  e.pieces = pieces;
  e.unavailable = unavailable;
  e.begin = begin;
  e.run_graph = [](harness::Session& s, Config& c, const harness::GraphSource& source) {
    if (s.piece().kind == kReadBandwidth) return run_table1(s, c);
    run_traversals(s, c, source);
  };
  e.run_distributed = GS_DISTRIBUTED(run_scale_out);
  return e;
}

}  // namespace
}  // namespace gs::hybrid_dfs

int main(int argc, char** argv) { return gs::harness::run_experiment(gs::hybrid_dfs::declaration(), argc, argv); }
