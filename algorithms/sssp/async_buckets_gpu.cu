// Asynchronous bucketed SSSP on the GPU: persistent workers, a window of
// distance buckets on the device, one manager warp.
//
// Entries and batches: an entry is (vertex, distance as float bits). A thread
// that lowers a distance with its atomic minimum (non-negative floats order
// like their bits) creates one entry for the new distance; an entry whose
// distance is no longer the vertex's current one is stale and skipped. Entries
// are written once into one log; a block's flush groups its staged entries by
// bucket and hands each group to its bucket as one batch (first, count). Log
// slots and batches are bump-allocated and never reused during a launch.
//
// Bucket queues: each bucket slot is a FIFO of batch indices in an array of
// cells, with a producer ticket counter (tail), a consumer ticket counter
// (head) and a count of published batches not yet claimed (ready), all moved
// by atomicAdd, which scales where a CAS loop on one word would serialise
// hundreds of blocks. A consumer first claims a ready batch (and gives the
// claim back when there was none), so it only draws a ticket whose producer
// exists, and waits the moment that producer needs to fill the cell. A cell
// holds (launch epoch, batch): a cell of an older epoch is empty, so no array
// is cleared between launches.
//
// Buckets: kWindow slots form a circular window over the buckets cur ..
// cur + kWindow - 1; slot s holds the bucket cur + ((s - cur) mod kWindow),
// whose distances start at lo[s]; distances from `end` on go to a far pile.
// The order is a preference, never a condition for correctness: any order of
// relaxations converges to the same distances, so an entry in a "wrong"
// bucket (a stale view of the bounds, a bucket already retired) costs at most
// repeated work. Workers take a batch from the lowest non-empty bucket among
// the first `reach` (at most `lookahead`: as many as hold the target work
// together), relax it, and keep the improvements that fall below
// their bucket's end in shared memory, chaining them for up to `local_steps`
// steps before handing the rest out; the others go to their buckets.
//
// The manager (warp 0 of block 0; lane i watches window position i):
//  - retires the leading buckets that are empty with no batch in flight while
//    work exists beyond them, appending as many new buckets at the window end;
//  - adapts the width when it retires buckets: when the entries queued in
//    the first `lookahead` buckets fall short of the target work (entries per
//    worker block), the buckets after the first are laid out twice as wide;
//    when the first alone holds 32 times the target, half as wide;
//  - sets `reach`, the buckets that hold the target work together;
//  - redistributes the far pile: two far queues alternate; a flip makes the
//    current one old, and workers drain an old far queue before anything else,
//    sending each entry to its bucket (or to the new far queue). It flips when
//    the smallest far distance has come within the window's first half, or,
//    when the whole window is idle, after moving the window to that distance.
//  - ends the run when no batch is queued or in flight: `pending` counts
//    batches, raised by a flush (and made visible by a fence) before it
//    publishes them and lowered by the worker that took a batch after its own
//    flushes, so it is zero only when no work is left anywhere.
//
// A full log: a flush takes what still fits and marks the vertices of the
// other entries `dropped`; the host then starts another launch that re-queues
// every marked vertex at its current distance, with the window starting at the
// smallest of them. The re-queued entries go to window buckets only, never to
// the far pile: a far entry would only be redistributed, and with the log
// already full that drops it again, so a launch could end having expanded
// nothing and the next one repeat it forever. In a bucket, every entry that
// fits is expanded (or found stale: lowered meanwhile), so each launch either
// lowers a distance or leaves fewer vertices marked, and the launches end. The
// host still ends with an error a launch that expanded nothing and a source
// whose launches together take longer than the stall limit.
//
// Memory: data that other blocks write (distances, log, batches, control) is
// read with ld.global.cg (L2), never from a possibly stale L1 line. Idle
// workers poll with one warp-wide read and back off, so that their polling
// does not crowd the words the working blocks update.
#include "algorithms/sssp/async_buckets_gpu.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/cuda/buffer.cuh"
#include "common/cuda/check.cuh"
#include "common/cuda/device_clock.cuh"
#include "common/cuda/device_csr.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/cuda/grid.cuh"
#include "common/cuda/warp.cuh"
#include "common/errors.hpp"
#include "common/memory.hpp"

