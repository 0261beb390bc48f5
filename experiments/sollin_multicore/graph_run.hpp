// One complete graph of sollin_multicore, generated or read from --input:
// admitted before its matrices are allocated, then every program of the piece
// on it, each on its thread counts, verified against an independent MST.
#pragma once

#include "common/harness/session.hpp"
#include "experiments/sollin_multicore/bandwidth_floor.hpp"
#include "experiments/sollin_multicore/sollin_multicore.hpp"

namespace gs::sollin_multicore {

// `size` is null for --input. The first graph with a CPU program measures the read bandwidth.
void run_graph(harness::Session& s, const Config& c, const harness::GraphSource& source, BandwidthFloor& bandwidth);

}  // namespace gs::sollin_multicore
