// Table 1: this machine's sequential and random read bandwidth, one verified
// row per trial (at least 3) and the median GB/s of each benchmark in the metadata.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/harness/run_programs.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#include "experiments/hybrid_dfs/config.hpp"

namespace gs::hybrid_dfs {

void run_table1(harness::Session& s, const Config& c) {
  using traversal::ReadProgram;
  const traversal::ReadGraph arrays{std::make_unique<traversal::ReadArrays>()};
  arrays.arrays->words = std::uint64_t(1) << (s.paper_scale() ? 28 : 23);  // 2 GiB / 64 MiB of 8-byte words
  arrays.arrays->reads = arrays.arrays->words / 4;
  harness::GraphId id;
  id.name = "array-" + std::to_string(arrays.arrays->words * 8 >> 20) + "MiB";
  id.generator = "bandwidth";
  id.n = arrays.arrays->words;
  // CPU rows run on exactly the thread count their `threads` column names (the session sets it).
  harness::Lineup<ReadProgram> lineup(
      s, harness::GraphSource::none(), read_benchmarks(), c, columns(),
      {.trials = [&s](const harness::ProgramInfo&) { return std::max(3, s.opt().trials); }});
  lineup.admit("table1", {id.n, 0}, 0, "bandwidth arrays");
  std::map<std::string, std::vector<double>> gbs;  // the timed trials', as the rows
  harness::run_programs(
      lineup, id, arrays,
      harness::CheckOutcome<ReadProgram>([&](const harness::Outcome<traversal::ReadAnswer>& r, const harness::NoQuery&,
                                             const std::string& program, int trial) {
        const bench::ReadBandwidth& m = r.answer.measured;
        if (m.checksum != r.answer.expected_checksum)
          throw VerificationError(program + ": checksum mismatch (reads were not all performed)");
        if (trial >= 0) gbs[program].push_back(m.gbs());
        return harness::Checked{"bytes=" + std::to_string(m.bytes) + ";checksum=" + std::to_string(m.checksum), {}};
      }));
  for (const harness::ProgramInfo& info : s.programs()) {
    s.writer().set_meta(info.name + "_gbs", median(gbs[info.name]));
    s.progress().note(info.name + ": median " + fmt_number(median(gbs[info.name])) + " GB/s");
  }
}

}  // namespace gs::hybrid_dfs
