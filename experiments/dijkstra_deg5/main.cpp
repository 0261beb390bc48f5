// Experiment dijkstra_deg5 (paper E): two-kernel GPU shortest paths on
// degree-5 graphs, in OpenCL and CUDA, against BGL Dijkstra, plus OpenMP
// delta-stepping and near-far GPU SSSP. Protocol: docs/PROTOCOL.md, paper E.
#include <cmath>
#include <string>
#include <vector>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/convert.hpp"
#include "common/harness/driver.hpp"
#include "common/harness/input_graph.hpp"
#include "common/harness/run_programs.hpp"
#include "common/verify/sssp.hpp"
#include "experiments/dijkstra_deg5/config.hpp"
#include "experiments/dijkstra_deg5/float_range.hpp"
#include "generators/cached_generators.hpp"

namespace gs::dijkstra_deg5 {
namespace {

using harness::GraphSize;
using harness::Piece;
using harness::Session;

// Edge list, CSR, BGL graph and the double-precision reference: ~56 B per arc.
std::uint64_t host_bytes(std::uint64_t n, std::uint64_t arcs) { return arcs * 56 + n * 48; }
constexpr const char* kHostContents = "edge list, CSR, BGL graph, reference";

const harness::ProgramTable<sssp::SsspProgram, Config>& program_table() {
  static const harness::ProgramTable<sssp::SsspProgram, Config> table(sssp::sssp_programs());
  return table;
}

// The options a piece runs the programs with: piece opencl-cpu runs two_kernel_opencl on a CPU device.
Config options_for(const Config& c, const Piece& piece) {
  Config o = c;
  if (piece.kind == kOpenClCpuKind) o.opencl_device = "cpu";
  return o;
}

void run_graph(Session& s, Config& c, const harness::GraphSource& source) {
  const GraphSize* size = source.size();
  harness::VertexIds ids;  // an --input graph's file ids (the source column)
  harness::Lineup<sssp::SsspProgram> lineup(
      s, source, program_table(), options_for(c, s.piece()), sssp::sssp_columns(),
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
  e.seconds_definition = sssp::kSecondsDefinition;
  e.programs = program_table().infos();
  e.columns = harness::column_names(sssp::sssp_columns());
  e.takes_sources = true;
  e.options = declare_options;
  e.check = check_options;
  e.pieces = pieces;
  e.unavailable = [](const harness::ProgramInfo& p, const Piece& piece, const Config& c) {
    return sssp::unavailable(p, options_for(c, piece));
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
