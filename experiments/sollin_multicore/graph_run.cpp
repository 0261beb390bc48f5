#include "experiments/sollin_multicore/graph_run.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "common/convert.hpp"
#include "common/harness/input_graph.hpp"
#include "common/verify/msf.hpp"
#include "experiments/sollin_multicore/complete_input.hpp"
#include "generators/generators.hpp"

namespace gs::sollin_multicore {
namespace {

using Programs = std::vector<std::unique_ptr<Program>>;

// Host bytes at the peak for one graph of n vertices: the matrix (2 N^2) and its
// triangle (N^2), Kruskal's edge keys (4 N^2) and Sollin's workspace (at most
// 5/2 N^2) whichever program runs, and the largest program's own memory.
std::uint64_t host_bytes(vid_t n, const Programs& programs) {
  const std::uint64_t nn = std::uint64_t(n) * n;
  std::uint64_t own = 0;
  for (const auto& p : programs) own = std::max(own, p->own_host_bytes(n));
  return 2 * nn + nn + nn * 5 / 2 + 4 * nn + own;
}

// Refuses the graph (exit 3) before its matrices are allocated.
void admit(harness::Session& s, vid_t n, const Programs& programs, const std::string& graph) {
  s.admit_host(host_bytes(n, programs), "sollin_multicore on " + graph);
  for (std::size_t i = 0; i < programs.size(); ++i)
    if (programs[i]->device_bytes(n) > 0)
      s.admit_device(programs[i]->device_bytes(n), s.programs()[i].name + " on " + graph);
}

// The conflict-free programs outside a thread sweep run on 1 thread (the paper's
// program 3) and on every thread (program 4).
std::vector<int> thread_counts(const harness::Session& s, const harness::ProgramInfo& p) {
  std::vector<int> t = s.threads_for(p);
  if (p.threaded && !s.piece().thread_sweep) t.insert(t.begin(), 1);
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}

void run_program(harness::Session& s, const Config& c, const harness::GraphId& id, const CompleteGraph& g,
                 const verify::MsfVerifier<W>& verifier, const harness::ProgramInfo& info, Program& program,
                 int threads) {
  ResultRow row = s.row(id, info, threads);
  const bool tri = program.storage() == Storage::triangular;
  row.extra["storage"] = storage_name(program.storage());
  row.extra["matrix_bytes"] = std::to_string(tri ? g.tri.a.size() * 2 : g.full.a.size() * 2);
  if (const auto setup_s = program.prepare(g, threads)) row.extra["setup_s"] = fmt_seconds(*setup_s);
  const int trials = program.slow_baseline() && c.baseline_trials > 0 ? std::min(s.opt().trials, c.baseline_trials) : 0;
  s.trials(
      row,
      [&](int) {
        ProgramRun r = program.run(g);
        TrialOutcome t;
        t.seconds = r.seconds;
        t.extra = std::move(r.phases);
        t.answer = verifier.check(r.forest, info.name).answer();
        return t;
      },
      trials);
}

}  // namespace

void run_graph(harness::Session& s, const Config& c, const harness::GraphSource& source, BandwidthFloor& bandwidth) {
  const harness::GraphSize* size = source.size();
  Programs programs;
  bool any_cpu = false;
  for (const auto& info : s.programs()) {
    programs.push_back(program_table().make(info.name, c));
    any_cpu = any_cpu || info.device == harness::Device::cpu;
  }
  harness::GraphId id;
  CompleteGraph g;
  std::shared_ptr<const std::vector<double>> value_of_rank;  // ranked --input weights
  if (size) {
    const vid_t n = vid_t(size->n);
    id = {"complete-n" + std::to_string(n), "complete_matrix", n, size->m, s.opt().seed};
    admit(s, n, programs, id.name);
    g.full = gen::complete_matrix(n, s.opt().seed);
  } else {
    auto in = harness::read_input<W>(s, source, harness::Weights::order);
    id = in.id;
    value_of_rank = in.value_of_rank;
    id.m = id.n * (id.n ? id.n - 1 : 0) / 2;  // the complete graph's edges, whatever the file repeats
    require_enough_edges_for_complete(in.el, source.path());
    admit(s, vid_t(id.n), programs, id.name);
    g.full = complete_matrix_from_edges(in.el, source.path());
  }
  g.tri = to_triangular(g.full);
  // Once, with the first generated graph (the figures' floor needs it; a user's --input
  // graph does not wait for it).
  if (any_cpu && size) bandwidth.before(s, std::size_t(c.bandwidth_mib) << 20);
  const auto verifier = verify::MsfVerifier<W>::from_matrix(g.full, value_of_rank);
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const harness::ProgramInfo& info = s.programs()[i];
    for (int t : thread_counts(s, info)) run_program(s, c, id, g, verifier, info, *programs[i], t);
    programs[i].reset();  // its memory (BGL's graph, the solver's workspace) goes before the next program's
  }
}

}  // namespace gs::sollin_multicore
