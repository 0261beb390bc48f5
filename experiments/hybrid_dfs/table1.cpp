// Table 1: this machine's sequential and random read bandwidth, one verified
// row per trial and the median GB/s of each benchmark in the metadata.
#include <algorithm>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/results.hpp"
#include "common/timer.hpp"
#include "experiments/hybrid_dfs/config.hpp"
#include "experiments/hybrid_dfs/programs.hpp"

namespace gs::hybrid_dfs {

void run_table1(harness::Session& s, const Config& c) {
  ReadArrays arrays;
  arrays.words = std::uint64_t(1) << (s.paper_scale() ? 28 : 23);  // 2 GiB / 64 MiB of 8-byte words
  arrays.reads = arrays.words / 4;
  harness::GraphId id;
  id.name = "array-" + std::to_string(arrays.words * 8 >> 20) + "MiB";
  id.generator = "bandwidth";
  id.n = arrays.words;
  for (const harness::ProgramInfo& info : s.programs()) {
    const std::unique_ptr<ReadBenchmark> b = read_benchmarks().make(info.name, c);
    if (info.device == harness::Device::gpu) s.admit_device(arrays.words * 8, "table1 GPU bandwidth array");
    else s.admit_host(arrays.words * 8, "table1 CPU bandwidth array");
    b->prepare(arrays);  // on every thread the CPU rows record, so first touch spreads the pages as they read
    const std::uint64_t expected = b->expected_checksum(arrays);
    std::vector<double> gbs;
    // CPU rows run on exactly the thread count their `threads` column names (the session sets it).
    for (int threads : s.threads_for(info)) {
      auto trial = [&](int k) {
        const bench::ReadBandwidth r = b->measure(arrays);
        if (r.checksum != expected)
          throw VerificationError(info.name + ": checksum mismatch (reads were not all performed)");
        TrialOutcome out;
        out.seconds = r.seconds;
        out.answer = "bytes=" + std::to_string(r.bytes) + ";checksum=" + std::to_string(r.checksum);
        out.extra["gbs"] = fmt_number(r.gbs());
        if (k >= 0) gbs.push_back(r.gbs());  // the timed trials, as the rows
        return out;
      };
      s.trials(s.row(id, info, threads), trial, std::max(3, s.opt().trials));
    }
    s.writer().set_meta(info.name + "_gbs", median(gbs));
    s.progress().note(info.name + ": median " + fmt_number(median(gbs)) + " GB/s");
  }
}

}  // namespace gs::hybrid_dfs
