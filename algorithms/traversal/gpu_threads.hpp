// A host thread per GPU for the multi-GPU traversal, taken from the process's
// OpenMP pool: under OMP_WAIT_POLICY=active (how the suite's pieces run) the
// pool's idle threads spin on every core, and threads of our own would share
// cores with them, each level waiting a scheduler time slice.
#pragma once

#include <functional>

namespace gs::traversal {

// Runs body(0) .. body(count - 1) at the same time, each on its own thread,
// and returns when all have ended. `body` must not throw (it reports its own
// errors). Where the pool grants fewer threads, the rest are started here.
void run_concurrently(int count, const std::function<void(int)>& body);

}  // namespace gs::traversal
