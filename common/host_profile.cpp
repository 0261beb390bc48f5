#include "common/host_profile.hpp"

#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <memory>
#include <set>
#include <string>

#include "common/bench/read_bandwidth.hpp"
#include "common/errors.hpp"
#include "common/scoped_threads.hpp"
#include "common/system_info.hpp"
#include "common/timer.hpp"

namespace gs {
namespace {

// Beyond the last-level cache a thread sees on the machines the suite runs on,
// so that the reads come mostly from DRAM, yet small enough that filling it
// keeps the profile near a second; at most an eighth of the free memory.
constexpr std::uint64_t kCpuArrayBytes = std::uint64_t(512) << 20;
constexpr std::uint64_t kMinArrayBytes = std::uint64_t(16) << 20;
constexpr std::uint64_t kGpuArrayBytes = std::uint64_t(1) << 30;
constexpr std::uint64_t kDependentReads = std::uint64_t(1) << 18;
// Each bandwidth is the best of a few passes: the first may still fault pages in.
constexpr int kPasses = 2;

std::uint64_t power_of_two_words(std::uint64_t want_bytes, std::uint64_t cap_bytes) {
  std::uint64_t bytes = std::max(std::min(kMinArrayBytes, want_bytes), std::min(want_bytes, cap_bytes));
  std::uint64_t words = 1;
  while (words * 2 * sizeof(std::uint64_t) <= bytes) words *= 2;
  return words;
}

template <class Measure>
double best_gbs(Measure&& measure, std::uint64_t expected, const char* what) {
  double best = 0;
  for (int pass = 0; pass < kPasses; ++pass) {
    const bench::ReadBandwidth r = measure();
    if (r.checksum != expected) throw VerificationError(std::string("host profile: ") + what + ": checksum mismatch");
    best = std::max(best, r.gbs());
  }
  return best;
}

void record_cpu(ResultsWriter& w, const std::vector<int>& thread_counts, std::uint64_t array_bytes) {
  const std::uint64_t words = power_of_two_words(array_bytes, host_memory_available() / 8);
  const std::uint64_t reads = words / 64;  // spread over the whole array; a pass stays short at one thread
  std::set<int> counts(thread_counts.begin(), thread_counts.end());
  counts.insert(1);
  const int most = *counts.rbegin();
  std::unique_ptr<bench::CpuReadBench> array;
  {
    const ScopedThreads fill(most);  // first touch spreads the pages as the widest reads will
    array = std::make_unique<bench::CpuReadBench>(words);
  }
  const std::uint64_t seq_sum = bench::expected_sequential_checksum(words);
  const std::uint64_t rand_sum = bench::expected_random_checksum(words, reads);
  for (int t : counts) {
    const ScopedThreads at(t);
    const std::string suffix = "_t" + std::to_string(t);
    w.set_meta("host_cpu_seq_read_gbs" + suffix, best_gbs([&] { return array->sequential(); }, seq_sum, "sequential"));
    w.set_meta("host_cpu_rand_read_gbs" + suffix, best_gbs([&] { return array->random(reads); }, rand_sum, "random"));
  }
  const bench::ReadBandwidth chain = array->dependent(kDependentReads);
  if (chain.checksum != bench::expected_dependent_checksum(words, kDependentReads))
    throw VerificationError("host profile: dependent reads: checksum mismatch");
  w.set_meta("host_cpu_dependent_read_ns", chain.seconds / double(kDependentReads) * 1e9);
  w.set_meta("host_profile_array_bytes", double(words * sizeof(std::uint64_t)));
}

// Returns "" when measured, else why not.
std::string record_gpu(ResultsWriter& w) {
  if (!gpu_available()) return "no GPU";
#ifdef GS_HAVE_CUDA
  const std::uint64_t free = gpu_memory_free();
  if (free / 4 < kMinArrayBytes) return "too little free GPU memory";
  const std::uint64_t words = power_of_two_words(kGpuArrayBytes, free / 4);
  const std::uint64_t reads = words / 2;
  const bench::GpuReadBench array(words);
  w.set_meta("host_gpu_seq_read_gbs", best_gbs([&] { return array.sequential(); },
                                               bench::expected_sequential_checksum(words), "GPU sequential"));
  w.set_meta("host_gpu_rand_read_gbs", best_gbs([&] { return array.random(reads); },
                                                bench::expected_random_checksum(words, reads), "GPU random"));
  return "";
#else
  (void)w;
  return "built without CUDA";
#endif
}

}  // namespace

void record_host_profile(ResultsWriter& writer, const std::vector<int>& thread_counts, std::uint64_t cpu_array_bytes) {
  const char* env = std::getenv("GS_HOST_PROFILE");
  if (env && std::string(env) == "off") {
    writer.set_meta("host_profile", "skipped (GS_HOST_PROFILE=off)");
    return;
  }
  WallTimer took;
  record_cpu(writer, thread_counts, cpu_array_bytes ? cpu_array_bytes : kCpuArrayBytes);
  std::string gpu_note;
  try {
    gpu_note = record_gpu(writer);
  } catch (const VerificationError&) {
    throw;
  } catch (const std::exception& e) {  // a GPU the run could use but the profile cannot: said, not fatal
    gpu_note = e.what();
  }
  writer.set_meta("host_profile", gpu_note.empty() ? "measured" : "measured (CPU only: " + gpu_note + ")");
  writer.set_meta("host_profile_seconds", took.seconds());
}

}  // namespace gs
