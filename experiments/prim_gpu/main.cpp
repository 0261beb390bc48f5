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
#include <cstdint>
#include <string>
#include <vector>

#include "common/convert.hpp"
#include "common/harness/driver.hpp"
#include "common/harness/input_graph.hpp"
#include "common/harness/run_programs.hpp"
#include "algorithms/mst/prim_gpu/prim_gpu_programs.hpp"
#include "common/verify/msf.hpp"
#include "generators/cached_generators.hpp"

namespace gs::prim_gpu_exp {
namespace {

using harness::Piece;
using harness::Role;
using W = std::uint32_t;
using mst::CsrMsfProgram;
using mst::Forest;

// The experiment's options are the family's (--max-blocks, --prim-max-work).
struct Config : mst::PrimGpuOptions {};

const harness::ProgramTable<CsrMsfProgram, Config>& programs() {
  static const harness::ProgramTable<CsrMsfProgram, Config> table(mst::prim_gpu_programs());
  return table;
}

constexpr const char* kSecondsDefinition =
    "GPU: device time of the MST computation (first kernel to forest on the device, CUDA events), "
    "upload and download in h2d_s/d2h_s; BGL: prim_minimum_spanning_tree alone, graph build in setup_s";

constexpr eid_t kEdgesPerVertex = 10;
constexpr W kMaxWeight = 1000;

// Host bytes of the CSR, BGL's graph, the GPU programs' copy without isolated
// vertices and the verifier.
std::uint64_t host_bytes(std::uint64_t n, std::uint64_t m) { return m * 80 + n * 72; }

std::vector<harness::GraphSize> powers_of_two(int lo, int hi) {
  std::vector<harness::GraphSize> v;
  for (int k = lo; k <= hi; ++k) v.push_back({vid_t(1) << k, kEdgesPerVertex * (vid_t(1) << k)});
  return v;
}

std::vector<Piece> pieces(const Config&, const CommonOptions& opt) {
  const bool paper = opt.scale == Scale::paper;
  // Every program on every size; above a program's max_generated_n (the launch-per-step and
  // resident Prims) it is left out of a graph.
  return {
      {.name = "paper",
       .role = Role::main,
       .est_seconds = paper ? 15.0 : 5.0,
       .graphs = powers_of_two(7, paper ? 14 : 12)},
      {.name = "extended",
       .role = Role::extension,
       .est_seconds = paper ? 90.0 : 20.0,
       .graphs = powers_of_two(15, paper ? 20 : 17)},
  };
}

void run_graph(harness::Session& s, Config& config, const harness::GraphSource& source) {
  const harness::GraphSize* size = source.size();
  harness::Lineup<CsrMsfProgram> lineup(s, source, programs(), config, mst::prim_gpu_columns());
  const std::string contents = "CSR, BGL graph, verifier";
  harness::GraphId id;
  EdgeList<W> el;
  std::shared_ptr<const std::vector<double>> value_of_rank;  // ranked --input weights
  if (size) {
    id = {"gtgraph-random-n" + std::to_string(size->n), "gtgraph-random", size->n, size->m, s.opt().seed};
    lineup.admit(id.name, *size, host_bytes(size->n, size->m), contents);
    el = gen::cached_gtgraph_random(vid_t(size->n), size->m, 1, kMaxWeight, s.opt().seed);
    id.m = el.size();
  } else {
    harness::InputGraph<W> in = harness::read_input<W>(s, source, harness::Weights::order);
    id = in.id;
    value_of_rank = in.value_of_rank;
    el = std::move(in.el);
    el.directed = false;  // an MST is over the undirected graph
    lineup.admit(id.name, {el.n, el.size()}, host_bytes(el.n, el.size()), contents);
  }
  const Csr<W> g = edge_list_to_csr(el);
  const verify::MsfVerifier<W> verifier(el, value_of_rank);
  s.progress().note(id.name + ": n=" + std::to_string(el.n) + " m=" + std::to_string(el.size()) + " (" +
                    std::to_string(g.num_arcs()) + " arcs), reference forest " + verifier.reference().answer());
  harness::run_programs(lineup, id, g, [&](const Forest& forest, harness::NoQuery, const std::string& program) {
    return verifier.check(forest, program).answer();
  });
}

harness::Experiment<Config> declaration() {
  harness::Experiment<Config> e;
  e.name = "prim_gpu";
  e.description =
      "Paper A: GPU Prim with the min-reduction primitive vs BGL Prim, plus a device-resident Prim and a GPU\n"
      "Boruvka. Graphs: GTgraph random, m = 10 n undirected edges (20 n CSR arcs), weights 1..1000;\n"
      "or --input FILE (read as undirected; without weights every edge weighs 1).\n"
      "Pieces: 'paper' (n = 128..16384, every program) and 'extended' (n = 2^15..2^20; the launch-per-step\n"
      "Prims stop at 2^16 and the resident Prim at 2^17: beyond that one trial takes minutes).\n"
      "h2d_s, compute_s, d2h_s are the GPU phases; setup_s is BGL's graph construction.\n"
      "Isolated vertices cost nothing: the GPU programs get the graph without them (untimed preparation,\n"
      "forest mapped back); BGL Prim starts one search from one root per component.";
  e.seconds_definition = kSecondsDefinition;
  e.programs = programs().infos();
  e.columns = harness::column_names(mst::prim_gpu_columns());
  e.options = [](Cli& cli, Config& c) { mst::bind_options(cli, c); };
  e.check = [](Config& c, const CommonOptions&) { mst::check_options(c); };
  e.pieces = pieces;
  e.begin = [](harness::Session& s, Config& c) {
    s.writer().set_meta("m_definition",
                        "m = undirected edges = 10 n (GTgraph's 10 n arcs, each one undirected edge); CSR arcs = 2 m");
    s.writer().set_meta("max_blocks", double(c.max_blocks));
    s.writer().set_meta("prim_max_work", double(c.prim_max_work));
  };
  e.run_graph = run_graph;
  return e;
}

}  // namespace
}  // namespace gs::prim_gpu_exp

int main(int argc, char** argv) { return gs::harness::run_experiment(gs::prim_gpu_exp::declaration(), argc, argv); }