namespace gs::sssp {

namespace {

constexpr int kBlock = 256;
constexpr int kMinBlocksPerSm = 4;
constexpr unsigned kWindow = AsyncBucketsTuning::kWindow;
static_assert(kWindow == 32, "the manager warp watches one window position per lane");
constexpr unsigned kFar = kWindow;  // queues kFar, kFar + 1: the two far piles
constexpr unsigned kQueues = kWindow + 2;
constexpr unsigned kNil = 0xffffffffu;
constexpr unsigned kInfinityBits = 0x7f800000u;
constexpr unsigned kStageCap = 2048;      // shared entries a block stages before a flush
constexpr unsigned kStageFlushAt = 1024;  // leaves room for one more chunk's pushes
constexpr unsigned kLocalCap = 512;       // shared entries a block chains itself (two buffers)
constexpr unsigned kTicketShare = 16;     // tickets per queue: log capacity / this (+ a few)
constexpr int kTooMuchWork = 32;          // x low_work: a first bucket this full gets narrower successors
// A run whose count of pending batches stands still this long has lost work
// (a bug): the manager ends it and the host reports an error instead of hanging.
// The host gives one source's launches together as long.
// (Generous: a batch takes microseconds, under compute-sanitizer milliseconds.)
constexpr unsigned long long kStallNs = 60'000'000'000ull;

using Entry = uint2;  // x: vertex, y: distance (float bits)

struct Batch {
  unsigned first, count;
};

// The shared state of a launch (reset before each). Groups that different
// parties write live on cache lines of their own: hundreds of workers poll the
// manager's words, and their polls must not queue behind the counters.
struct Control {
  // Written by the manager, read by every worker.
  alignas(128) unsigned cur;  // the lowest unfinished bucket
  unsigned gen;               // the current far queue (kFar + gen); kFar + (gen ^ 1) is drained
  unsigned done;              // no work left
  unsigned reach;             // workers take work from window positions below it
  unsigned stalled;           // the manager gave up: `pending` stood still for kStallNs
  unsigned marked_min;        // smallest distance of a vertex marked for re-queueing (float bits)
  float end, width;
  alignas(128) float lo[kWindow];  // the slot's bucket starts here
  // Written by the workers.
  alignas(128) int pending;  // batches queued or in flight
  unsigned overflow;         // some entry did not fit the log (its vertex is marked dropped)
  unsigned batch_top;
  unsigned long long log_top;
  unsigned far_min[2];                  // smallest distance pushed to each far queue (float bits)
  alignas(128) int ready[kQueues];      // batches published in each queue and not yet claimed
  alignas(128) unsigned tail[kQueues];  // producer tickets drawn from each queue
  alignas(128) unsigned head[kQueues];  // consumer tickets drawn from each queue
  alignas(128) int queued[kQueues];     // entries in each queue
  alignas(128) int inflight[kQueues];   // batches taken from each queue and not finished
  alignas(128) unsigned used[kWindow];  // a batch was taken from the slot since its bucket began
};

struct Counters {
  unsigned long long visits, relaxations, batches, wait_ns, buckets, flips;
  // Bookkeeping that a correct run balances: log entries written and read (or
  // dropped with a batch that found its queue full), batches published and taken
  // (or so dropped), entries a block kept for its chain and used.
  unsigned long long written, read, published, chained, chain_used, dropped_entries, dropped_batches;
};

struct Params {
  vid_t n;
  const eid_t* offsets;
  const vid_t* adj;
  const float* w;
  unsigned* dist;  // float bits
  unsigned char* dropped;
  Entry* log;
  unsigned long long log_capacity;
  Batch* batches;             // as many as log entries: a batch holds at least one
  unsigned long long* cells;  // kQueues queues of ticket_capacity cells: epoch << 32 | batch
  unsigned ticket_capacity;
  unsigned epoch;  // this launch's, never 0 (the cells' initial value)
  Control* ctl;
  Counters* counters;
  float min_width, max_width;
  unsigned lookahead, local_steps;
  // Queued entries that keep the workers busy (fewer in the first lookahead buckets: the next ones get
  // twice as wide); more than high_work in the first bucket: half as wide.
  int low_work, high_work;
};

struct Shared {
  Entry stage[kStageCap];
  unsigned tag[kStageCap];  // staged entry's target (window position or kFar) << 16 | rank in it
  Entry local[2][kLocalCap];
  unsigned stage_size, local_size[2];
  // a flush's view of the window and its groups
  float lo[kWindow];
  float end;
  unsigned cur, gen, far_min, take;
  unsigned count[kWindow + 1], offset[kWindow + 1];
  unsigned long long base;
  unsigned first_batch;
  // the batch being worked on
  unsigned batch_first, batch_count, batch_queue;
  float batch_end;
  int mode;
  unsigned long long sum[kBlock / 32];
  unsigned long long flushed, published;  // by this block's flushes (thread 0)
};

enum Mode : int { kExpand, kRedistribute, kFinished };

__device__ __forceinline__ float as_float(unsigned bits) { return __uint_as_float(bits); }

// Drops an entry that does not fit the log: its vertex is re-queued by the next launch.
__device__ void drop(const Params& p, Entry e) {
  p.dropped[e.x] = 1;
  atomicExch(&p.ctl->overflow, 1u);
}

__device__ __forceinline__ int waiting(const Control* c, unsigned q) { return __ldcg(&c->ready[q]); }

// Puts batch b (written) into queue q; false when q has no ticket left.
__device__ bool publish(const Params& p, unsigned q, unsigned b) {
  const unsigned i = atomicAdd(&p.ctl->tail[q], 1u);
  if (i >= p.ticket_capacity) return false;
  atomicExch(p.cells + (unsigned long long)q * p.ticket_capacity + i, (unsigned long long)p.epoch << 32 | b);
  __threadfence();
  atomicAdd(&p.ctl->ready[q], 1);
  return true;
}

// Hands batch b (entries log[first, first + count)) to queue q, counted as
// pending by the caller; a full queue drops its entries instead.
__device__ void enqueue(const Params& p, unsigned q, unsigned b, unsigned first, unsigned count) {
  Control* c = p.ctl;
  atomicAdd(&c->queued[q], int(count));
  if (publish(p, q, b)) return;
  atomicSub(&c->queued[q], int(count));
  for (unsigned k = 0; k < count; ++k) drop(p, __ldcg(p.log + first + k));
  atomicAdd(&p.counters->dropped_entries, (unsigned long long)count);
  atomicAdd(&p.counters->dropped_batches, 1ull);
  __threadfence();
  atomicSub(&c->pending, 1);
}

// The next batch of queue q (kNil when it has none ready).
__device__ unsigned take(const Params& p, unsigned q) {
  Control* c = p.ctl;
  if (waiting(c, q) <= 0) return kNil;
  if (atomicSub(&c->ready[q], 1) <= 0) {  // another consumer claimed it first
    atomicAdd(&c->ready[q], 1);
    return kNil;
  }
  const unsigned i = atomicAdd(&c->head[q], 1u);
  const unsigned long long* cell = p.cells + (unsigned long long)q * p.ticket_capacity + i;
  unsigned long long v = __ldcg(cell);
  while (unsigned(v >> 32) != p.epoch) {  // its producer is about to fill it
    if (__ldcg(&c->done)) return kNil;    // unless the manager ended a stalled run
    v = __ldcg(cell);
  }
  __threadfence();  // the batch and its entries are read after the cell that published them
  return unsigned(v);
}

// One entry as a batch of its own, when a block's stage is full.
__device__ void push_single(const Params& p, Entry e) {
  Control* c = p.ctl;
  const float d = as_float(e.y);
  const unsigned cur = __ldcg(&c->cur), gen = __ldcg(&c->gen);
  const bool far = d >= __ldcg(&c->end);
  const unsigned long long at = atomicAdd(&c->log_top, 1ull);
  if (at >= p.log_capacity) return drop(p, e);
  const unsigned b = atomicAdd(&c->batch_top, 1u);  // never past the log's count
  p.log[at] = e;
  p.batches[b] = Batch{unsigned(at), 1u};
  atomicAdd(&c->pending, 1);
  if (far) atomicMin(&c->far_min[gen], e.y);
  atomicAdd(&p.counters->written, 1ull);
  atomicAdd(&p.counters->published, 1ull);
  __threadfence();
  enqueue(p, far ? kFar + gen : cur % kWindow, b, unsigned(at), 1u);
}

__device__ __forceinline__ void stage_entry(const Params& p, Entry e, Shared& sh) {
  const unsigned at = atomicAdd(&sh.stage_size, 1u);
  if (at < kStageCap) sh.stage[at] = e;
  else push_single(p, e);
}

// Window position of distance d in the flush's view (kFar from `end` on).
__device__ __forceinline__ unsigned position(float d, const Shared& sh) {
  if (d >= sh.end) return kFar;
  unsigned i = 0;
  for (unsigned step = kWindow / 2; step > 0; step >>= 1)
    if (i + step < kWindow && sh.lo[i + step] <= d) i += step;
  return i;
}

// Hands the block's staged entries to their buckets: one log allocation and
// one batch per bucket touched. Called by the whole block; leaves the stage empty.
// Without `far_pile`, entries from the window's end on go to its last bucket.
__device__ void flush(const Params& p, Shared& sh, bool far_pile = true) {
  __syncthreads();
  const unsigned count = min(sh.stage_size, kStageCap);
  __syncthreads();  // every thread has read the size before any pushes again
  if (count == 0) return;
  Control* c = p.ctl;
  const unsigned t = threadIdx.x;
  if (t == 0) {
    sh.cur = __ldcg(&c->cur);
    sh.gen = __ldcg(&c->gen);
    sh.end = __ldcg(&c->end);
    sh.far_min = kInfinityBits;
  }
  if (t <= kWindow) sh.count[t] = 0;
  __syncthreads();
  if (t < kWindow) sh.lo[t] = __ldcg(&c->lo[(sh.cur + t) % kWindow]);
  __syncthreads();
  for (unsigned i = t; i < count; i += blockDim.x) {
    const Entry e = sh.stage[i];
    unsigned pos = position(as_float(e.y), sh);
    if (pos == kFar && !far_pile) pos = kWindow - 1;
    if (pos == kFar) atomicMin(&sh.far_min, e.y);
    sh.tag[i] = pos << 16 | atomicAdd(&sh.count[pos], 1u);
  }
  __syncthreads();
  if (t == 0) {
    unsigned sum = 0;
    for (unsigned g = 0; g <= kWindow; ++g) {
      sh.offset[g] = sum;
      sum += sh.count[g];
    }
    const unsigned long long base = atomicAdd(&c->log_top, (unsigned long long)count);
    const unsigned long long room = base >= p.log_capacity ? 0 : p.log_capacity - base;
    sh.base = base;
    sh.take = unsigned(min((unsigned long long)count, room));  // entries at offsets below it fit
    // Batches for the groups that fit (at least one entry each), counted as pending before any is published.
    unsigned fitting = 0;
    for (unsigned g = 0; g <= kWindow; ++g) fitting += sh.count[g] > 0 && sh.offset[g] < sh.take;
    if (fitting > 0) {
      sh.first_batch = atomicAdd(&c->batch_top, fitting);
      atomicAdd(&c->pending, int(fitting));
      if (sh.count[kFar] > 0 && sh.offset[kFar] < sh.take) atomicMin(&c->far_min[sh.gen], sh.far_min);
      __threadfence();  // pending is raised before any consumer can finish one of these batches
      sh.flushed += sh.take;
      sh.published += fitting;
    }
  }
  __syncthreads();
  for (unsigned i = t; i < count; i += blockDim.x) {
    const unsigned pos = sh.tag[i] >> 16, at = sh.offset[pos] + (sh.tag[i] & 0xffffu);
    if (at < sh.take) p.log[sh.base + at] = sh.stage[i];
    else drop(p, sh.stage[i]);
  }
  __threadfence();
  __syncthreads();
  if (t <= kWindow && sh.count[t] > 0 && sh.offset[t] < sh.take) {
    unsigned index = 0;  // this group's batch among the fitting ones
    for (unsigned g = 0; g < t; ++g) index += sh.count[g] > 0 && sh.offset[g] < sh.take;
    const unsigned b = sh.first_batch + index, n = min(sh.count[t], sh.take - sh.offset[t]);
    p.batches[b] = Batch{unsigned(sh.base + sh.offset[t]), n};
    __threadfence();
    enqueue(p, t == kFar ? kFar + sh.gen : (sh.cur + t) % kWindow, b, unsigned(sh.base + sh.offset[t]), n);
  }
  __syncthreads();
  if (t == 0) sh.stage_size = 0;
  __syncthreads();
}

// Flushes when the stage is half full, so that the next chunk's pushes still fit.
__device__ void keep_room(const Params& p, Shared& sh) {
  __syncthreads();
  const bool full = sh.stage_size >= kStageFlushAt;
  __syncthreads();
  if (full) flush(p, sh);
}

struct Work {
  unsigned long long visits = 0, relaxations = 0, read = 0, chained = 0, chain_used = 0;
};

// A vertex's arcs [begin, end), loaded by the caller together with the check that its entry is
// current: the two loads overlap instead of following each other.
struct ArcRange {
  eid_t begin, end;
};
__device__ __forceinline__ ArcRange arcs_of(const Params& p, vid_t u) {
  return {__ldg(p.offsets + u), __ldg(p.offsets + u + 1)};
}

// Relaxes the arcs of a vertex at distance du: improvements below `local_end` to the
// block's chain (`local`, while it has room), the others to the stage. A thread
// issues the atomic minima of kArcGroup arcs back to back before it looks at
// any result: one memory round trip per group of arcs instead of one per arc.
template <int kArcGroup>
__device__ __forceinline__ void expand(const Params& p, ArcRange arcs, float du, float local_end, Entry* local,
                                       unsigned* local_size, Shared& sh, Work& work) {
  const eid_t begin = arcs.begin, end = arcs.end;
  for (eid_t first = begin; first < end; first += kArcGroup) {
    vid_t v[kArcGroup];
    unsigned bits[kArcGroup], old[kArcGroup];
#pragma unroll
    for (int k = 0; k < kArcGroup; ++k) {
      const bool arc = first + k < end;
      v[k] = arc ? __ldg(p.adj + first + k) : 0;
      bits[k] = arc ? __float_as_uint(du + __ldg(p.w + first + k)) : kInfinityBits;
    }
#pragma unroll
    for (int k = 0; k < kArcGroup; ++k) old[k] = first + k < end ? atomicMin(p.dist + v[k], bits[k]) : 0u;
#pragma unroll
    for (int k = 0; k < kArcGroup; ++k) {
      if (first + k >= end || old[k] <= bits[k]) continue;
      const Entry entry{v[k], bits[k]};
      if (local && as_float(bits[k]) < local_end) {
        const unsigned at = atomicAdd(local_size, 1u);
        if (at < kLocalCap) {
          local[at] = entry;
          ++work.chained;
          continue;
        }
      }
      stage_entry(p, entry, sh);
    }
  }
  ++work.visits;
  work.relaxations += end - begin;
}

// The batch in sh: each current entry expanded (or, from a far pile, sent on
// to its bucket), then the block's own improvements chained.
template <int kArcGroup>
__device__ void work_on_batch(const Params& p, Shared& sh, Work& work) {
  const unsigned first = sh.batch_first, count = sh.batch_count;
  const bool redistribute = sh.mode == kRedistribute;
  const float local_end = sh.batch_end;
  const bool chain = !redistribute && p.local_steps > 0;
  for (unsigned base = 0; base < count; base += blockDim.x) {
    const unsigned i = base + threadIdx.x;
    if (i < count) {
      const Entry e = __ldcg(p.log + first + i);
      ++work.read;
      if (redistribute) {
        if (__ldcg(p.dist + e.x) == e.y) stage_entry(p, e, sh);
      } else {
        const ArcRange arcs = arcs_of(p, e.x);
        if (__ldcg(p.dist + e.x) == e.y)
          expand<kArcGroup>(p, arcs, as_float(e.y), local_end, chain ? sh.local[0] : nullptr, &sh.local_size[0], sh,
                            work);
      }
    }
    keep_room(p, sh);
  }
  if (!chain) return flush(p, sh);
  int cur = 0;
  for (unsigned step = 0; step < p.local_steps; ++step) {
    __syncthreads();  // pushes into local[cur] done; local[cur ^ 1] is empty
    const unsigned n = min(sh.local_size[cur], kLocalCap);
    if (n == 0) break;
    for (unsigned base = 0; base < n; base += blockDim.x) {
      const unsigned i = base + threadIdx.x;
      if (i < n) {
        const Entry e = sh.local[cur][i];
        ++work.chain_used;
        const ArcRange arcs = arcs_of(p, e.x);
        if (__ldcg(p.dist + e.x) == e.y)
          expand<kArcGroup>(p, arcs, as_float(e.y), local_end, sh.local[cur ^ 1], &sh.local_size[cur ^ 1], sh, work);
      }
      keep_room(p, sh);
    }
    __syncthreads();  // everyone has read local[cur]
    if (threadIdx.x == 0) sh.local_size[cur] = 0;
    cur ^= 1;
  }
  // What the steps left over goes out for other blocks.
  __syncthreads();
  const unsigned n = min(sh.local_size[cur], kLocalCap);
  for (unsigned i = threadIdx.x; i < n; i += blockDim.x) {
    stage_entry(p, sh.local[cur][i], sh);
    ++work.chain_used;
  }
  __syncthreads();
  if (threadIdx.x == 0) sh.local_size[cur] = 0;
  flush(p, sh);
}

constexpr unsigned kFirstBackoffNs = 32, kMaxBackoffNs = 1024;

// Warp 0: the next batch into sh (or kFinished); lane 0 counts the time spent
// waiting. One poll reads the ready counts of the whole window at once, and
// an idle block polls less and less often, so that waiting blocks do not flood
// the words everyone needs.
__device__ void acquire(const Params& p, Shared& sh, unsigned long long& wait_ns) {
  Control* c = p.ctl;
  const unsigned lane = threadIdx.x;
  unsigned long long waiting_since = 0;
  unsigned backoff = kFirstBackoffNs;
  for (;;) {
    unsigned done = 0, gen = 0, cur = 0, reach = 0;
    if (lane == 0) {
      done = __ldcg(&c->done);
      gen = __ldcg(&c->gen);
      cur = __ldcg(&c->cur);
      reach = __ldcg(&c->reach);
    }
    done = __shfl_sync(kFullWarp, done, 0);
    if (done) {
      if (lane == 0) sh.mode = kFinished;
      break;
    }
    gen = __shfl_sync(kFullWarp, gen, 0);
    cur = __shfl_sync(kFullWarp, cur, 0);
    reach = __shfl_sync(kFullWarp, reach, 0);
    const unsigned old_far = kFar + (gen ^ 1);
    const bool ready_here = lane < reach && __ldcg(&c->ready[(cur + lane) % kWindow]) > 0;
    unsigned candidates = __ballot_sync(kFullWarp, ready_here);
    unsigned b = kNil;
    if (lane == 0) {
      unsigned s = old_far;
      float batch_end = 0;
      b = take(p, old_far);  // the old far pile first: its entries may belong anywhere
      while (b == kNil && candidates) {
        const unsigned i = __ffs(candidates) - 1;
        candidates &= candidates - 1;
        s = (cur + i) % kWindow;
        b = take(p, s);
        if (b != kNil) batch_end = i + 1 < kWindow ? __ldcg(&c->lo[(s + 1) % kWindow]) : __ldcg(&c->end);
      }
      if (b != kNil) {
        atomicAdd(&c->inflight[s], 1);
        if (s < kWindow) c->used[s] = 1;
        const unsigned first = __ldcg(&p.batches[b].first), count = __ldcg(&p.batches[b].count);
        atomicSub(&c->queued[s], int(count));
        sh.batch_first = first;
        sh.batch_count = count;
        sh.batch_queue = s;
        sh.batch_end = batch_end;
        sh.mode = s < kWindow ? kExpand : kRedistribute;
      } else if (!waiting_since) {
        waiting_since = global_ns();
      }
    }
    if (__shfl_sync(kFullWarp, b, 0) != kNil) break;
    __nanosleep(backoff);
    backoff = min(backoff * 2, kMaxBackoffNs);
  }
  if (lane == 0 && waiting_since) wait_ns += global_ns() - waiting_since;
}

// The window positions, from the first, that hold `enough` queued entries
// together (all `limit` when they hold fewer), given each lane's count q.
__device__ unsigned positions_holding(int q, int enough, unsigned limit) {
  const int prefix = warp_inclusive_sum(q);
  const unsigned reached = __ballot_sync(kFullWarp, prefix >= enough);
  return reached ? min(limit, unsigned(__ffs(reached))) : limit;
}

// Warp 0 of block 0 (see the top of the file).
__device__ void manage(const Params& p) {
  Control* c = p.ctl;
  const unsigned lane = threadIdx.x;
  unsigned long long buckets = 0, flips = 0;
  int last_pending = -1;
  unsigned long long last_change = global_ns();
  for (;;) {
    __syncwarp();
    const int pending = __shfl_sync(kFullWarp, lane == 0 ? __ldcg(&c->pending) : 0, 0);
    if (pending == 0) break;
    if (pending != last_pending) {
      last_pending = pending;
      last_change = global_ns();
    } else if (global_ns() - last_change > kStallNs) {
      if (lane == 0) c->stalled = 1;
      break;
    }
    const unsigned cur = __ldcg(&c->cur), gen = __ldcg(&c->gen);
    const unsigned s = (cur + lane) % kWindow;
    const bool busy_here = waiting(c, s) > 0 || __ldcg(&c->inflight[s]) != 0;
    const unsigned busy = __ballot_sync(kFullWarp, busy_here);
    const unsigned old_far = kFar + (gen ^ 1), far = kFar + gen;
    const bool old_busy = waiting(c, old_far) > 0 || __ldcg(&c->inflight[old_far]) != 0;
    const bool far_waiting = waiting(c, far) > 0;
    const unsigned far_min = __ldcg(&c->far_min[gen]);
    float width = __ldcg(&c->width), end = __ldcg(&c->end);
    if (busy != 0) {
      const unsigned advance = __ffs(busy) - 1;  // idle buckets before the first busy one
      const unsigned front = cur + advance;
      if (advance > 0) {
        // Retire them: each becomes a new bucket at the window end.
        const bool held_work = lane < advance && __ldcg(&c->used[s]);
        buckets += __popc(__ballot_sync(kFullWarp, held_work));
        if (lane < advance) {
          c->used[s] = 0;
          c->lo[s] = end + float(lane) * width;
        }
        end += float(advance) * width;
        // The width of the buckets after the new first one: twice as wide when the first
        // `lookahead` hold too little work, half as wide when the first alone holds too much.
        const int q = lane < p.lookahead ? max(0, __ldcg(&c->queued[(front + lane) % kWindow])) : 0;
        const int work = warp_sum(q), first = __shfl_sync(kFullWarp, q, 0);
        float next_width = width;
        if (work < p.low_work) next_width = fminf(width * 2, p.max_width);
        else if (first > p.high_work) next_width = fmaxf(width * 0.5f, p.min_width);
        __syncwarp();
        if (next_width != width) {
          const float base = __ldcg(&c->lo[front % kWindow]);
          if (lane > 0) c->lo[(front + lane) % kWindow] = base + float(lane) * next_width;
          end = base + float(kWindow) * next_width;
          width = next_width;
        }
        __syncwarp();
        if (lane == 0) {
          c->end = end;
          c->width = width;
          __threadfence();
          atomicExch(&c->cur, front);
        }
      }
      // Workers take work from as many buckets as it takes to have enough of it.
      const int q = max(0, __ldcg(&c->queued[(front + lane) % kWindow]));
      const unsigned reach = positions_holding(q, p.low_work, p.lookahead);
      if (lane == 0 && reach != __ldcg(&c->reach)) atomicExch(&c->reach, reach);
      // Redistribute the far pile once its smallest distance lies in the window's first half.
      __syncwarp();
      if (lane == 0 && !old_busy && far_waiting && far_min != kInfinityBits &&
          as_float(far_min) < __ldcg(&c->lo[(front + kWindow / 2) % kWindow])) {
        c->far_min[gen ^ 1] = kInfinityBits;
        __threadfence();
        atomicExch(&c->gen, gen ^ 1);
        ++flips;
      }
      if (advance == 0) __nanosleep(100);
    } else if (!old_busy && far_waiting) {
      // Nothing in the window: move it to the smallest far distance and redistribute the far pile.
      // (The minimum can be unknown for a moment, after a flip raced with a push: then the window
      // moves on from its end.)
      const bool held_work = __ldcg(&c->used[s]);
      buckets += __popc(__ballot_sync(kFullWarp, held_work));
      const float base = far_min != kInfinityBits ? as_float(far_min) : end;
      c->used[s] = 0;
      c->lo[s] = base + float(lane) * width;
      __syncwarp();
      if (lane == 0) {
        c->end = base + float(kWindow) * width;
        c->far_min[gen ^ 1] = kInfinityBits;
        __threadfence();
        atomicExch(&c->cur, cur + kWindow);
        atomicExch(&c->gen, gen ^ 1);
        ++flips;
      }
    } else {
      __nanosleep(100);
    }
  }
  // The buckets that held work and were never retired (the last ones).
  buckets += __popc(__ballot_sync(kFullWarp, __ldcg(&c->used[lane])));
  if (lane == 0) {
    atomicExch(&c->done, 1u);
    atomicAdd(&p.counters->buckets, buckets);
    atomicAdd(&p.counters->flips, flips);
  }
}

// Sums x over the block into thread 0's x.
__device__ unsigned long long block_sum(unsigned long long x, Shared& sh) {
  x = warp_sum(x);
  __syncthreads();
  if (threadIdx.x % 32 == 0) sh.sum[threadIdx.x / 32] = x;
  __syncthreads();
  if (threadIdx.x < 32) x = warp_sum(threadIdx.x < kBlock / 32 ? sh.sum[threadIdx.x] : 0ull);
  return x;
}

template <int kArcGroup>
__global__ void __launch_bounds__(kBlock, kMinBlocksPerSm) async_buckets_kernel(Params p) {
  __shared__ Shared sh;
  if (blockIdx.x == 0) {
    if (threadIdx.x < 32) manage(p);
    return;
  }
  if (threadIdx.x == 0) {
    sh.stage_size = sh.local_size[0] = sh.local_size[1] = 0;
    sh.flushed = sh.published = 0;
  }
  Work work;
  unsigned long long wait_ns = 0, batches = 0;
  for (;;) {
    __syncthreads();
    if (threadIdx.x < 32) acquire(p, sh, wait_ns);
    __syncthreads();
    if (sh.mode == kFinished) break;
    work_on_batch<kArcGroup>(p, sh, work);
    if (threadIdx.x == 0) {
      ++batches;
      __threadfence();
      atomicSub(&p.ctl->inflight[sh.batch_queue], 1);
      atomicSub(&p.ctl->pending, 1);  // after this batch's own flushes raised it
    }
  }
  const unsigned long long visits = block_sum(work.visits, sh);
  const unsigned long long relaxations = block_sum(work.relaxations, sh);
  const unsigned long long read = block_sum(work.read, sh);
  const unsigned long long chained = block_sum(work.chained, sh);
  const unsigned long long chain_used = block_sum(work.chain_used, sh);
  if (threadIdx.x == 0) {
    Counters* k = p.counters;
    atomicAdd(&k->visits, visits);
    atomicAdd(&k->relaxations, relaxations);
    atomicAdd(&k->batches, batches);
    atomicAdd(&k->wait_ns, wait_ns);
    atomicAdd(&k->read, read);
    atomicAdd(&k->chained, chained);
    atomicAdd(&k->chain_used, chain_used);
    atomicAdd(&k->written, sh.flushed);
    atomicAdd(&k->published, sh.published);
  }
}

// The worker kernel for AsyncBucketsTuning::arc_group (check_tuning allows these two: more arcs at
// once take more registers than the kernel's occupancy leaves).
const void* worker_kernel(int arc_group) {
  return arc_group == 1 ? reinterpret_cast<const void*>(async_buckets_kernel<1>)
                        : reinterpret_cast<const void*>(async_buckets_kernel<4>);
}

// Every distance unknown but the source's; the source marked for queueing.
__global__ void reset_vertices(Params p, vid_t source) {
  for (const unsigned long long v : grid_stride<unsigned long long>(p.n)) {
    p.dist[v] = v == source ? 0u : kInfinityBits;
    p.dropped[v] = v == source;
  }
}

// The smallest distance of a marked vertex into marked_min (set to all ones before).
__global__ void lowest_marked(Params p) {
  unsigned least = 0xffffffffu;
  for (const unsigned long long v : grid_stride<unsigned long long>(p.n))
    if (p.dropped[v]) least = min(least, p.dist[v]);
  least = __reduce_min_sync(kFullWarp, least);
  if (threadIdx.x % 32 == 0 && least != 0xffffffffu) atomicMin(&p.ctl->marked_min, least);
}

// An empty window of buckets of `width` from the smallest marked distance (lowest_marked's), and
// empty queues.
__global__ void reset_control(Params p, float width) {
  Control* c = p.ctl;
  const unsigned t = threadIdx.x;
  const unsigned least = __ldcg(&c->marked_min);
  const float base = least < kInfinityBits ? as_float(least) : 0.0f;
  if (t < kQueues) {
    c->head[t] = c->tail[t] = 0;
    c->ready[t] = 0;
    c->queued[t] = 0;
    c->inflight[t] = 0;
  }
  if (t < kWindow) {
    c->used[t] = 0;
    c->lo[t] = base + float(t) * width;
  }
  if (t == 0) {
    c->cur = c->gen = c->done = c->overflow = c->stalled = 0;
    c->reach = p.lookahead;
    c->pending = 0;
    c->batch_top = 0;
    c->log_top = 0;
    c->end = base + float(kWindow) * width;
    c->width = width;
    c->far_min[0] = c->far_min[1] = kInfinityBits;
  }
}

// Queues every marked vertex at its current distance (and unmarks it), in window buckets only:
// see "A full log" at the top.
__global__ void __launch_bounds__(kBlock) queue_dropped(Params p) {
  __shared__ Shared sh;
  if (threadIdx.x == 0) {
    sh.stage_size = 0;
    sh.flushed = sh.published = 0;
  }
  const unsigned long long chunk = kStageFlushAt;
  for (const unsigned long long first : block_stride<unsigned long long>((p.n + chunk - 1) / chunk)) {
    const unsigned long long last = min((unsigned long long)p.n, (first + 1) * chunk);
    __syncthreads();
    for (unsigned long long v = first * chunk + threadIdx.x; v < last; v += blockDim.x)
      if (p.dropped[v]) {
        p.dropped[v] = 0;
        stage_entry(p, Entry{vid_t(v), p.dist[v]}, sh);
      }
    flush(p, sh, false);
  }
  if (threadIdx.x == 0) {
    atomicAdd(&p.counters->written, sh.flushed);
    atomicAdd(&p.counters->published, sh.published);
  }
}

}  // namespace

struct AsyncBucketsGpu::State {
  vid_t n = 0;
  eid_t arcs = 0;
  float width = 1;
  AsyncBucketsTuning tuning;
  std::uint64_t capacity_limit = 0;  // 0: none
  unsigned blocks = 0;
  const void* kernel = nullptr;  // the worker kernel chosen at load()
  DeviceCsr<float> graph;
  DeviceBuffer<unsigned> dist;
  DeviceBuffer<unsigned char> dropped;
  DeviceBuffer<Entry> log;
  DeviceBuffer<Batch> batches;
  DeviceBuffer<unsigned long long> cells;
  unsigned ticket_capacity = 0;
  unsigned epoch = 0;  // of the last launch
  DeviceBuffer<Control> control;
  DeviceBuffer<Counters> counters;
  PinnedBuffer<Counters> counters_host{1};
  PinnedBuffer<Control> control_host{1};
  std::vector<AsyncBucketsStats> stats;
  cudaStream_t stream{};
  double upload_s = 0;
  State() { CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)); }
  ~State() { cudaStreamDestroy(stream); }
};

