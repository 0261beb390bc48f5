// Experiment kruskal_100m (paper C): Kruskal on 100M edges with the paper's
// sequential, OpenMP-task, Thrust and CDP quicksorts, BGL's Kruskal, and two
// programs beyond the paper (parallel filter-Kruskal, a CUB GPU pipeline).
// Protocol: docs/PROTOCOL.md, paper C.
//
// Pieces (--list-pieces): `main` (every program but BGL at the paper's 100M
// edges / 100K vertices / weights 1..1e6), `main-bgl` (BGL's Kruskal there),
// `sweep-edges` and `sweep-bgl` (the same at 10M, 25M, 50M edges),
// `sweep-edges-200m` (200M edges, no BGL), `threads` (the OpenMP programs at
// 100M edges on every --thread-list count); quick scale uses ~1M edges. With
// --input FILE: one piece, `input`, every program on that graph.
#include <algorithm>
#include <string>
#include <vector>

#include "common/harness/driver.hpp"
#include "common/harness/run_programs.hpp"
#include "common/verify/msf.hpp"
#include "experiments/kruskal_100m/graph.hpp"
#include "experiments/kruskal_100m/kruskal_100m.hpp"

namespace gs::kruskal_100m {

const ProgramTable& programs() {
  static const ProgramTable table(mst::kruskal_programs());
  return table;
}

namespace {

constexpr const char* kSecondsDefinition =
    "kruskal_seq/kruskal_omp: quicksort of the 12-byte edge array + union-find scan; "
    "kruskal_thrust and kruskal_cdp: end to end as the paper timed them (unpack/allocate/copy to the GPU, sort, "
    "copy back/repack, union-find scan); bgl_kruskal: boost::kruskal_minimum_spanning_tree on a graph built "
    "beforehand (build_s); filter_kruskal_omp: the whole algorithm; kruskal_cub_gpu: end to end from pinned host "
    "memory (copy to the GPU, threshold/select/radix sort/gather of the light edges, Boruvka on the device, the heavy "
    "edges filtered by component and added only if the light forest does not span, copy of the forest back; "
    "pinning in pin_s, the same run without the upload in resident_s, plain CUB SortPairs of all weights in "
    "cub_sortpairs_s)";

// The extra CSV columns in order: a graph's generation, then the programs' phases and counts.
const std::vector<harness::Column>& columns() {
  static const std::vector<harness::Column> all = [] {
    std::vector<harness::Column> c = {{"generate_s", harness::Unit::seconds}};
    for (const harness::Column& p : mst::kruskal_columns()) c.push_back(p);
    return c;
  }();
  return all;
}

void run_graph(harness::Session& s, Config& config, const harness::GraphSource& source) {
  const harness::GraphSize* size = source.size();
  Workload w;
  std::vector<KEdge> work;  // each trial's fresh copy of w.edges: the sorts work in place
  harness::Lineup<KruskalProgram> lineup(s, source, programs(), config, columns(),
                                         {.query_columns =
                                              [&w](harness::NoQuery) {
                                                return harness::ColumnValues{{"generate_s", w.generate_s}};
                                              },
                                          .before_trial = [&] { work = w.edges; }});
  // Admitted before the big allocations: a generated graph before it is generated,
  // a file once its reader (which admits its own edge list) knows n and m; the host
  // part covers the verifier's reference and every per-vertex array.
  const std::string contents = "edges, union-finds, BGL's graph, the verifier";
  if (size) {
    lineup.admit("path+random graph with m = " + std::to_string(size->m), *size, host_bytes(size->n, size->m),
                 contents);
    w = generate(s, eid_t(size->m));
  } else {
    w = read(s, source);
    lineup.admit(w.id.name, {w.el.n, w.el.size()}, host_bytes(w.el.n, w.el.size()), contents);
  }
  w.edges = edge_array(w.el);
  s.progress().note(w.id.name + ": " + std::to_string(w.edges.size()) + " edges in " + fmt_seconds(w.generate_s) +
                    " s; building the reference forest");
  const verify::MsfVerifier<std::uint32_t> verifier(w.el, w.value_of_rank);
  harness::run_programs(lineup, w.id, mst::KruskalInput{w.el, w.edges, work},
                        [&](const std::vector<KEdge>& forest, harness::NoQuery, const std::string& program) {
                          return verifier.check(forest, program).answer();
                        });
}

harness::Experiment<Config> declaration() {
  harness::Experiment<Config> e;
  e.name = "kruskal_100m";
  e.description =
      "Paper C: Kruskal on 100M edges with parallel sorting (sequential and OpenMP quicksort,\n"
      "Thrust and CDP2 CUDA sorts), BGL Kruskal, parallel filter-Kruskal and a CUB GPU pipeline.\n"
      "Graphs: path 0-1-..-(n-1) plus uniform random edges, n = 100000, weights 1..1e6;\n"
      "m = 100M (paper) or ~1M (quick); or --input FILE (read as undirected; without weights every edge weighs 1).\n"
      "Pieces: main (every program but BGL's), main-bgl (BGL's Kruskal; at paper scale 1 trial, no warm-up),\n"
      "sweep-edges and sweep-bgl (10M..50M edges), sweep-edges-200m (200M edges, no BGL),\n"
      "threads (the OpenMP programs on every --thread-list count), scale-out (pbgl_boruvka on the ranks of an MPI\n"
      "job: mpirun -np P kruskal_100m --piece scale-out; each rank generates its own share; paper: the 25M-edge\n"
      "graph of sweep-edges, quick: the main graph).\n"
      "Every forest is verified (weight, edge count, acyclic, edges exist) before its row is written.\n"
      "Extra columns:";
  for (const harness::Column& c : columns()) e.description += " " + c.name;
  e.seconds_definition = kSecondsDefinition;
  e.programs = programs().infos();
  e.columns = harness::column_names(columns());
  e.input_est_seconds = 120;
  e.pieces = pieces;
  e.begin = [](harness::Session& s, Config&) {
    s.writer().set_meta("vertices", double(kVertices));
    s.writer().set_meta("max_weight", double(kMaxWeight));
  };
  e.run_graph = run_graph;
  e.run_distributed = GS_DISTRIBUTED(run_scale_out);
  return e;
}

}  // namespace
}  // namespace gs::kruskal_100m

int main(int argc, char** argv) { return gs::harness::run_experiment(gs::kruskal_100m::declaration(), argc, argv); }
