// The suite's one GPU Boruvka (used by boruvka_gpu and the kruskal_cub_gpu
// pipeline): minimum spanning forest rounds over a batch of edges, in one of
// two modes (BoruvkaMode; the flat one is the default, see
// experiments/prim_gpu/NOTES.md and experiments/kruskal_100m/NOTES.md).
//
// The worklist mode (BoruvkaMode::kWorklist) rounds over a shrinking
// worklist of edges. Components are a union-find forest on the device
// (`parent`, roots point to themselves). One round:
//   1. min-edge: every worklist edge finds its endpoints' roots (path halving),
//      is dropped when they are equal, otherwise is appended to the next
//      worklist with the roots as its labels and offers its key
//      (weight << 32 | edge id) to both roots with a 64-bit atomicMin;
//   2. hook: every edge of the new worklist that is its root's minimum (of
//      either endpoint) unites the two roots (CAS, the larger root under the
//      smaller) and joins the forest. Keys are unique and both roots see the
//      same key, so the chosen edges have no cycle and an edge chosen from both
//      sides is one thread, emitted once.
// A root's winning edge clears the root's key in the hook step, so no
// per-vertex reset runs between rounds. Worklist counts stay on the device;
// all rounds of a batch run in one cooperative kernel (grid-wide syncs
// between the steps, the stop test on the device), so a batch costs one
// launch and one read-back. After a batch, labels are flattened (every
// vertex points at its root: `components()`).
//
// The flat mode (BoruvkaMode::kFlat) keeps no worklist: labels stay flat
// (every vertex points at its root) after every round, all rounds of a batch
// again in one cooperative kernel, and a round is
//   1. offer: every batch edge whose endpoints' labels differ offers its key
//      to both labels (atomicMin); edges inside a component cost two reads;
//   2. hook, one thread per root: a root with an offer hooks onto the root
//      across its winning edge (of two roots that chose the same edge only
//      the larger hooks) and records the edge;
//   3. relabel, one thread per vertex: follow the hooks from the vertex's
//      root to the new root (roots shorten their own hook as they go), and
//      clear the roots' keys.
// It makes one pass over the edges per round (one label read per endpoint,
// independent loads batched per thread) and two over the vertices, against
// the worklist's two passes over the edges left, each a chain of dependent
// root walks; it measured faster on both callers' graphs.
//
// Batches: add() may be called again with a later batch whose keys all exceed
// the earlier ones (heavier edges): components persist, which gives the
// forest of the union (Kruskal's order is respected batch by batch).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "common/cuda/buffer.cuh"
#include "common/graph.hpp"

namespace gs::mst_gpu {

using KEdge = Edge<std::uint32_t>;

// Intervals between CUDA events recorded on one stream, summed per phase name.
// Events come from a pool that grows; read the sums only after the stream
// has passed the last lap (collect() waits for it).
class PhaseClock {
 public:
  PhaseClock() = default;
  ~PhaseClock();
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;

  // Creates events ahead of time so that laps do not create them mid-run.
  void reserve(std::size_t events);
  // Starts a new timeline (forgets earlier laps).
  void start(cudaStream_t s);
  // The time since the previous lap (or start) counts towards `phase`.
  void lap(const char* phase, cudaStream_t s);
  // Moves `seconds` from one phase's sum to another's (a lap that spanned
  // both, split by timers of its own).
  void transfer(const char* from, const char* to, double seconds);
  // Waits for the last lap; sums per phase in seconds, and the total from start.
  std::map<std::string, double> collect(double* total_s = nullptr);