AsyncBucketsGpu::AsyncBucketsGpu() : s_(std::make_unique<State>()) {}
AsyncBucketsGpu::~AsyncBucketsGpu() = default;
double AsyncBucketsGpu::upload_seconds() const { return s_->upload_s; }
float AsyncBucketsGpu::width() const { return s_->width; }
const std::vector<AsyncBucketsStats>& AsyncBucketsGpu::last_stats() const { return s_->stats; }

void AsyncBucketsGpu::set_tuning(const AsyncBucketsTuning& t) {
  check_tuning(t);
  s_->tuning = t;
}

void AsyncBucketsGpu::limit_queue_capacity(std::uint64_t entries) { s_->capacity_limit = entries; }

void AsyncBucketsGpu::load(const Csr<float>& g, float width) {
  require_nonnegative_weights(g, "async_buckets_gpu");
  State& s = *s_;
  const std::uint64_t n = g.n;
  // Entries ever queued in one launch: about one per improvement; arcs + vertices leaves room, and a
  // full log only costs another launch.
  std::uint64_t capacity = g.num_arcs() + n + 4096;
  if (s.capacity_limit > 0) capacity = std::min(capacity, s.capacity_limit);
  capacity = std::min<std::uint64_t>(capacity, kNil - 1);  // batch indices are 32-bit
  // Tickets per bucket queue and launch: a queue serves many buckets in turn, yet holds a fraction of
  // the batches; one that runs out drops its batch's entries, which the next launch re-queues.
  const std::uint64_t tickets = capacity / kTicketShare + 4096;
  const std::uint64_t bytes = (n + 1) * sizeof(eid_t) + g.num_arcs() * (sizeof(vid_t) + sizeof(float)) +
                              n * (sizeof(unsigned) + 1) + capacity * (sizeof(Entry) + sizeof(Batch)) +
                              kQueues * tickets * sizeof(unsigned long long);
  require_device_memory(bytes, "async_buckets_gpu graph, distances and queues");
  s.n = g.n;
  s.arcs = g.num_arcs();
  s.width = width > 0 ? width : default_delta(g, kDefaultWidthFactor);
  s.dist.resize(std::max<std::uint64_t>(n, 1));
  s.dropped.resize(std::max<std::uint64_t>(n, 1));
  s.log.resize(capacity);
  s.batches.resize(capacity);
  s.ticket_capacity = unsigned(tickets);
  s.cells.resize(kQueues * tickets);
  s.cells.fill_bytes(0, s.stream);  // epoch 0: empty for every launch
  s.epoch = 0;
  s.control.resize(1);
  s.control.fill_bytes(0, s.stream);  // its alignment padding too: the whole struct is read back
  s.counters.resize(1);

  // Persistent grid: workers spin waiting for each other's work, so every block must be resident
  // at once, which a cooperative launch guarantees.
  int device = 0, sms = 0, per_sm = 0, cooperative = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (!cooperative) throw ResourceError("async_buckets_gpu: the device does not support cooperative launches");
  s.kernel = worker_kernel(s.tuning.arc_group);
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, s.kernel, kBlock, 0));
  if (per_sm < 1) throw ResourceError("async_buckets_gpu: the kernel does not fit on a multiprocessor");
  if (s.tuning.blocks_per_sm > 0) per_sm = std::min(per_sm, s.tuning.blocks_per_sm);
  s.blocks = unsigned(std::max(2, sms * per_sm));  // block 0 manages; at least one worker
  s.upload_s = s.graph.upload(g, s.stream);
}

