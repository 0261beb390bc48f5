// Paper D (Yu & Li 2014, after Hong et al. PACT 2011): "parallel DFS" on
// multicore CPU and GPU. The paper's traversal expands the graph branch by
// branch, i.e. it is a LEVEL-SYNCHRONOUS TRAVERSAL IN BFS ORDER; the
// experiment keeps the paper's name (hybrid_dfs) and every program returns BFS
// levels, checked against the Graph500 rules.
#include <cstdlib>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/harness/driver.hpp"
#include "experiments/hybrid_dfs/config.hpp"

namespace gs::hybrid_dfs {
namespace {

using harness::Piece;

void declare_options(Cli& cli, Config& c) {
  cli.option("roots", "random roots in the giant component", c.roots,
             std::to_string(kRoots) + " (quick: " + std::to_string(kQuickRoots) + ")");
  traversal::bind_options(cli, c);
}

void check_options(Config& c, const CommonOptions& opt) {
  c.roots_per_graph = c.roots.value_or(opt.scale == Scale::paper ? kRoots : kQuickRoots);
  if (c.roots_per_graph < 1) throw InputError("--roots: must be >= 1");
  c.trials_per_root = opt.was_given("trials") ? opt.trials : 1;
  traversal::check_options(c);
}

void begin(harness::Session& s, Config& c) {
  s.writer().set_meta(
      "traversal",
      "level-synchronous traversal in BFS order (the paper calls it DFS); levels checked with Graph500 rules");
  s.writer().set_meta("teps_definition", "undirected input edges inside the traversed component / seconds (Graph500)");
  traversal::record_options(s.writer(), c);
  s.writer().set_meta("roots_per_graph",
                      double(s.opt().sources_given ? s.opt().sources.size() : std::size_t(c.roots_per_graph)));
  s.writer().set_meta("trials_per_root", double(c.trials_per_root));
  // Only where the run is compared with the reference: the experiment's own pieces.
  if (!s.reads_file() && !std::getenv("OMP_WAIT_POLICY"))
    s.progress().note(
        "OMP_WAIT_POLICY is not set: the reference results ran with OMP_WAIT_POLICY=active "
        "(make reproduce sets it; experiments/hybrid_dfs/README.md)");
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
  e.columns = harness::column_names(columns());
  e.takes_sources = true;
  e.options = declare_options;
  e.check = check_options;
  e.pieces = pieces;
  e.unavailable = [](const harness::ProgramInfo& p, const Piece&, const Config& c) {
    return traversals().contains(p.name) ? traversals().unavailable(p.name, c) : std::string();
  };
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
