// The denominator of paper B's bandwidth floor (matrix bytes / read bandwidth):
// this machine's streaming-read bandwidth at every thread count the programs
// run on, measured before the first CPU program and again after the last, as
// it varies between runs on a virtual machine (NOTES.md); the metadata keeps
// the better of the two per thread count.
#pragma once

#include <cstddef>
#include <map>

#include "common/harness/session.hpp"

namespace gs::sollin_multicore {

// What the floor is, in the metadata (bandwidth_floor_definition).
extern const char* const kBandwidthFloorDefinition;

class BandwidthFloor {
 public:
  // The first call measures on a buffer of `buffer_bytes`; later calls do nothing.
  void before(harness::Session& s, std::size_t buffer_bytes);
  // Measures again if before() did, and writes read_bandwidth_gbs_t<T>,
  // read_bandwidth_gbs (at --threads) and read_bandwidth_buffer_bytes.
  void after(harness::Session& s);

 private:
  void measure(harness::Session& s, const char* when);
  std::size_t bytes_ = 0;
  bool measured_ = false;
  std::map<int, double> best_gbs_;  // by thread count
};

}  // namespace gs::sollin_multicore
