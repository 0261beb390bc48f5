// Experiment sollin_multicore (paper B): multicore Sollin/Boruvka on complete
// graphs vs Kruskal and BGL Kruskal, a thread sweep with the machine's memory
// bandwidth floor, and a dense GPU Boruvka beyond the paper. Protocol:
// docs/PROTOCOL.md, paper B.
#include <memory>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/harness/driver.hpp"
#include "experiments/sollin_multicore/bandwidth_floor.hpp"
#include "experiments/sollin_multicore/graph_run.hpp"
#include "experiments/sollin_multicore/sollin_multicore.hpp"

namespace gs::sollin_multicore {

const harness::ProgramTable<CompleteMsfProgram, Config>& program_table() {
  static const harness::ProgramTable<CompleteMsfProgram, Config> table(mst::sollin_programs());
  return table;
}

namespace {

using mst::kBglKruskal;
using mst::kBoruvkaDenseGpu;
using mst::kKruskal;
using mst::kSollinConflictFree;
using mst::kSollinConflictFreeTri;
using mst::kSollinSerial;
using mst::kSollinSerialTri;

constexpr const char* kSecondsDefinition =
    "CPU: the program's MST computation on the resident matrix (Sollin's contracted-matrix workspace "
    "is allocated in setup_s; Kruskal builds and sorts its edge list inside the timing; BGL's graph "
    "is built in setup_s); GPU: CUDA events around the levels with the matrix on the device, the "
    "copy in h2d_s and the tree's download in d2h_s; Sollin's phases inside seconds: select_s (level 1's "
    "select over the input), contract_s (every level's contraction), first_merge_s (the merge that reads "
    "the input, with level 2's select), later_merges_s, traceback_s (selected edges traced back to input "
    "edges); the rest is start-up";

using harness::GraphSize;
using harness::Piece;
using harness::Role;

std::vector<Piece> pieces(const Config&, const CommonOptions& opt) {
  const bool paper = opt.scale == Scale::paper;
  auto complete = [](std::initializer_list<vid_t> ns) {
    std::vector<GraphSize> g;
    for (vid_t n : ns) g.push_back({n, std::uint64_t(n) * (n - 1) / 2});
    return g;
  };
  const std::vector<std::string> sollin = {kSollinSerial, kSollinSerialTri, kSollinConflictFree,
                                           kSollinConflictFreeTri};
  std::vector<std::string> cpu = sollin;
  cpu.insert(cpu.begin(), kKruskal);
  // BGL Kruskal has a piece of its own, so that the Sollin programs can be re-measured
  // without its minutes-long runs, and stays out of ext20000 (NOTES.md).
  const auto fig = paper ? complete({1000, 2500, 5000, 10000}) : complete({200, 500, 1000});
  return {{.name = "fig1", .role = Role::main, .est_seconds = paper ? 45. : 10., .programs = cpu, .graphs = fig},
          {.name = "fig1-bgl",
           .role = Role::main,
           .est_seconds = paper ? 250. : 10.,
           .programs = {kBglKruskal},
           .graphs = fig},
          {.name = "fig2-threads",
           .role = Role::thread_sweep,
           .est_seconds = paper ? 35. : 5.,
           .programs = sollin,
           .graphs = paper ? fig : complete({500, 1000}),
           .thread_sweep = true},
          {.name = "gpu",
           .role = Role::extension,
           .est_seconds = paper ? 10. : 5.,
           .programs = {kBoruvkaDenseGpu},
           .graphs = paper ? complete({1000, 2500, 5000, 10000, 20000}) : complete({500, 1000, 2000})},
          {.name = "ext20000",
           .role = Role::extension,
           .est_seconds = paper ? 150. : 10.,
           .programs = cpu,
           .graphs = paper ? complete({20000}) : complete({2000})}};
}

harness::Experiment<Config> declaration() {
  harness::Experiment<Config> e;
  e.name = "sollin_multicore";
  e.description =
      "Paper B: Sollin (Boruvka) on complete graphs, serial and conflict-free OpenMP, full and lower-triangular\n"
      "storage, vs the paper's Kruskal and BGL Kruskal; a GPU dense Boruvka beyond the paper. Complete graphs,\n"
      "weights uniform 0..65535 (gs::gen::complete_matrix). Pieces: fig1 (every CPU program per N but BGL; "
      "conflict-free\n"
      "at 1 thread = program 3 and all threads = program 4), fig1-bgl (BGL Kruskal), fig2-threads (thread sweep), "
      "gpu,\n"
      "ext20000.\n"
      "The metadata JSON records the measured read bandwidth (read_bandwidth_gbs_t<T>) for the bandwidth floor\n"
      "(generated graphs only: an --input run does not measure it).";
  e.seconds_definition = kSecondsDefinition;
  e.programs = program_table().infos();
  e.columns = harness::column_names(mst::sollin_columns());
  e.options = [](Cli& cli, Config& c) {
    std::string slow;
    for (const std::string& name : kSlowBaselines) slow += (slow.empty() ? "" : ", ") + name;
    cli.option("baseline-trials", "trials for the slow baselines (" + slow + "), at most --trials (0: as --trials)",
               c.baseline_trials);
    cli.option("bandwidth-mib", "buffer for the read-bandwidth measurement, MiB (far above the last-level cache)",
               c.bandwidth_mib);
  };
  e.check = [](Config& c, const CommonOptions&) {
    if (c.baseline_trials < 0 || c.bandwidth_mib < 1)
      throw InputError("--baseline-trials must be >= 0 and --bandwidth-mib >= 1");
  };
  e.pieces = pieces;
  auto bandwidth = std::make_shared<BandwidthFloor>();
  e.begin = [](harness::Session& s, Config&) {
    s.writer().set_meta("m_definition",
                        "m = n(n-1)/2 undirected edges; matrix_bytes = bytes of the storage the program reads");
    s.writer().set_meta("max_threads", double(s.max_threads()));
    s.writer().set_meta("bandwidth_floor_definition", kBandwidthFloorDefinition);
  };
  e.run_graph = [bandwidth](harness::Session& s, Config& c, const harness::GraphSource& source) {
    run_graph(s, c, source, *bandwidth);
  };
  e.end = [bandwidth](harness::Session& s, Config&) { bandwidth->after(s); };
  return e;
}

}  // namespace
}  // namespace gs::sollin_multicore

int main(int argc, char** argv) { return gs::harness::run_experiment(gs::sollin_multicore::declaration(), argc, argv); }
