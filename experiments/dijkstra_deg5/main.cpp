// Experiment dijkstra_deg5 (paper E): two-kernel GPU shortest paths on
// degree-5 graphs, in OpenCL and CUDA, against BGL Dijkstra, plus OpenMP
// delta-stepping and near-far GPU SSSP. Protocol: docs/PROTOCOL.md, paper E.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <set>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/convert.hpp"
#include "common/harness/driver.hpp"
#include "common/harness/input_graph.hpp"
#include "common/harness/run_programs.hpp"
#include "common/verify/sssp.hpp"
#include "experiments/dijkstra_deg5/config.hpp"
#include "experiments/dijkstra_deg5/float_range.hpp"
#include "experiments/dijkstra_deg5/programs.hpp"
#include "generators/cached_generators.hpp"

namespace gs::dijkstra_deg5 {
namespace {

using harness::GraphSize;
using harness::Piece;
using harness::Role;
using harness::Session;

// Piece kinds: the grid graph instead of the degree-5 ones; OpenCL on a CPU device.
constexpr const char* kGridKind = "grid";
constexpr const char* kOpenClCpuKind = "opencl-cpu";

// Edge list, CSR, BGL graph and the double-precision reference: ~56 B per arc.
std::uint64_t host_bytes(std::uint64_t n, std::uint64_t arcs) { return arcs * 56 + n * 48; }

std::vector<Piece> pieces(const Config& c, const CommonOptions& opt) {
  // Seconds per source: the reference Dijkstra plus (trials + warm-ups + 1) BGL runs
  // dominate; the per-vertex costs are the reference runs' (NOTES.md).
  auto estimate = [&](const std::vector<GraphSize>& sizes, double per_vertex) {
    double s = 0;
    for (const auto& g : sizes) s += 2.0 + c.num_sources * (opt.trials + opt.warmups + 1.5) * per_vertex * double(g.n);
    return s;
  };
  auto graphs = [](std::vector<std::uint64_t> ns) {
    std::vector<GraphSize> out;
    for (auto n : ns) out.push_back({n, n * kDegree});
    return out;
  };
  const bool paper = opt.scale == Scale::paper;
  std::vector<GraphSize> small = graphs(paper ? std::vector<std::uint64_t>{10000, 30000, 100000, 300000, 1000000}
                                              : std::vector<std::uint64_t>{10000, 30000, 100000});
  std::vector<GraphSize> cpu_sizes =
      graphs(paper ? std::vector<std::uint64_t>{10000, 100000, 1000000} : std::vector<std::uint64_t>{10000, 100000});
  if (!c.sizes.empty()) small = cpu_sizes = graphs({c.sizes.begin(), c.sizes.end()});
  std::vector<Piece> out;
  out.push_back({.name = "sweep", .role = Role::main, .est_seconds = estimate(small, 1.4e-6), .graphs = small});
  if (paper && c.sizes.empty()) {
    const auto large = graphs({2000000, 4000000});
    out.push_back({.name = "sweep-large", .role = Role::main, .est_seconds = estimate(large, 1.4e-6), .graphs = large});
  }
  // A road-network stand-in: a square 4-neighbour grid, whose diameter (2 x side hops) makes
  // Bellman-Ford-style programs take thousands of rounds.
  const std::uint64_t side = paper ? 2048 : 256;
  const std::vector<GraphSize> grid = {{side * side, gen::grid_arcs(vid_t(side), vid_t(side))}};
  out.push_back({.name = kGridKind,
                 .role = Role::extension,
                 .est_seconds = estimate(grid, 1.4e-6),
                 .graphs = grid,
                 .kind = kGridKind});
  out.push_back({.name = kOpenClCpuKind,
                 .role = Role::extension,
                 .est_seconds = estimate(cpu_sizes, 2.0e-6),
                 .programs = {kBglDijkstra, kDeltaSteppingOmp, kTwoKernelOpenCl},
                 .graphs = cpu_sizes,
                 .kind = kOpenClCpuKind});
  // The largest graph of the main comparison (--sizes: the largest given), on the ranks of an MPI job.
  const std::uint64_t scale_out_n =
      c.sizes.empty() ? (paper ? 4000000 : 100000) : std::uint64_t(*std::max_element(c.sizes.begin(), c.sizes.end()));
  // One PBGL run at the paper's size takes seconds per source (NOTES.md): two trials
  // without a warm-up (PBGL sets up its maps in every run) keep each rank count within
  // one command of the GPU machine, as in the other experiments' scale-out pieces.
  out.push_back({.name = "scale-out",
                 .role = Role::scale_out,
                 .est_seconds = paper ? 180.0 : 20.0,
                 .programs = {kPbglDeltaStepping},
                 .graphs = graphs({scale_out_n}),
                 .kind = harness::kMpiKind,
                 .max_trials = paper ? 2 : 0,
                 .max_warmups = paper ? 0 : -1});
  return out;
}

// The OpenCL device a piece runs two_kernel_opencl on.
ProgramOptions options_for(const Config& c, const Piece& piece) {
  ProgramOptions o = c.programs;
  if (piece.kind == kOpenClCpuKind) o.opencl_device = sssp::OpenClDeviceKind::cpu;
  return o;
}

// Edge list, CSR, BGL graph and the double-precision reference.
constexpr const char* kHostContents = "edge list, CSR, BGL graph, reference";

void run_graph(Session& s, Config& c, const harness::GraphSource& source) {
  const GraphSize* size = source.size();
  harness::VertexIds ids;  // an --input graph's file ids (the source column)
  harness::Lineup<SsspProgram> lineup(s, source, program_table(), options_for(c, s.piece()), columns(),
                                      {.query_columns =
                                           [&ids](const vid_t& v) {
                                             return harness::ColumnValues{{"source", std::to_string(ids.file_id(v))}};
                                           },
                                       .queries_outer = true});
  harness::GraphId id;
  Csr<float> g;
  if (size && s.piece().kind == kGridKind) {
    const vid_t side = vid_t(std::llround(std::sqrt(double(size->n))));
    id = {"grid-" + std::to_string(side) + "x" + std::to_string(side), "grid", size->n, 0, s.opt().seed};
    lineup.admit("grid graph " + id.name, *size, host_bytes(size->n, size->m), kHostContents);
    s.progress().note("generating grid graph " + id.name);
    g = edge_list_to_csr(gen::cached_grid(side, side, kMinWeight, kMaxWeight, s.opt().seed));
  } else if (size) {
    const vid_t n = vid_t(size->n);
    id = {"fixed-degree5-n" + std::to_string(n), "fixed_degree", n, 0, s.opt().seed};
    lineup.admit("fixed-degree graph with n = " + std::to_string(n), *size, host_bytes(n, size->m), kHostContents);
    s.progress().note("generating fixed-degree graph, n = " + std::to_string(n));
    g = edge_list_to_csr(gen::cached_fixed_degree(n, kDegree, kMinWeight, kMaxWeight, s.opt().seed));
  } else {
    auto in = harness::read_input<float>(s, source, harness::Weights::required);
    id = in.id;
    ids = std::move(in.ids);
    const std::uint64_t arcs = in.el.directed ? in.el.size() : 2 * in.el.size();
    lineup.admit("the shortest-path structures of " + id.name, {in.el.n, arcs}, host_bytes(in.el.n, arcs),
                 kHostContents);
    g = edge_list_to_csr(in.el);
  }
  id.m = g.num_arcs();
  sssp::require_nonnegative_weights(g, s.experiment());
  require_float_distances(g, id.name);
  const std::vector<vid_t> sources =
      pick_sources(s.opt(), g.n, c.num_sources, source.is_file() ? source.path() : id.name, ids);
  // The independent reference, outside every timed region: once per source, as the
  // sources are the outer loop.
  vid_t reference_source = kNoVertex;
  std::vector<double> reference;
  harness::run_programs(lineup, id, g, sources,
                        [&](const std::vector<float>& dist, const vid_t& v, const std::string& program) {
                          if (v != reference_source) {
                            reference_source = v;
                            reference = verify::reference_dijkstra(g, v);
                          }
                          return verify::check_sssp(g, v, dist, reference, program).answer();
                        });
}

harness::Experiment<Config> declaration() {
  harness::Experiment<Config> e;
  e.name = "dijkstra_deg5";
  e.description =
      "Paper E: two-kernel GPU shortest paths (Harish & Narayanan) on degree-5 graphs in OpenCL and CUDA,\n"
      "against BGL Dijkstra, with OpenMP delta-stepping, near-far GPU SSSP and an asynchronous bucketed GPU SSSP.\n"
      "Graphs: every vertex has 5 out-arcs to uniform random other vertices, float weights in [1, 1000);\n"
      "n = 1e4..1e5 (quick) or 1e4..4e6 (paper); or --input FILE (e.g. a DIMACS .gr road network).\n"
      "Pieces: sweep and sweep-large (every program), grid (every program on a 2048 x 2048 4-neighbour grid,\n"
      "weights [1, 1000); quick: 256 x 256), opencl-cpu (the CPU programs and OpenCL on a CPU device),\n"
      "scale-out (pbgl_delta_stepping on n = 4e6 (quick 1e5) on the ranks of an MPI job: mpirun -np P\n"
      "dijkstra_deg5 --piece scale-out; each rank generates its own share; the same sources).\n"
      "Extra columns: source, h2d_s, kernel_s, d2h_s, build_s, iterations, delta, opencl_device; for the\n"
      "work-efficient GPU programs relax_per_arc (arcs relaxed / arcs), buckets (distance buckets or bands\n"
      "processed) and wait_s (async_buckets_gpu: mean time a worker block waited for work).";
  e.seconds_definition = kSecondsDefinition;
  e.programs = program_table().infos();
  e.columns = harness::column_names(columns());
  e.takes_sources = true;
  e.options = [](Cli& cli, Config& c) {
    cli.option("num-sources", "random sources per graph when --sources is not given", c.num_sources);
    cli.option(
        "sizes",
        "comma-separated vertex counts replacing the scale's sizes (pieces sweep, opencl-cpu; scale-out: the largest)",
        c.sizes);
    cli.option("opencl-device", "OpenCL device for two_kernel_opencl: gpu, cpu or any (piece opencl-cpu: always cpu)",
               c.opencl_device);
    cli.option("cpu-delta-factor", "delta_stepping_omp bucket width, times mean weight / mean out-degree",
               c.programs.cpu_delta_factor);
    cli.option("gpu-delta-factor", "near_far_gpu band width, times mean weight / mean out-degree",
               c.programs.gpu_delta_factor);
    sssp::NearFarTuning& t = c.programs.near_far;
    cli.option("near-far-local-steps", "near_far_gpu: steps a block chains its own discoveries per round (0: off)",
               t.local_steps);
    cli.option("near-far-early-steps", "near_far_gpu: the cap on chained steps in the first rounds", t.early_steps);
    cli.option("near-far-chain-max",
               "near_far_gpu: a block chains while it holds at most this many entries (0: one per thread)",
               t.chain_max);
    cli.option("near-far-blocks-per-sm", "near_far_gpu: resident blocks per multiprocessor (0: as many as fit)",
               t.blocks_per_sm);
    cli.option("near-far-stats", "near_far_gpu: each source's rounds, visits and phase times to stderr", t.print_stats);
    sssp::AsyncBucketsTuning& a = c.programs.async_buckets;
    cli.option("async-width-factor", "async_buckets_gpu: first bucket width, times mean weight / mean out-degree",
               c.programs.async_width_factor);
    cli.option("async-lookahead", "async_buckets_gpu: buckets from the lowest unfinished one that workers may take",
               a.lookahead);
    cli.option("async-work-per-block",
               "async_buckets_gpu: target queued entries per worker block (fewer: wider buckets)", a.work_per_block);
    cli.option("async-width-range", "async_buckets_gpu: the width stays within first / this .. first x this",
               a.width_range);
    cli.option("async-local-steps", "async_buckets_gpu: steps a block chains its own bucket's improvements (0: off)",
               a.local_steps);
    cli.option("async-blocks-per-sm", "async_buckets_gpu: resident blocks per multiprocessor (0: as many as fit)",
               a.blocks_per_sm);
    cli.option("async-arc-group", "async_buckets_gpu: arcs a thread relaxes at once (1 or 4)", a.arc_group);
    cli.option("async-stats", "async_buckets_gpu: each source's counters to stderr", a.print_stats);
  };
  e.check = [](Config& c, const CommonOptions& opt) {
    if (c.num_sources < 1) throw InputError("--num-sources: must be at least 1");
    for (std::int64_t n : c.sizes)
      if (n < 1 || n > std::int64_t(kNoVertex - 1))
        throw InputError("--sizes: " + std::to_string(n) + " is not a vertex count");
    c.programs.opencl_device = sssp::parse_opencl_device_kind(c.opencl_device);
    if (!(c.programs.cpu_delta_factor > 0) || !(c.programs.gpu_delta_factor > 0))
      throw InputError("--cpu/gpu-delta-factor: must be positive");
    if (!(c.programs.async_width_factor > 0)) throw InputError("--async-width-factor: must be positive");
    sssp::check_tuning(c.programs.near_far);
    sssp::check_tuning(c.programs.async_buckets);
    // PoCL's CPU driver starts one thread per compute unit; --threads caps them. PoCL reads
    // this once, at start-up, so it is set before any OpenCL call; a value the user exported
    // wins. (PoCL 3.x reads the first name, newer ones the second.)
    if (opt.threads > 0)
      for (const char* var : {"POCL_MAX_PTHREAD_COUNT", "POCL_CPU_MAX_CU_COUNT"})
        setenv(var, std::to_string(opt.threads).c_str(), /*overwrite=*/0);
  };
  e.pieces = pieces;
  e.unavailable = [](const harness::ProgramInfo& p, const Piece& piece, const Config& c) {
    std::string why;
    if (p.device == harness::Device::opencl &&
        !sssp::opencl_device_available(options_for(c, piece).opencl_device, &why))
      return why;
    return std::string();
  };
  e.begin = [](Session& s, Config& c) {
    if (!s.reads_file()) {  // the generator's graphs; a file's weights are described by input_weights
      s.writer().set_meta("degree", double(kDegree));
      s.writer().set_meta("weights", "uniform float in [1, 1000)");
    }
    s.writer().set_meta("sources_per_graph", double(s.opt().sources_given ? s.opt().sources.size() : c.num_sources));
  };
  e.run_graph = run_graph;
  e.run_distributed = GS_DISTRIBUTED(run_scale_out);
  return e;
}

}  // namespace
}  // namespace gs::dijkstra_deg5

int main(int argc, char** argv) { return gs::harness::run_experiment(gs::dijkstra_deg5::declaration(), argc, argv); }
