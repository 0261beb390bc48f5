// Beyond paper E: a work-efficient GPU SSSP, the near-far method of Davidson,
// Baxter, Garland and Owens (IPDPS 2014), a GPU delta-stepping. Only vertices
// whose distance changed are expanded (frontier queues), in distance bands of
// width delta: the near queue holds improved vertices below the current band's
// end, the far pile those above it; when the near queue empties the band
// advances (skipping empty bands) and the far pile is split again.
//
// One persistent cooperative kernel runs a whole source: every expansion and
// split is a grid-wide round ended by a grid barrier, queue sizes stay on the
// device, and the host reads back a few words once the source is done. Inside
// a round each block also chains its own discoveries through a shared-memory
// queue for a few steps, so that a high-diameter graph needs fewer rounds.
// Details in near_far_gpu.cu.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/sssp/sssp_run.hpp"
#include "common/graph.hpp"

namespace gs::sssp {

// What one source's run did (for tuning and the experiment notes).
struct NearFarStats {
  std::uint32_t rounds = 0;      // grid-wide rounds (expansions + splits), one barrier each
  std::uint32_t expansions = 0;  // rounds that expanded a near queue (SsspRun::iterations)
  std::uint32_t splits = 0;      // rounds that advanced the band and split the far pile
  std::uint32_t scan_rounds = 0; // rounds that scanned every vertex instead of a queue
  std::uint64_t vertex_visits = 0;    // queued vertices expanded (>= reached vertices)
  std::uint64_t arc_relaxations = 0;  // arcs scanned by those expansions
  double init_s = 0, expand_s = 0, split_s = 0;  // in-kernel phase times (device clock)
  float last_delta = 0;  // band width at the end (bands that took one expansion double it)
};

class NearFarGpu {
 public:
  // Steps a block may chain its own discoveries per round (after the first
  // rounds, which chain at most 8: see near_far_gpu.cu); 0 turns chaining off.
  static constexpr int kDefaultLocalSteps = 64;

  NearFarGpu();
  ~NearFarGpu();
  NearFarGpu(const NearFarGpu&) = delete;
  NearFarGpu& operator=(const NearFarGpu&) = delete;

  // Copies the graph to the device. `delta` > 0: the band width (0: default_delta(g, 4)).
  // The environment may override the tuning knobs: GS_NEAR_FAR_LOCAL_STEPS,
  // GS_NEAR_FAR_EARLY_STEPS (the cap on local steps in the first rounds),
  // GS_NEAR_FAR_CHAIN_MAX (a block chains while it holds at most this many
  // entries, default one per thread), GS_NEAR_FAR_BLOCKS_PER_SM (default: as
  // many as fit).
  void load(const Csr<float>& g, float delta = 0);
  double upload_seconds() const;
  float delta() const;
  void set_local_steps(int steps);  // >= 0
  // Caps every queue at `entries` (0: no cap) from the next load(), so that
  // tests reach the scan fallbacks that normally only very large bands need.
  void limit_queue_capacity(std::uint64_t entries);

  // One result per source. With GS_NEAR_FAR_STATS=1 each source's stats go to stderr.
  std::vector<SsspRun> run(const std::vector<vid_t>& sources);
  const std::vector<NearFarStats>& last_stats() const;  // one per source of the last run()

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace gs::sssp
