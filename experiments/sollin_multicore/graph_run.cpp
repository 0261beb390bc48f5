#include "experiments/sollin_multicore/graph_run.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "common/convert.hpp"
#include "common/harness/input_graph.hpp"
#include "common/harness/run_programs.hpp"
#include "common/verify/msf.hpp"
#include "experiments/sollin_multicore/complete_input.hpp"
#include "generators/generators.hpp"

namespace gs::sollin_multicore {
namespace {

// Host bytes at the peak for one graph of n vertices beyond the programs' own:
// the matrix (2 N^2) and its triangle (N^2), Kruskal's edge keys (4 N^2) and
// Sollin's workspace (at most 5/2 N^2) whichever program runs.
std::uint64_t shared_host_bytes(std::uint64_t n) {
  const std::uint64_t nn = n * n;
  return 2 * nn + nn + nn * 5 / 2 + 4 * nn;
}

// The conflict-free programs outside a thread sweep run on 1 thread (the paper's
// program 3) and on every thread (program 4); the slow baselines run --baseline-trials trials.
harness::LoopRules<harness::NoQuery> rules(const harness::Session& s, const Config& c) {
  return {.threads =
              [&s](const harness::ProgramInfo& p) {
                std::vector<int> t = s.threads_for(p);
                if (p.threaded && !s.piece().thread_sweep) t.insert(t.begin(), 1);
                t.erase(std::unique(t.begin(), t.end()), t.end());
                return t;
              },
          .trials =
              [&s, &c](const harness::ProgramInfo& p) {
                const bool slow =
                    std::find(kSlowBaselines.begin(), kSlowBaselines.end(), p.name) != kSlowBaselines.end();
                return slow && c.baseline_trials > 0 ? std::min(s.opt().trials, c.baseline_trials) : 0;
              }};
}

}  // namespace

void run_graph(harness::Session& s, const Config& c, const harness::GraphSource& source, BandwidthFloor& bandwidth) {
  const harness::GraphSize* size = source.size();
  harness::Lineup<CompleteMsfProgram> lineup(s, source, program_table(), c, mst::sollin_columns(), rules(s, c));
  const std::string contents = "matrices, Kruskal's keys, Sollin's workspace";
  harness::GraphId id;
  CompleteGraph g;
  std::shared_ptr<const std::vector<double>> value_of_rank;  // ranked --input weights
  if (size) {
    const vid_t n = vid_t(size->n);
    id = {"complete-n" + std::to_string(n), "complete_matrix", n, size->m, s.opt().seed};
    lineup.admit(id.name, *size, shared_host_bytes(n), contents);
    g.full = gen::complete_matrix(n, s.opt().seed);
  } else {
    auto in = harness::read_input<W>(s, source, harness::Weights::order);
    id = in.id;
    value_of_rank = in.value_of_rank;
    id.m = id.n * (id.n ? id.n - 1 : 0) / 2;  // the complete graph's edges, whatever the file repeats
    require_enough_edges_for_complete(in.el, source.path());
    lineup.admit(id.name, {id.n, id.m}, shared_host_bytes(id.n), contents);
    g.full = complete_matrix_from_edges(in.el, source.path());
  }
  g.tri = to_triangular(g.full);
  // Once, with the first generated graph (the figures' floor needs it; a user's --input
  // graph does not wait for it).
  const bool any_cpu = std::any_of(s.programs().begin(), s.programs().end(),
                                   [](const harness::ProgramInfo& p) { return p.device == harness::Device::cpu; });
  if (any_cpu && size) bandwidth.before(s, std::size_t(c.bandwidth_mib) << 20);
  const auto verifier = verify::MsfVerifier<W>::from_matrix(g.full, value_of_rank);
  harness::run_programs(lineup, id, g, [&](const Forest& forest, harness::NoQuery, const std::string& program) {
    return verifier.check(forest, program).answer();
  });
}

}  // namespace gs::sollin_multicore
