// The steps of a level-synchronous GPU traversal that the one-GPU traversal
// (gpu_traversal.cu) and the multi-GPU one (mgpu_traversal.cu) share: the
// top-down expansion (warp-shared for small vertices, chunks for large ones)
// and the bottom-up search, with their counters. gpu_traversal.cu's top
// comment says how they balance RMAT's degrees.
//
// Vertices are global ids. Arrays of per-vertex state (levels, the visited
// bitmap, offsets) may be views of one GPU's range [lo, hi) of the vertices,
// indexed by global id: the multi-GPU traversal passes the range's arrays
// shifted back by lo (lo a multiple of 32).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

#include "algorithms/traversal/level_codes.hpp"
#include "common/cuda/grid.cuh"
#include "common/cuda/warp.cuh"
#include "common/graph.hpp"

namespace gs::traversal::steps {

// RMAT without relabelling puts its hubs at small ids, i.e. in the same few
// warps: a low threshold keeps any one warp's serial work short (at most
// 32 * 63 arcs, 63 steps).
constexpr eid_t kLargeDegree = 64;
// Arcs of a large vertex per work item of expand_large_kernel (4 per lane).
constexpr eid_t kChunkArcs = 128;
constexpr int kThreads = 256;
constexpr int kWarpsPerBlock = kThreads / 32;

// Device counters of one branch (one slot).
// kFoundLarge: set when a found vertex has kLargeDegree arcs or more (the
// persistent kernel then expects chunks in the next branch).
enum Counter { kFound = 0, kFoundArcs = 1, kLarge = 2, kPushed = 3, kFoundLarge = 4, kCounters = 5 };

// Where a top-down branch takes its current vertices from: a scan of the
// level codes (read-based), a queue, or the frontier bitmap a bottom-up
// branch left (one word per warp step; empty words are skipped).
enum class Source { kCodes, kQueue, kBitmap };

// The arcs a branch follows: `n` vertices' offsets and arcs. `degree_off`
// gives a found vertex's whole degree for the direction heuristic: the same
// offsets on one GPU; on a GPU of the multi-GPU traversal the top-down arcs
// are only those into its own range (mgpu_traversal.cu).
struct DeviceGraph {
  vid_t n;
  const eid_t* off;
  const vid_t* adj;
  const eid_t* degree_off;
};

struct DeviceLevels {
  std::uint8_t* code;   // level_codes.hpp
  std::uint32_t* deep;  // exact level where code == kDeepCode
};

__device__ __forceinline__ void set_level(const DeviceLevels& L, vid_t x, std::uint32_t level) {
  if (level < kDeepCode) {
    L.code[x] = std::uint8_t(level);
  } else {
    L.code[x] = kDeepCode;
    L.deep[x] = level;
  }
}

__device__ __forceinline__ bool has_level(const DeviceLevels& L, vid_t x, std::uint32_t level) {
  const std::uint8_t c = L.code[x];
  return level < kDeepCode ? c == level : (c == kDeepCode && L.deep[x] == level);
}

// The branch's main kernel clears the next branch's counter slot (the host
// has read it, as the previous branch's slot, before this launch).
__device__ __forceinline__ void clear_next_slot(unsigned long long* next) {
  if (blockIdx.x == 0 && threadIdx.x < kCounters) next[threadIdx.x] = 0;
}

__device__ __forceinline__ bool claim(std::uint32_t* visited, vid_t x) {
  const std::uint32_t bit = 1u << (x & 31);
  std::uint32_t* w = visited + (x >> 5);
  if (*reinterpret_cast<volatile std::uint32_t*>(w) & bit) return false;
  return !(atomicOr(w, bit) & bit);
}

__device__ __forceinline__ void push(vid_t* queue, unsigned long long* tail, vid_t x) { queue[append_slot(tail)] = x; }

__device__ __forceinline__ bool in_bitmap(const std::uint32_t* __restrict__ bits, vid_t x) {
  return (__ldg(bits + (x >> 5)) >> (x & 31)) & 1;
}

// Where a top-down branch puts the vertices it finds (direction-optimising;
// read-based needs nothing but their codes): a queue, or for large branches
// the next frontier bitmap (a queue's tail counter takes one atomic per warp
// step with finds, all on one address, so a large branch fills the bitmap
// faster: experiments/hybrid_dfs/NOTES.md).
enum class Output { kNone, kQueue, kBitmap };
struct NextFrontier {
  vid_t* queue;
  std::uint32_t* bits;  // zeroed before the branch
};

// kOut != kNone (direction-optimising): the found vertex goes into the next frontier and
// its arcs are counted for the direction heuristic; read-based needs neither.
// kLatencyBound (small_levels_kernel, whose branches are a chain of dependent
// loads with little traffic): the claim is one atomic without the test before
// it, and the degree is fetched alongside, before the claim returns.
template <Output kOut, bool kLatencyBound = false>
__device__ __forceinline__ void visit(const DeviceGraph& g, const DeviceLevels& L, vid_t x, std::uint32_t next_level,
                                      std::uint32_t* visited, NextFrontier next, unsigned long long* counters,
                                      unsigned& found, unsigned long long& arcs) {
  eid_t first = 0, last = 0;
  if (kLatencyBound && kOut != Output::kNone) first = g.degree_off[x], last = g.degree_off[x + 1];
  const bool mine =
      kLatencyBound ? !(atomicOr(visited + (x >> 5), 1u << (x & 31)) & (1u << (x & 31))) : claim(visited, x);
  if (!mine) return;
  set_level(L, x, next_level);
  ++found;
  if (kOut != Output::kNone) {
    const eid_t d = kLatencyBound ? last - first : g.degree_off[x + 1] - g.degree_off[x];
    arcs += d;
    if (d >= kLargeDegree) counters[kFoundLarge] = 1;
  }
  if (kOut == Output::kQueue) push(next.queue, counters + kPushed, x);
  if (kOut == Output::kBitmap) atomicOr(next.bits + (x >> 5), 1u << (x & 31));
}

__device__ __forceinline__ void add_counts(unsigned found, unsigned long long arcs, unsigned long long* counters) {
  found = warp_sum(found);
  arcs = warp_sum(arcs);
  if ((threadIdx.x & 31) == 0 && found) {
    atomicAdd(counters + kFound, (unsigned long long)found);
    atomicAdd(counters + kFoundArcs, arcs);
  }
}

// A large vertex's work items for expand_large_kernel: (vertex, chunk index).
__device__ __forceinline__ void list_chunks(vid_t v, eid_t degree, std::uint64_t* chunks, unsigned long long* count) {
  const std::uint64_t n_chunks = (degree + kChunkArcs - 1) / kChunkArcs;
  const unsigned long long base = atomicAdd(count, (unsigned long long)n_chunks);
  for (std::uint64_t c = 0; c < n_chunks; ++c) chunks[base + c] = (std::uint64_t(v) << 32) | c;
}

// A top-down branch's current vertices from `kSource`, a warp taking
// `per_warp` (32 unless from a queue) at a time: small ones expanded by the
// warp together, large ones listed as chunks for expand_chunks. Shared by
// the per-branch kernel and the persistent one (small_levels_kernel, which
// spreads a small frontier thinly: a warp's arcs are expanded 32 per step,
// one step after the other). Queue entries are read past L1: in the
// persistent kernel the queue was written by other blocks since this SM
// last read those addresses.
template <Source kSource, Output kOut, bool kLatencyBound = false>
__device__ __forceinline__ void expand_items(const DeviceGraph& g, const DeviceLevels& L, std::uint32_t branch,
                                             std::uint32_t* visited, const vid_t* queue, std::uint64_t queue_size,
                                             const std::uint32_t* frontier, NextFrontier next,
                                             unsigned long long* counters, std::uint64_t* chunks, unsigned& found,
                                             unsigned long long& arcs, unsigned per_warp = 32) {
  constexpr bool kFromQueue = kSource == Source::kQueue;
  const unsigned lane = threadIdx.x & 31;
  const std::uint64_t total = kFromQueue ? queue_size : g.n;
  for (const std::uint64_t base : warp_stride<std::uint64_t>(total, per_warp)) {
    std::uint32_t word = 0;  // kBitmap: the frontier bits of vertices base .. base + 31
    if (kSource == Source::kBitmap) {
      word = frontier[base >> 5];
      if (!word) continue;
    }
    const std::uint64_t i = base + lane;
    vid_t v = 0;
    bool active = false;
    if (i < total && lane < per_warp) {
      v = kFromQueue ? __ldcg(queue + i) : vid_t(i);
      if (kSource == Source::kQueue) active = true;
      else if (kSource == Source::kCodes) active = has_level(L, v, branch);
      else active = (word >> lane) & 1;
    }
    eid_t begin = 0;
    std::uint32_t degree = 0;  // arcs this lane contributes to the warp's shared expansion
    if (active) {
      begin = g.off[v];
      const eid_t d = g.off[v + 1] - begin;
      if (d >= kLargeDegree) list_chunks(v, d, chunks, counters + kLarge);
      else degree = std::uint32_t(d);
    }
    const std::uint32_t incl = warp_inclusive_sum(degree);
    const std::uint32_t excl = incl - degree;
    const std::uint32_t warp_arcs = __shfl_sync(kFullWarp, incl, 31);
    for (std::uint32_t step = 0; step < warp_arcs; step += 32) {
      const std::uint32_t k = step + lane;  // this lane's arc among the warp's
      int owner = 0;                        // lanes whose arcs end at or before k
      for (int s = 16; s > 0; s >>= 1)
        if (__shfl_sync(kFullWarp, incl, owner + s - 1) <= k) owner += s;
      const eid_t owner_begin = __shfl_sync(kFullWarp, begin, owner);
      const std::uint32_t owner_excl = __shfl_sync(kFullWarp, excl, owner);
      if (k < warp_arcs)
        visit<kOut, kLatencyBound>(g, L, g.adj[owner_begin + (k - owner_excl)], branch + 1, visited, next, counters,
                                   found, arcs);
    }
  }
}

// The `count` chunks of large vertices that expand_items listed: one warp per chunk.
template <Output kOut, bool kLatencyBound = false>
__device__ __forceinline__ void expand_chunks(const DeviceGraph& g, const DeviceLevels& L, std::uint32_t branch,
                                              std::uint32_t* visited, const std::uint64_t* chunks,
                                              unsigned long long count, NextFrontier next, unsigned long long* counters,
                                              unsigned& found, unsigned long long& arcs) {
  const unsigned lane = threadIdx.x & 31;
  for (const std::uint64_t k : warp_stride<std::uint64_t>(count)) {
    const std::uint64_t item = __ldcg(reinterpret_cast<const unsigned long long*>(chunks) + k);
    const vid_t v = vid_t(item >> 32);
    const eid_t begin = g.off[v] + (item & 0xffffffffu) * kChunkArcs;
    const eid_t end = std::min(g.off[v + 1], begin + kChunkArcs);
    for (eid_t e = begin + lane; e < end; e += 32)
      visit<kOut, kLatencyBound>(g, L, g.adj[e], branch + 1, visited, next, counters, found, arcs);
  }
}

// Queue entries per warp that spread `items` over `warps` warps: 1 while the
// warps outnumber the items, at most 32. A warp expands its small vertices'
// arcs 32 per step, one step after the other, so a small frontier packed 32
// to a warp would leave most warps idle and each busy one a long chain.
__host__ __device__ inline unsigned queue_items_per_warp(std::uint64_t items, std::uint64_t warps) {
  const std::uint64_t per_warp = items > warps ? (items + warps - 1) / warps : 1;
  return unsigned(per_warp < 32 ? per_warp : 32);
}

// One branch, top-down: current vertices from `kSource`, `per_warp` at a time
// (32 unless from a queue: queue_items_per_warp).
template <Source kSource, Output kOut>
__global__ void expand_kernel(DeviceGraph g, DeviceLevels L, std::uint32_t branch, std::uint32_t* visited,
                              const vid_t* queue, std::uint64_t queue_size, const std::uint32_t* frontier,
                              NextFrontier next, unsigned long long* counters, unsigned long long* next_counters,
                              std::uint64_t* chunks, unsigned per_warp) {
  clear_next_slot(next_counters);
  unsigned found = 0;
  unsigned long long arcs = 0;
  expand_items<kSource, kOut>(g, L, branch, visited, queue, queue_size, frontier, next, counters, chunks, found, arcs,
                              per_warp);
  add_counts(found, arcs, counters);
}

// The chunks of the large vertices listed by expand_kernel.
template <Output kOut>
__global__ void expand_large_kernel(DeviceGraph g, DeviceLevels L, std::uint32_t branch, std::uint32_t* visited,
                                    const std::uint64_t* chunks, NextFrontier next, unsigned long long* counters) {
  unsigned found = 0;
  unsigned long long arcs = 0;
  expand_chunks<kOut>(g, L, branch, visited, chunks, counters[kLarge], next, counters, found, arcs);
  add_counts(found, arcs, counters);
}

// One branch, bottom-up: a warp takes kWords visited-bitmap words (32
// consecutive vertices each), a lane one vertex of each. One search at a
// time is a chain of dependent loads per arc (offsets, arc, frontier bit), so
// a lane advances the searches of its kWords vertices together, kArcs arcs
// each per round, all of a round's loads independent of each other. A found
// vertex's search stops at the end of its round. The default, 4 words / 2
// arcs, was the fastest tried (experiments/hybrid_dfs/NOTES.md); the first
// bottom-up branch still reads ~90M scattered arcs and frontier bits.
// The warps cover visited words [first_word, words): all of them on one GPU,
// a GPU's own range in the multi-GPU traversal.
template <int kWords, int kArcs>
__global__ void bottom_up_kernel(DeviceGraph g, DeviceLevels L, std::uint32_t branch, std::uint32_t* visited,
                                 const std::uint32_t* __restrict__ frontier, std::uint32_t* next_frontier,
                                 unsigned long long* counters, unsigned long long* next_counters,
                                 std::uint64_t first_word, std::uint64_t words) {
  clear_next_slot(next_counters);
  const unsigned lane = threadIdx.x & 31;
  unsigned found = 0;
  unsigned long long arcs = 0;
  for (const std::uint64_t step : warp_stride<std::uint64_t>(words - first_word, kWords)) {
    const std::uint64_t w0 = first_word + step;
    std::uint32_t seen[kWords];
    bool all_seen = true;
#pragma unroll
    for (int j = 0; j < kWords; ++j) {
      // All visited or without arcs; the last word's bits beyond n are set too.
      seen[j] = w0 + j < words ? visited[w0 + j] : kFullWarp;
      all_seen &= seen[j] == kFullWarp;
    }
    if (all_seen) {
      if (lane < kWords && w0 + lane < words) next_frontier[w0 + lane] = 0;
      continue;
    }
    eid_t next[kWords], end[kWords];  // the search of vertex j: arcs [next, end) left
    eid_t degree[kWords];
#pragma unroll
    for (int j = 0; j < kWords; ++j) {
      next[j] = end[j] = 0;
      if (!((seen[j] >> lane) & 1)) {
        const std::uint64_t v = (w0 + j) * 32 + lane;
        next[j] = g.off[v];
        end[j] = g.off[v + 1];
      }
      degree[j] = end[j] - next[j];
    }
    unsigned hit = 0;  // bit j: vertex j has a parent in the frontier
    for (;;) {
      vid_t u[kWords][kArcs];
#pragma unroll
      for (int j = 0; j < kWords; ++j)
#pragma unroll
        for (int a = 0; a < kArcs; ++a)
          if (next[j] + a < end[j]) u[j][a] = g.adj[next[j] + a];
      bool searching = false;
#pragma unroll
      for (int j = 0; j < kWords; ++j) {
        bool h = false;
#pragma unroll
        for (int a = 0; a < kArcs; ++a)
          if (next[j] + a < end[j]) h |= in_bitmap(frontier, u[j][a]);
        if (h) hit |= 1u << j;
        next[j] = h ? end[j] : std::min(end[j], next[j] + kArcs);
        searching |= next[j] < end[j];
      }
      if (!searching) break;
    }
#pragma unroll
    for (int j = 0; j < kWords; ++j) {
      const bool h = (hit >> j) & 1;
      if (h) {
        set_level(L, vid_t((w0 + j) * 32 + lane), branch + 1);
        ++found;
        arcs += degree[j];
      }
      const unsigned mask = __ballot_sync(kFullWarp, h);
      if (lane == 0 && w0 + j < words) {  // this warp alone writes word w0 + j in a bottom-up branch
        next_frontier[w0 + j] = mask;
        if (mask) visited[w0 + j] = seen[j] | mask;
      }
    }
  }
  add_counts(found, arcs, counters);
}

// The set bits of a frontier bitmap of `words` words as a queue (`size`
// zeroed before): where a small top-down branch follows bottom-up ones, and
// the multi-GPU traversal's small top-down branches.
static __global__ void bitmap_to_queue_kernel(const std::uint32_t* bits, std::uint64_t words, vid_t* queue,
                                              unsigned long long* size) {
  for (const std::uint64_t w : grid_stride<std::uint64_t>(words)) {
    std::uint32_t word = bits[w];
    while (word) {
      const int b = __ffs(word) - 1;
      word &= word - 1;
      queue[append_slot(size)] = vid_t(w * 32 + b);
    }
  }
}

// The visited bitmap's starting value for words [first_word, first_word +
// words) (bits[0] is word first_word): vertices without arcs, which no
// traversal reaches (the graph is symmetric) unless one is the source, and
// vertices at or beyond `end` (the last word's bits past n). `off` is indexed
// by global id (a range's offsets shifted back by its start).
static __global__ void no_arcs_kernel(const eid_t* off, vid_t end, std::uint64_t first_word, std::uint64_t words,
                                      std::uint32_t* bits) {
  const unsigned lane = threadIdx.x & 31;
  for (const std::uint64_t i : grid_stride<std::uint64_t>(words * 32)) {
    const std::uint64_t v = first_word * 32 + i;
    const bool empty = v >= end || off[v + 1] == off[v];
    const unsigned mask = __ballot_sync(kFullWarp, empty);
    if (lane == 0) bits[i >> 5] = mask;
  }
}

// The bottom-up shapes built (GpuOptions::bottom_up_words / _arcs): 1/1, 2/2, 4/1, 4/2.
inline void check_bottom_up_shape(int words, int arcs) {
  const bool built = (words == 1 && arcs == 1) || (words == 2 && arcs == 2) || (words == 4 && (arcs == 1 || arcs == 2));
  if (!built) throw std::invalid_argument("GpuOptions: bottom-up words/arcs per round must be 1/1, 2/2, 4/1 or 4/2");
}

// Calls launch(bottom_up_kernel<words, arcs>) for a shape check_bottom_up_shape admits.
template <class Launch>
void with_bottom_up_kernel(int words, int arcs, Launch&& launch) {
  if (words == 1 && arcs == 1) launch(bottom_up_kernel<1, 1>);
  else if (words == 2 && arcs == 2) launch(bottom_up_kernel<2, 2>);
  else if (words == 4 && arcs == 1) launch(bottom_up_kernel<4, 1>);
  else launch(bottom_up_kernel<4, 2>);
}

}  // namespace gs::traversal::steps
