// Intervals between CUDA events recorded on one stream, summed per phase name.
// Events come from a pool that grows; read the sums only after the stream
// has passed the last lap (collect() waits for it).
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/cuda/check.cuh"

namespace gs {

class PhaseClock {
 public:
  PhaseClock() = default;
  ~PhaseClock() {
    for (cudaEvent_t e : pool_) cudaEventDestroy(e);
  }
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;

  // Creates events ahead of time so that laps do not create them mid-run.
  void reserve(std::size_t events) {
    while (pool_.size() < events) {
      cudaEvent_t e{};
      CUDA_CHECK(cudaEventCreate(&e));
      pool_.push_back(e);
    }
  }
  // Starts a new timeline (forgets earlier laps).
  void start(cudaStream_t s) {
    reserve(1);
    names_.clear();
    transfers_.clear();
    CUDA_CHECK(cudaEventRecord(pool_[0], s));
    used_ = 1;
  }
  // The time since the previous lap (or start) counts towards `phase`.
  void lap(const char* phase, cudaStream_t s) {
    if (used_ == 0) throw std::logic_error("PhaseClock::lap before start");
    reserve(used_ + 1);
    CUDA_CHECK(cudaEventRecord(pool_[used_], s));
    names_.push_back(phase);
    ++used_;
  }
  // Moves `seconds` from one phase's sum to another's (a lap that spanned
  // both, split by timers of its own).
  void transfer(const char* from, const char* to, double seconds) { transfers_.push_back({from, to, seconds}); }
  // Waits for the last lap; sums per phase in seconds, and the total from start.
  std::map<std::string, double> collect(double* total_s = nullptr) {
    std::map<std::string, double> sums;
    if (total_s) *total_s = 0;
    if (used_ < 2) return sums;
    CUDA_CHECK(cudaEventSynchronize(pool_[used_ - 1]));
    for (std::size_t i = 1; i < used_; ++i) sums[names_[i - 1]] += elapsed_s(i - 1, i);
    for (const Transfer& t : transfers_) {
      const double moved =
          std::min(t.seconds, sums[t.from]);  // the device timer's and the events' clocks differ slightly
      sums[t.from] -= moved;
      sums[t.to] += moved;
    }
    if (total_s) *total_s = elapsed_s(0, used_ - 1);
    return sums;
  }

 private:
  double elapsed_s(std::size_t from, std::size_t to) const {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, pool_[from], pool_[to]));
    return ms / 1000.0;
  }

  std::vector<cudaEvent_t> pool_;
  std::vector<const char*> names_;  // names_[i]: the phase of the interval ending at pool_[i + 1]
  std::size_t used_ = 0;
  struct Transfer {
    const char *from, *to;
    double seconds;
  };
  std::vector<Transfer> transfers_;
};

}  // namespace gs