 private:
  std::vector<cudaEvent_t> pool_;
  std::vector<const char*> names_;  // names_[i]: the phase of the interval ending at pool_[i + 1]
  std::size_t used_ = 0;
  struct Transfer {
    const char *from, *to;
    double seconds;
  };
  std::vector<Transfer> transfers_;
};

// Options of a Boruvka batch.
struct BoruvkaBatch {
  const KEdge* edges = nullptr;  // device memory; edge i has key (w << 32 | i)
  std::size_t max_m = 0;         // edges (or an upper bound when `count` is given); < 2^32 - 1
  const unsigned* count = nullptr;  // optional device-side count (<= max_m) of the edges
};

// How add() runs its rounds (the comment at the top describes both).
enum class BoruvkaMode {
  kWorklist,  // a shrinking worklist, union-find with path halving, flattened after the batch
  kFlat,      // a pass over the whole batch per round, flat labels after every round
};

class BoruvkaEngine {
 public:
  // Allocates for n vertices and batches of up to max_m edges in the current
  // mode now (add() would otherwise allocate on first use, inside a timed
  // region; only the worklist mode needs per-edge buffers).
  void reserve(vid_t n, std::size_t max_m);
  // n single-vertex components, an empty forest (buffers grow as needed).
  void reset(vid_t n, cudaStream_t s);
  // Joins components along the minimum spanning forest of the batch. Laps
  // "minedge_s", "hook_s", "jump_s" (flattening) and "wait_s" (host read-back
  // gaps) go to `clock` when given. Returns the rounds that had edges to work on.
  // (In the flat mode "minedge_s" is the offer step and "jump_s" the relabelling.)
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
  // Takes effect with the next add(); modes may change between batches
  // (the worklist mode then allocates its lists in add() unless reserved).
  void set_mode(BoruvkaMode mode) { mode_ = mode; }
  BoruvkaMode mode() const { return mode_; }

  // Device bytes for n vertices and batches of up to max_m edges (either mode).
  static std::uint64_t device_bytes(vid_t n, std::size_t max_m);

  struct WorkEdge;  // a worklist entry (defined with the kernels)

 private:
  // add()'s rounds in the flat mode; `count` may be null (then the batch holds `bound` edges).
  int add_flat(const KEdge* edges, const unsigned* count, unsigned bound, cudaStream_t s, PhaseClock* clock);
  // After a cooperative launch: reads the counts and the launch's stats back
  // in one copy, moves the hook and flatten parts of the launch's lap to
  // their phases and updates the forest size.
  void finish_cooperative(cudaStream_t s, PhaseClock* clock);

  // The device words: kCountWords counts (as unsigned), then kStatWords
  // stats of the cooperative launches, in one allocation so that one copy
  // reads them all back.
  static constexpr int kCountWords = 6;
  static constexpr int kStatWords = 5;
  static constexpr int kWords = (kCountWords + 1) / 2 + kStatWords;  // in 64-bit words
  unsigned* counts() { return reinterpret_cast<unsigned*>(words_.data()); }
  unsigned long long* stats() { return words_.data() + (kCountWords + 1) / 2; }
  // The copies of the words read back last.
  unsigned host_count(int i) const { return reinterpret_cast<const unsigned*>(words_host_.data())[i]; }
  unsigned long long host_stat(int i) const { return words_host_[(kCountWords + 1) / 2 + i]; }
  void read_back_words(cudaStream_t s);

  vid_t n_ = 0;
  std::size_t forest_size_ = 0;
  int round_ = 0;  // rounds since reset(): picks the count slots and the worklists
  int sms_ = 0;
  int coop_grid_ = -1;  // blocks of the cooperative launch (0: not supported; -1: not asked yet)
  int coop_flat_grid_ = 0;  // the same for the flat mode's kernel
  bool cooperative_ = true;
  BoruvkaMode mode_ = BoruvkaMode::kFlat;
  DeviceBuffer<vid_t> parent_;
  DeviceBuffer<vid_t> next_;  // flat mode, per root during a round: the root it hooks onto
  DeviceBuffer<unsigned long long> best_;  // per root: the minimum key offered this round
  DeviceBuffer<KEdge> forest_;
  // counts: [0..2] worklist sizes (rotating); [3] forest size; [4] rounds with work;
  // [5] flat mode, a root hooked in this round. stats: step ns (min-edge or
  // offer, hook, flatten or relabel), rounds run, counts[4] when the launch began.
  DeviceBuffer<unsigned long long> words_;
  DeviceBuffer<unsigned char> work_;       // two worklists of WorkEdge
  std::size_t work_cap_ = 0;               // entries per worklist
  PinnedBuffer<unsigned> host_{2};      // [0]: a batch size; [1]: counts[4] when the batch started
  PinnedBuffer<unsigned long long> words_host_{kWords};
  PinnedBuffer<KEdge> staging_;
};

// Writes to *threshold (device) the weight at quantile q of a strided sample
// of 4096 of the m weights weights[0], weights[stride], ... (q >= 1, or m == 0:
// UINT32_MAX, everything is light).
void pick_weight_threshold(const std::uint32_t* weights, std::size_t m, std::size_t stride, double q,
                           std::uint32_t* threshold, cudaStream_t s);

}  // namespace gs::mst_gpu
