// The trial loop every experiment shares: --warmups W (default 1) untimed runs, K timed trials, each
// result verified before its row is written, the median on stderr.
//
//   gs::ResultRow base = ...;            // graph, generator, n, m, seed, algorithm, threads, device
//   gs::run_trials(writer, progress, opt, base, [&](int trial) {
//     gs::TrialOutcome t;
//     ... run the program, time it into t.seconds, phases into t.extra ...
//     t.answer = verifier.check(result, name).answer();   // throws VerificationError on mismatch
//     return t;
//   });
//
// Rows are written only for verified trials; a VerificationError propagates
// (exit 1), and the ResultsWriter then keeps the rows as *.csv.failed.
#pragma once

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "common/cli.hpp"
#include "common/progress.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"

namespace gs {

struct TrialOutcome {
  double seconds = 0;                        // the timed region (what the paper timed)
  std::string answer;                        // from the verifier's summary
  std::map<std::string, std::string> extra;  // phases (h2d_s, compute_s, ...), source, ...
};

// Returns the median of the timed trials' seconds. `run(trial)` gets -1 for a warm-up.
template <class F>
double run_trials(ResultsWriter& writer, Progress& progress, const CommonOptions& opt, const ResultRow& base, F&& run) {
  const std::string label =
      base.graph + " " + base.algorithm + (base.threads > 1 ? " t=" + std::to_string(base.threads) : "");
  progress.step(label + " (" + std::to_string(opt.warmups) + " warm-up + " + std::to_string(opt.trials) + " trials)");
  for (int w = 0; w < opt.warmups; ++w) run(-1);  // warm-up: verified too, not recorded
  std::vector<double> times;
  std::string sources;  // the trials' sources in order, for the progress line
  for (int t = 0; t < opt.trials; ++t) {
    TrialOutcome out = run(t);
    if (const auto s = out.extra.find("source"); s != out.extra.end()) {
      const std::string item = "," + s->second + ",";
      if (("," + sources + ",").find(item) == std::string::npos) sources += (sources.empty() ? "" : ",") + s->second;
    }
    ResultRow row = base;
    row.trial = t;
    row.seconds = out.seconds;
    row.answer = out.answer;
    row.verified = true;
    for (auto& kv : out.extra) row.extra[kv.first] = kv.second;
    writer.add(row);
    times.push_back(out.seconds);
  }
  const double med = median(times);
  progress.note(label + (sources.empty() ? "" : " from source " + sources) + ": median " + fmt_seconds(med) + " s, " +
                (times.empty() ? "" : "verified"));
  return med;
}

}  // namespace gs