std::vector<SsspRun> AsyncBucketsGpu::run(const std::vector<vid_t>& sources) {
  State& s = *s_;
  std::vector<SsspRun> out;
  out.reserve(sources.size());
  s.stats.clear();
  const AsyncBucketsTuning& t = s.tuning;
  Params p{};
  p.n = s.n;
  p.offsets = s.graph.offsets.data();
  p.adj = s.graph.adj.data();
  p.w = s.graph.w.data();
  p.dist = s.dist.data();
  p.dropped = s.dropped.data();
  p.log = s.log.data();
  p.log_capacity = s.log.size();
  p.batches = s.batches.data();
  p.cells = s.cells.data();
  p.ticket_capacity = s.ticket_capacity;
  p.ctl = s.control.data();
  p.counters = s.counters.data();
  p.min_width = s.width / float(t.width_range);
  p.max_width = s.width * float(t.width_range);
  p.lookahead = unsigned(t.lookahead);
  p.local_steps = unsigned(t.local_steps);
  p.low_work = int(s.blocks - 1) * t.work_per_block;
  p.high_work = p.low_work * kTooMuchWork;
  const unsigned grid_blocks = s.blocks;  // the short kernels too: any grid covers any n
  CudaEventTimer compute, copy;
  for (const vid_t source : sources) {
    require_source(s.n, source, "async_buckets_gpu");
    SsspRun r;
    AsyncBucketsStats st;
    compute.start(s.stream);
    CUDA_CHECK(cudaMemsetAsync(s.counters.data(), 0, sizeof(Counters), s.stream));
    reset_vertices<<<grid_blocks, kBlock, 0, s.stream>>>(p, source);
    CUDA_CHECK_LAUNCH();
    // One launch, and another for every launch that dropped entries from a full log: each expands
    // at least one vertex, and all of them together get as long as one launch may stall.
    const auto first_launch = std::chrono::steady_clock::now();
    std::uint64_t visits_before = 0;
    for (;;) {
      if (++s.epoch == 0) {  // the epochs wrapped: empty the cells once more
        s.cells.fill_bytes(0, s.stream);
        s.epoch = 1;
      }
      p.epoch = s.epoch;
      CUDA_CHECK(cudaMemsetAsync(&s.control.data()->marked_min, 0xff, sizeof(unsigned), s.stream));
      lowest_marked<<<grid_blocks, kBlock, 0, s.stream>>>(p);
      CUDA_CHECK_LAUNCH();
      reset_control<<<1, 64, 0, s.stream>>>(p, s.width);
      CUDA_CHECK_LAUNCH();
      queue_dropped<<<grid_blocks, kBlock, 0, s.stream>>>(p);
      CUDA_CHECK_LAUNCH();
      void* args[] = {&p};
      CUDA_CHECK(cudaLaunchCooperativeKernel(s.kernel, dim3(s.blocks), dim3(kBlock), args, 0, s.stream));
      CUDA_CHECK_LAUNCH();
      ++st.launches;
      // The small read-backs per launch: did entries drop, how many vertices were expanded.
      CUDA_CHECK(
          cudaMemcpyAsync(s.control_host.data(), s.control.data(), sizeof(Control), cudaMemcpyDeviceToHost, s.stream));
      CUDA_CHECK(cudaMemcpyAsync(s.counters_host.data(), s.counters.data(), sizeof(Counters), cudaMemcpyDeviceToHost,
                                 s.stream));
      CUDA_CHECK(cudaStreamSynchronize(s.stream));
      const Control& c = s.control_host[0];
      const std::string where = "async_buckets_gpu: source " + std::to_string(source) + ": ";
      if (c.stalled)
        throw std::runtime_error(where + "no progress for " + std::to_string(kStallNs / 1'000'000'000ull) +
                                 " s with batches pending (an internal error)");
      st.last_width = c.width;
      if (!c.overflow) break;
      if (s.counters_host[0].visits == visits_before)
        throw std::runtime_error(where + "launch " + std::to_string(st.launches) +
                                 " overflowed the entry queue without expanding a vertex (an internal error)");
      visits_before = s.counters_host[0].visits;
      const auto spent = std::chrono::steady_clock::now() - first_launch;
      if (std::chrono::duration_cast<std::chrono::nanoseconds>(spent).count() > std::int64_t(kStallNs))
        throw ResourceError(where + "the entry queue (" + std::to_string(s.log.size()) + " entries) overflowed " +
                            std::to_string(st.launches) + " times without finishing within " +
                            std::to_string(kStallNs / 1'000'000'000ull) + " s; it needs a larger queue");
    }
    compute.stop(s.stream);
    r.kernel_s = compute.seconds();
    const Counters k = s.counters_host[0];
    st.vertex_visits = k.visits;
    st.arc_relaxations = k.relaxations;
    st.batches = k.batches;
    st.pushes = k.written;
    st.balance = {k.written, k.read, k.published, k.chained, k.chain_used, k.dropped_entries, k.dropped_batches};
    st.buckets = k.buckets;
    st.far_flips = unsigned(k.flips);
    st.wait_s = double(k.wait_ns) * 1e-9 / double(s.blocks - 1);
    st.first_width = s.width;
    r.iterations = std::uint32_t(std::min<std::uint64_t>(st.buckets, 0xffffffffu));
    if (t.print_stats)
      std::fprintf(
          stderr,
          "async_buckets_gpu: source %u: %llu vertex visits, %llu arc relaxations (%.3f per arc), %llu "
          "batches, %llu buckets, %u far flips, %u launches; waiting %.3f ms per block, kernel_s %.3f ms "
          "(width %g -> %g, lookahead %d, work per block %d, width range %d, %d local steps, %u blocks, arc group "
          "%d); "
          "entries written %llu read %llu, batches published %llu, chained %llu used %llu, dropped with full queues "
          "%llu entries in %llu batches\n",
          source, static_cast<unsigned long long>(st.vertex_visits),
          static_cast<unsigned long long>(st.arc_relaxations),
          s.arcs ? double(st.arc_relaxations) / double(s.arcs) : 0.0, static_cast<unsigned long long>(st.batches),
          static_cast<unsigned long long>(st.buckets), st.far_flips, st.launches, st.wait_s * 1e3, r.kernel_s * 1e3,
          double(st.first_width), double(st.last_width), t.lookahead, t.work_per_block, t.width_range, t.local_steps,
          s.blocks, t.arc_group, static_cast<unsigned long long>(st.balance.written),
          static_cast<unsigned long long>(st.balance.read), static_cast<unsigned long long>(st.balance.published),
          static_cast<unsigned long long>(st.balance.chained), static_cast<unsigned long long>(st.balance.chain_used),
          static_cast<unsigned long long>(st.balance.dropped_entries),
          static_cast<unsigned long long>(st.balance.dropped_batches));
    s.stats.push_back(st);
    r.dist.resize(s.n);
    copy.start(s.stream);
    CUDA_CHECK(cudaMemcpyAsync(r.dist.data(), s.dist.data(), std::uint64_t(s.n) * sizeof(float), cudaMemcpyDeviceToHost,
                               s.stream));
    copy.stop(s.stream);
    r.d2h_s = copy.seconds();
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace gs::sssp
