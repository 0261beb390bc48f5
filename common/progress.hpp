// Progress on stderr: which experiment, which piece, how much is done, ETA.
// stdout stays machine-readable.
#pragma once

#include <cstdio>
#include <string>

#include "common/timer.hpp"

namespace gs {

class Progress {
 public:
  // `total_units`: the number of steps this run will report (0 when unknown).
  Progress(std::string experiment, std::size_t total_units) : name_(std::move(experiment)), total_(total_units) {}

  // Announces the next step (e.g. "n=4096 prim_minreduce trial 2/5").
  void step(const std::string& what) {
    ++done_;
    const double el = timer_.seconds();
    if (total_ > 0 && done_ > 1) {
      const double eta = el / double(done_ - 1) * double(total_ - done_ + 1);
      std::fprintf(stderr, "[%s] %zu/%zu %s (elapsed %.0fs, ETA %.0fs)\n", name_.c_str(), done_, total_, what.c_str(),
                   el, eta);
    } else if (total_ > 0) {
      std::fprintf(stderr, "[%s] %zu/%zu %s\n", name_.c_str(), done_, total_, what.c_str());
    } else {
      std::fprintf(stderr, "[%s] %s (elapsed %.0fs)\n", name_.c_str(), what.c_str(), el);
    }
    std::fflush(stderr);
  }
  void note(const std::string& what) const {
    std::fprintf(stderr, "[%s] %s\n", name_.c_str(), what.c_str());
    std::fflush(stderr);
  }

 private:
  std::string name_;
  std::size_t total_, done_ = 0;
  WallTimer timer_;
};

}  // namespace gs
