#include "experiments/sollin_multicore/bandwidth_floor.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "common/results.hpp"
#include "experiments/sollin_multicore/read_bandwidth.hpp"

namespace gs::sollin_multicore {

const char* const kBandwidthFloorDefinition =
    "matrix_bytes (the storage the program reads: 2 N^2 bytes full, N(N-1) triangular) / "
    "read_bandwidth_gbs_t<T> (the best of 5 streaming passes over the buffer, each pass timed for two kernels, "
    "a 64-bit sum and a 16-bit minimum, on a huge-page-advised buffer first touched by the reading "
    "threads; measured before and after the programs, at T threads)";

void BandwidthFloor::measure(harness::Session& s, const char* when) {
  s.admit_host(bytes_, "read-bandwidth buffer");
  std::set<int> threads(s.thread_list().begin(), s.thread_list().end());
  threads.insert(s.max_threads());
  for (int t : threads) {
    const double gbs = measure_read_bandwidth_gbs(t, bytes_);
    best_gbs_[t] = std::max(best_gbs_[t], gbs);
    s.progress().note(std::string("read bandwidth ") + when + ", " + std::to_string(t) +
                      " threads: " + fmt_seconds(gbs) + " GB/s");
  }
}

void BandwidthFloor::before(harness::Session& s, std::size_t buffer_bytes) {
  if (measured_) return;
  bytes_ = buffer_bytes;
  measure(s, "before");
  measured_ = true;
}

void BandwidthFloor::after(harness::Session& s) {
  if (!measured_) return;
  measure(s, "after");
  s.writer().set_meta("read_bandwidth_buffer_bytes", double(bytes_));
  for (const auto& [t, gbs] : best_gbs_) s.writer().set_meta("read_bandwidth_gbs_t" + std::to_string(t), gbs);
  s.writer().set_meta("read_bandwidth_gbs", best_gbs_[s.max_threads()]);
}

}  // namespace gs::sollin_multicore
