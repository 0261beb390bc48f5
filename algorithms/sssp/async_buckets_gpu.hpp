// Beyond paper E: an asynchronous bucketed GPU SSSP of the class of ADDS
// (Wang, Davidson, Owens et al., PPoPP 2021). Persistent worker blocks take
// batches of (vertex, distance) entries from a window of tens of distance
// buckets held on the device, relax them and push improvements back, without
// ever waiting for each other at a grid-wide barrier; one manager warp retires
// finished buckets, adapts the width of the buckets to the work available, and
// detects the end (no batch queued or in flight). Details in async_buckets_gpu.cu.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/sssp/sssp_run.hpp"
#include "common/errors.hpp"
#include "common/graph.hpp"

namespace gs::sssp {

// What one source's run did: the work-efficiency counters of the report.
struct AsyncBucketsStats {
  std::uint64_t vertex_visits = 0;    // entries expanded (>= reached vertices)
  std::uint64_t arc_relaxations = 0;  // arcs scanned by those expansions (Dijkstra: one per reachable arc)
  std::uint64_t pushes = 0;           // entries written to the bucket queues (the others were chained)
  std::uint64_t batches = 0;          // batches handed to the workers
  std::uint64_t buckets = 0;          // buckets retired after holding work
  std::uint32_t far_flips = 0;        // times the far pile was redistributed into the window
  std::uint32_t launches = 0;         // worker-kernel launches (1, more after a full queue)
  double wait_s = 0;                  // mean time a worker block spent waiting for work
  float first_width = 0, last_width = 0;
  // Bookkeeping that a correct run balances (the tests check it): every log
  // entry written is read once, every batch published is taken once (batches),
  // except those dropped because their bucket's queue had no ticket left (their
  // vertices are re-queued by the next launch); every entry a block kept for its
  // own chain is used once.
  struct Balance {
    std::uint64_t written = 0, read = 0, published = 0, chained = 0, chain_used = 0;
    std::uint64_t dropped_entries = 0, dropped_batches = 0;
  } balance;
};

// The knobs that change async_buckets_gpu's timings (never its answers).
struct AsyncBucketsTuning {
  // How many buckets from the lowest unfinished one workers may take work from (1: strict order);
  // within it, only as many as hold the target work together.
  int lookahead = 32;
  // The target work: queued entries per worker block. Fewer in the lookahead: wider buckets.
  int work_per_block = 64;
  // The bucket width stays within the first width / this .. the first width x this.
  int width_range = 16;
  // Steps a block may chain the improvements that fall into its own bucket before handing them out.
  int local_steps = 8;
  // Resident blocks per multiprocessor of the persistent grid (0: as many as fit).
  int blocks_per_sm = 0;
  // Arcs of a vertex a thread relaxes at once, their atomic minima in flight together (1 or 4).
  int arc_group = 4;
  // Each source's stats to stderr.
  bool print_stats = false;

  static constexpr int kWindow = 32;  // buckets in the circular window (one per lane of the manager warp)
};

// InputError naming the knob for a value out of range (also where no GPU program is built).
inline void check_tuning(const AsyncBucketsTuning& t) {
  auto in = [](const char* what, int v, int lo, int hi) {
    if (v < lo || v > hi)
      throw InputError(std::string("async_buckets_gpu: ") + what + " must be in " + std::to_string(lo) + ".." +
                       std::to_string(hi) + ", got " + std::to_string(v));
  };
  in("lookahead", t.lookahead, 1, AsyncBucketsTuning::kWindow);
  in("work per block", t.work_per_block, 1, 1 << 16);
  in("width range", t.width_range, 1, 1 << 20);
  in("local steps", t.local_steps, 0, 1 << 20);
  in("blocks per multiprocessor", t.blocks_per_sm, 0, 64);
  if (t.arc_group != 1 && t.arc_group != 4)
    throw InputError("async_buckets_gpu: arc group must be 1 or 4, got " + std::to_string(t.arc_group));
}

class AsyncBucketsGpu {
 public:
  AsyncBucketsGpu();
  ~AsyncBucketsGpu();
  AsyncBucketsGpu(const AsyncBucketsGpu&) = delete;
  AsyncBucketsGpu& operator=(const AsyncBucketsGpu&) = delete;

  // The first bucket width where none is given, times default_delta (dijkstra_deg5's default too).
  static constexpr float kDefaultWidthFactor = 4.0f;

  // Takes effect from the next load(); InputError for a value out of range.
  void set_tuning(const AsyncBucketsTuning& tuning);
  // Copies the graph to the device. `width` > 0: the first bucket width (0: default_delta(g, kDefaultWidthFactor)).
  void load(const Csr<float>& g, float width = 0);
  double upload_seconds() const;
  float width() const;
  // Caps the entry queue at `entries` (0: the default, arcs + vertices) from the next load(),
  // so that tests reach the path that re-queues entries dropped from a full queue.
  void limit_queue_capacity(std::uint64_t entries);

  // One result per source.
  std::vector<SsspRun> run(const std::vector<vid_t>& sources);
  const std::vector<AsyncBucketsStats>& last_stats() const;  // one per source of the last run()

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace gs::sssp
