// The suite's one GPU Boruvka (used by boruvka_gpu and the kruskal_cub_gpu
// pipeline): minimum spanning forest rounds over a batch of edges.
//
// Components are flat labels on the device (`parent`: every vertex points at
// its component's root, roots at themselves) after every round. All rounds of
// a batch run in one cooperative kernel (grid-wide syncs between the steps,
// the stop test on the device), so a batch costs one launch and one
// read-back. A round is
//   1. offer: every batch edge whose endpoints' labels differ offers its key
//      (weight << 32 | edge index) to both labels (atomicMin); edges inside a
//      component cost two reads;
//   2. hook, one thread per root: a root with an offer hooks onto the root
//      across its winning edge (of two roots that chose the same edge only
//      the larger hooks) and records the edge;
//   3. relabel, one thread per vertex: follow the hooks from the vertex's
//      root to the new root (roots shorten their own hook as they go), and
//      clear the roots' keys.
// One pass over the edges per round (one label read per endpoint,
// independent loads batched per thread) and two over the vertices: on both
// callers' graphs a pass over every edge costs less than keeping a worklist of
// the edges left (the two compared: experiments/prim_gpu/NOTES.md).
//
// Batches: add() may be called again with a later batch whose keys all exceed
// the earlier ones (heavier edges): components persist, which gives the
// forest of the union (Kruskal's order is respected batch by batch).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "algorithms/mst/msf_result.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/phase_clock.cuh"
#include "common/graph.hpp"

namespace gs::mst {

// Options of a Boruvka batch.
struct BoruvkaBatch {
  const KEdge* edges = nullptr;     // device memory; edge i has key (w << 32 | i)
  std::size_t max_m = 0;            // edges (or an upper bound when `count` is given); < 2^32 - 1
  const unsigned* count = nullptr;  // optional device-side count (<= max_m) of the edges
};

class BoruvkaEngine {
 public:
  // Allocates for n vertices now (add() would otherwise allocate on first
  // use, inside a timed region).
  void reserve(vid_t n);
  // n single-vertex components, an empty forest (buffers grow as needed).
  void reset(vid_t n, cudaStream_t s);
  // Joins components along the minimum spanning forest of the batch. Laps
  // "minedge_s" (the offer step), "hook_s", "jump_s" (the relabelling) and
  // "wait_s" (host read-back gaps) go to `clock` when given. Returns the
  // rounds that hooked something.
  int add(const BoruvkaBatch& batch, cudaStream_t s, PhaseClock* clock = nullptr);

  vid_t n() const { return n_; }
  std::size_t forest_size() const { return forest_size_; }
  bool spanning() const { return forest_size_ + 1 >= std::size_t(n_); }
  // Per vertex its component's root (device memory, valid after add()).
  const vid_t* components() const { return parent_.data(); }
  // The forest's edges (device memory, forest_size() of them, no order).
  const KEdge* forest() const { return forest_.data(); }
  // Copies the forest to `out`: through a page-locked buffer once
  // pin_download() has made one for forests of up to n - 1 edges (worth it
  // for an engine that runs many times), else straight into `out`.
  void download(std::vector<KEdge>& out, cudaStream_t s);
  void pin_download(vid_t n);

  // All rounds of a batch in one cooperative launch (the default where the
  // device supports it), or a launch per step with a read-back every few
  // rounds (false; also where cooperative launches are not supported).
  void set_cooperative(bool on) { cooperative_ = on; }

  // Device bytes for n vertices (the batch's edges are the caller's).
  static std::uint64_t device_bytes(vid_t n);

  // The device words: counts (as unsigned), then the stats of the cooperative
  // launches, in one allocation so that one copy reads them all back.
  enum Count {
    kForestSize,  // edges in the forest
    kBusyRounds,  // rounds that hooked something, since reset()
    kHooked,      // a root hooked in the current round
    kCountWords
  };
  enum Stat {
    kOfferNs,  // the launch's steps, in the global timer's nanoseconds
    kHookNs,
    kRelabelNs,
    kRoundsRun,    // rounds the launch ran
    kBusyOnEntry,  // counts[kBusyRounds] when the launch began
    kStatWords
  };

 private:
  // A launch per step with a read-back every few rounds; `count` may be null
  // (then the batch holds `bound` edges).
  int add_per_step(const KEdge* edges, const unsigned* count, unsigned bound, cudaStream_t s, PhaseClock* clock);
  // After a cooperative launch: reads the counts and the launch's stats back
  // in one copy, moves the hook and relabel parts of the launch's lap to
  // their phases and updates the forest size.
  void finish_cooperative(cudaStream_t s, PhaseClock* clock);

  static constexpr int kWords = (kCountWords + 1) / 2 + kStatWords;  // in 64-bit words
  unsigned* counts() { return reinterpret_cast<unsigned*>(words_.data()); }
  unsigned long long* stats() { return words_.data() + (kCountWords + 1) / 2; }
  // The copies of the words read back last.
  unsigned host_count(int i) const { return reinterpret_cast<const unsigned*>(words_host_.data())[i]; }
  unsigned long long host_stat(int i) const { return words_host_[(kCountWords + 1) / 2 + i]; }
  void read_back_words(cudaStream_t s);

  vid_t n_ = 0;
  std::size_t forest_size_ = 0;
  int sms_ = 0;
  int coop_grid_ = -1;  // blocks of the cooperative launch (0: not supported; -1: not asked yet)
  bool cooperative_ = true;
  DeviceBuffer<vid_t> parent_;
  DeviceBuffer<vid_t> next_;               // per root during a round: the root it hooks onto
  DeviceBuffer<unsigned long long> best_;  // per root: the minimum key offered this round
  DeviceBuffer<KEdge> forest_;
  DeviceBuffer<unsigned long long> words_;   // Count, then Stat
  PinnedBuffer<unsigned> busy_on_entry_{1};  // counts[kBusyRounds] when a per-step batch started
  PinnedBuffer<unsigned long long> words_host_{kWords};
  PinnedBuffer<KEdge> staging_;
};

}  // namespace gs::mst
