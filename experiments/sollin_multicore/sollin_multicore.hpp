// Experiment sollin_multicore's options and its program table: the sollin
// family (algorithms/mst/sollin/sollin_programs.hpp) on one complete graph in
// both storages.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/mst/sollin/sollin_programs.hpp"
#include "common/harness/program_table.hpp"

namespace gs::sollin_multicore {

using W = std::uint32_t;
using mst::CompleteGraph;
using mst::CompleteMsfProgram;
using mst::Forest;

// The experiment's own options (the family has none).
struct Config {
  int baseline_trials = 1;            // trials of the slow baselines, at most --trials (0: as --trials)
  std::int64_t bandwidth_mib = 2048;  // the read-bandwidth buffer
};

// The baselines whose runs take minutes at paper scale: --baseline-trials trials.
inline const std::vector<std::string> kSlowBaselines = {mst::kKruskal, mst::kBglKruskal};

// Every program of this experiment (main.cpp).
const harness::ProgramTable<CompleteMsfProgram, Config>& program_table();

}  // namespace gs::sollin_multicore
