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
#include <string>
#include <vector>

#include "algorithms/sssp/sssp_run.hpp"
#include "common/errors.hpp"
#include "common/graph.hpp"

namespace gs::sssp {

// What one source's run did (for tuning and the experiment notes).
struct NearFarStats {
  std::uint32_t rounds = 0;                      // grid-wide rounds (expansions + splits), one barrier each
  std::uint32_t expansions = 0;                  // rounds that expanded a near queue (SsspRun::iterations)
  std::uint32_t splits = 0;                      // rounds that advanced the band and split the far pile
  std::uint32_t scan_rounds = 0;                 // rounds that scanned every vertex instead of a queue
  std::uint64_t vertex_visits = 0;               // queued vertices expanded (>= reached vertices)
  std::uint64_t arc_relaxations = 0;             // arcs scanned by those expansions
  double init_s = 0, expand_s = 0, split_s = 0;  // in-kernel phase times (device clock)
  float last_delta = 0;                          // band width at the end (bands that took one expansion double it)
};

// The knobs that change near_far_gpu's timings (never its answers); the
// experiment declares each as an option and writes it to the metadata.
struct NearFarTuning {
  // Steps a block may chain its own discoveries per round; 0 turns chaining off.
  int local_steps = 64;
  // The cap on local steps in the first rounds (low-diameter graphs finish there: see near_far_gpu.cu).
  int early_steps = 8;
  // A block chains only while it holds at most this many local entries (0: one per thread of a block).
  int chain_max = 0;
  // Resident blocks per multiprocessor of the persistent grid (0: as many as fit).
  int blocks_per_sm = 0;
  // Each source's NearFarStats to stderr.
  bool print_stats = false;

  static constexpr int kMaxChain = 1024;  // the shared-memory queue's entries
};

// InputError naming the knob for a value out of range (also where no GPU program is built).
inline void check_tuning(const NearFarTuning& t) {
  auto in = [](const char* what, int v, int lo, int hi) {
    if (v < lo || v > hi)
      throw InputError(std::string("near_far_gpu: ") + what + " must be in " + std::to_string(lo) + ".." +
                       std::to_string(hi) + ", got " + std::to_string(v));
  };
  in("local steps", t.local_steps, 0, 1 << 20);
  in("early steps", t.early_steps, 0, 1 << 20);
  in("chain max", t.chain_max, 0, NearFarTuning::kMaxChain);
  in("blocks per multiprocessor", t.blocks_per_sm, 0, 64);
}

class NearFarGpu {
 public:
  NearFarGpu();
  ~NearFarGpu();
  NearFarGpu(const NearFarGpu&) = delete;
  NearFarGpu& operator=(const NearFarGpu&) = delete;

  // The band width where none is given, times default_delta (dijkstra_deg5 measured 16 better: NOTES.md).
  static constexpr float kDefaultDeltaFactor = 4.0f;

  // Takes effect from the next load(); InputError for a value out of range.
  void set_tuning(const NearFarTuning& tuning);
  // Copies the graph to the device. `delta` > 0: the band width (0: default_delta(g, kDefaultDeltaFactor)).
  void load(const Csr<float>& g, float delta = 0);
  double upload_seconds() const;
  float delta() const;
  // Caps every queue at `entries` (0: no cap) from the next load(), so that
  // tests reach the scan fallbacks that normally only very large bands need.
  void limit_queue_capacity(std::uint64_t entries);

  // One result per source.
  std::vector<SsspRun> run(const std::vector<vid_t>& sources);
  const std::vector<NearFarStats>& last_stats() const;  // one per source of the last run()

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace gs::sssp
