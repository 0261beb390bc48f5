// The pieces of experiment kruskal_100m at each scale: which programs run on
// which edge counts, and how long each piece takes on the reference machine.
#include <algorithm>
#include <string>
#include <vector>

#include "common/harness/driver.hpp"
#include "experiments/kruskal_100m/graph.hpp"
#include "experiments/kruskal_100m/kruskal_100m.hpp"

namespace gs::kruskal_100m {
namespace {

using harness::Piece;
using harness::Role;

// Seconds of every generated graph besides the programs' trials: generation and verification.
constexpr double kGraphSeconds = 5;
// Every run of a program also copies the input edges and verifies the forest, untimed, in a
// time proportional to the edges whatever the program (measured: NOTES.md).
constexpr double kRunOverheadPerMillionEdges = 0.05;
// A thread sweep's time relative to one pass of its programs at the full thread count, and the
// number of thread counts it runs (the default list for the reference machine's cores) (NOTES.md).
constexpr double kSweepFactor = 20;
constexpr double kSweepThreadCounts = 5;

Piece make_piece(const std::string& name, Role role, const std::vector<eid_t>& edges, std::vector<std::string> names,
                 bool thread_sweep, const CommonOptions& opt, int max_trials = 0, int max_warmups = -1) {
  Piece p{.name = name,
          .role = role,
          .programs = std::move(names),
          .thread_sweep = thread_sweep,
          .max_trials = max_trials,
          .max_warmups = max_warmups};
  const int trials = max_trials > 0 ? std::min(opt.trials, max_trials) : opt.trials;
  const int warmups = max_warmups >= 0 ? std::min(opt.warmups, max_warmups) : opt.warmups;
  const double runs = double(trials + warmups);
  for (eid_t m : edges) {
    p.graphs.push_back({kVertices, m});
    p.est_seconds += kGraphSeconds;
    const double mega = double(m) / 1e6;
    for (const auto& prog : programs().infos())
      if (harness::in_piece(p, prog))
        p.est_seconds += mega * runs *
                         (prog.cost * (thread_sweep ? kSweepFactor : 1) +
                          kRunOverheadPerMillionEdges * (thread_sweep ? kSweepThreadCounts : 1));
  }
  return p;
}

Piece scale_out(Piece p) {
  p.kind = harness::kMpiKind;
  return p;
}

}  // namespace

std::vector<Piece> pieces(const Config&, const CommonOptions& opt) {
  const bool paper = opt.scale == Scale::paper;
  const std::vector<eid_t> main_m = {paper ? eid_t(100000000) : eid_t(1000000)};
  const std::vector<eid_t> sweep =
      paper ? std::vector<eid_t>{10000000, 25000000, 50000000} : std::vector<eid_t>{250000, 500000, 2000000};
  const std::vector<eid_t> big = {paper ? eid_t(200000000) : eid_t(4000000)};
  const std::vector<eid_t> scale_out_m = {paper ? sweep[1] : main_m[0]};
  // The thread sweep: the host programs that use OpenMP threads throughout.
  std::vector<std::string> omp, all_but_bgl;
  for (const auto& p : programs().infos()) {
    if (p.threaded && p.device == harness::Device::cpu) omp.push_back(p.name);
    if (p.name != kBglKruskal && p.device != harness::Device::mpi) all_but_bgl.push_back(p.name);
  }
  // BGL's Kruskal takes minutes per run at the paper's sizes (a priority queue over all
  // edges, NOTES.md): its own pieces, one trial without a warm-up at paper scale, so that
  // every piece fits one 10-minute command. It is not run at 200M edges. The 200M-edge
  // piece and the thread sweep run two trials without a warm-up at paper scale for the
  // same reason (with the full count neither would fit one command: NOTES.md).
  const int bgl_trials = paper ? 1 : 0, bgl_warmups = paper ? 0 : -1;
  const int long_trials = paper ? 2 : 0, long_warmups = paper ? 0 : -1;
  return {
      make_piece("main", Role::main, main_m, all_but_bgl, false, opt),
      make_piece("main-bgl", Role::main, main_m, {kBglKruskal}, false, opt, bgl_trials, bgl_warmups),
      make_piece("sweep-edges", Role::size_sweep, sweep, all_but_bgl, false, opt),
      make_piece("sweep-bgl", Role::size_sweep, sweep, {kBglKruskal}, false, opt, bgl_trials, bgl_warmups),
      make_piece("sweep-edges-200m", Role::size_sweep, big, all_but_bgl, false, opt, long_trials, long_warmups),
      make_piece("threads", Role::thread_sweep, main_m, omp, true, opt, long_trials, long_warmups),
      // The distributed program on the ranks of an MPI job: two trials, no warm-up at paper
      // scale. PBGL's dense Boruvka starts with BGL's Kruskal over each rank's edges (a
      // priority queue, as slow per edge as bgl_kruskal): at P = 1 one run on the main graph
      // would take most of a 10-minute command, so at paper scale the piece runs on
      // sweep-edges' 25M-edge graph (the same graph; its single-node programs run there).
      scale_out(make_piece("scale-out", Role::scale_out, scale_out_m, {kPbglBoruvka}, false, opt, paper ? 2 : 0,
                           paper ? 0 : -1)),
  };
}

}  // namespace gs::kruskal_100m
