// Host wall-clock timing and trial statistics. GPU code times with CUDA
// events (common/cuda/event_timer.cuh) or synchronises before reading this clock.
#pragma once

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <vector>

namespace gs {

// Now on the steady clock, in seconds: for phases read off shared timestamps.
inline double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

class WallTimer {
 public:
  WallTimer() : start_(clock::now()) {}
  void restart() { start_ = clock::now(); }
  double seconds() const { return std::chrono::duration<double>(clock::now() - start_).count(); }

 private:
  using clock = std::chrono::steady_clock;
  clock::time_point start_;
};

// Median of the trials (the mean of the middle two for an even count).
inline double median(std::vector<double> xs) {
  if (xs.empty()) throw std::invalid_argument("median of no values");
  std::sort(xs.begin(), xs.end());
  const std::size_t k = xs.size() / 2;
  return xs.size() % 2 ? xs[k] : 0.5 * (xs[k - 1] + xs[k]);
}

// Runs fn once, returns its wall time in seconds.
template <class F>
double time_seconds(F&& fn) {
  WallTimer t;
  fn();
  return t.seconds();
}

}  // namespace gs
