// Bucket-synchronous delta-stepping with thread-local bins and bucket fusion.
//
// Every vertex that a thread improves goes, with the distance it was given,
// into that thread's own bin for bucket floor(dist / delta): no shared queue,
// no atomic on the push path. A round works on a range of buckets
// [cur, cur + width): first the entries all threads gathered for it, shared
// out in chunks; then each thread keeps settling its own bins in that range,
// lowest first, without waiting for the others (bucket fusion, as in GAP's
// sssp), until they are empty or one grows large enough to be worth sharing.
// One barrier picks the next range, a second publishes the gathered entries.
//
// An entry whose distance is no longer the vertex's distance was superseded
// by a later improvement, whose own entry does the work: it is skipped, so a
// vertex is expanded once per improvement that is still current when its
// bucket comes up. Distances are lowered by a compare-and-swap loop entered
// only when the new value is smaller.
//
// The range width adapts to the data: while rounds hold too little work to
// pay for their barriers (high-diameter graphs such as grids, whose buckets
// are thin), it doubles; when rounds are large it halves back towards one
// bucket. Any width gives exact distances (every improvement is queued and
// expanded), the width only trades barriers against re-expansions.
//
// Buckets near `cur` live in a ring of bins per thread; entries further
// ahead wait in a per-thread far pile that is sorted into the ring when the
// ring's window reaches them, so a tiny delta costs no memory per bucket.
//
// The reads of an expansion (the vertex's offsets, its arcs, their targets'
// distances) are random in a large graph; entries are processed from
// contiguous lists, so they are prefetched a few entries ahead.
#include "algorithms/sssp/delta_stepping_omp.hpp"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <limits>

#include "algorithms/sssp/sssp_input.hpp"

namespace gs::sssp {

namespace {

using bucket_t = std::uint64_t;

constexpr bucket_t kNoBucket = std::numeric_limits<bucket_t>::max();
// Distances beyond this many buckets share one bucket (still exact: see above).
constexpr bucket_t kLastBucket = bucket_t(1) << 60;
constexpr std::size_t kRing = 128;              // buckets held in the ring, a power of two
constexpr std::uint64_t kMaxWidth = kRing / 2;  // widest range; far entries move in half a ring early
// Entries per share of a round's gathered entries: large enough that the
// prefetch pipeline below (which cannot look past a share) runs full.
constexpr std::size_t kChunk = 256;
constexpr std::size_t kAhead = 16;  // prefetch distance, in entries
// A thread stops fusing when its lowest bin holds more than this: the next
// round shares that bin out instead of one thread working through it alone.
constexpr std::size_t kFuseLimit = 8192;
// Range width control: entries settled per thread per round below which the
// width doubles and above which it halves.
constexpr std::uint64_t kThinRound = 256;
constexpr std::uint64_t kThickRound = 8192;

struct Entry {
  vid_t v;
  float d;  // the distance v had when queued; stale once dist[v] < d
};

struct alignas(64) ThreadBins {
  std::array<std::vector<Entry>, kRing> ring;  // bucket b in ring[b % kRing]
  std::vector<Entry> far;                      // buckets at or beyond the ring's window
  bucket_t far_min = kNoBucket;                // lower bound of the far pile's buckets
  std::vector<Entry> gathered;                 // this thread's part of the round's shared entries
  std::vector<Entry> work;                     // the bin being fused
};

// Shared per-round counters, three rounds apart so that a reset never races a use.
struct alignas(64) RoundSlot {
  std::atomic<bucket_t> lowest{kNoBucket};
  std::atomic<std::uint64_t> settled{0};
  std::atomic<std::size_t> next_chunk{0};
};

inline void atomic_min(std::atomic<bucket_t>& a, bucket_t v) {
  bucket_t old = a.load(std::memory_order_relaxed);
  while (v < old && !a.compare_exchange_weak(old, v, std::memory_order_relaxed)) {
  }
}

}  // namespace

std::vector<float> delta_stepping_omp(const Csr<float>& g, vid_t source, float delta, int threads) {
  require_nonnegative_weights(g, "delta_stepping_omp");
  return delta_stepping_omp_prevalidated(g, source, delta, threads);
}

std::vector<float> delta_stepping_omp_prevalidated(const Csr<float>& g, vid_t source, float delta, int threads) {
  const std::string who = "delta_stepping_omp";
  require_source(g, source, who);
  if (!(delta > 0)) throw InputError(who + ": delta must be positive");
  const int T = threads > 0 ? threads : omp_get_max_threads();
  const double inv_delta = 1.0 / double(delta);
  // Monotone in d, which keeps every new entry at or above the current bucket.
  const auto bucket_of = [inv_delta](float d) {
    const double q = double(d) * inv_delta;
    return q < double(kLastBucket) ? bucket_t(q) : kLastBucket;
  };

  std::vector<float> dist(g.n, kUnreachable);
  dist[source] = 0;
  const eid_t* const off = g.offsets.data();
  const vid_t* const adj = g.adj.data();
  const float* const wt = g.w.data();
  float* const dp = dist.data();

  std::vector<ThreadBins> bins(T);
  bins[0].gathered.push_back({source, 0.0f});
  std::vector<std::size_t> gathered_size(T, 0);
  gathered_size[0] = 1;
  std::array<RoundSlot, 3> slot;

#pragma omp parallel num_threads(T)
  {
    const int me = omp_get_thread_num();
    ThreadBins& mine = bins[me];
    bucket_t cur = 0;  // the range is [cur, cur + width)
    std::uint64_t width = 1;
    std::vector<std::size_t> first_chunk(T + 1);
    std::uint64_t settled = 0;

    const auto push = [&](vid_t v, float d) {
      const bucket_t b = bucket_of(d);
      if (b - cur < kRing) {
        mine.ring[b % kRing].push_back({v, d});
      } else {
        mine.far.push_back({v, d});
        mine.far_min = std::min(mine.far_min, b);
      }
    };
    const auto expand = [&](const Entry& e) {
      if (std::atomic_ref<float>(dp[e.v]).load(std::memory_order_relaxed) < e.d) return;  // superseded
      ++settled;
      for (eid_t i = off[e.v], end = off[e.v + 1]; i < end; ++i) {
        const float nd = e.d + wt[i];
        std::atomic_ref<float> target(dp[adj[i]]);
        float old = target.load(std::memory_order_relaxed);
        while (nd < old)
          if (target.compare_exchange_weak(old, nd, std::memory_order_relaxed)) {
            push(adj[i], nd);
            break;
          }
      }
    };

    // Entries are expanded in list order; the reads are random, so fetch
    // ahead: the distance and offsets of entry i + kAhead, the arcs of entry
    // i + kAhead / 2 (its offsets are in cache by then), the arcs' target
    // distances of entry i + kAhead / 4 (its arcs are).
    const auto expand_span = [&](const Entry* list, std::size_t len) {
      for (std::size_t i = 0; i < len; ++i) {
        if (i + kAhead < len) {
          const vid_t v = list[i + kAhead].v;
          __builtin_prefetch(dp + v);
          __builtin_prefetch(off + v);
        }
        if (i + kAhead / 2 < len) {
          const eid_t first = off[list[i + kAhead / 2].v];
          __builtin_prefetch(adj + first);
          __builtin_prefetch(wt + first);
        }
        if (i + kAhead / 4 < len) {
          const vid_t v = list[i + kAhead / 4].v;
          for (eid_t k = off[v], end = off[v + 1]; k < end; ++k) __builtin_prefetch(dp + adj[k], /*write=*/1);
        }
        expand(list[i]);
      }
    };

    for (std::uint64_t round = 0;; ++round) {
      RoundSlot& now = slot[round % 3];
      // Share out the gathered entries of every thread, in chunks that never
      // straddle two threads' lists.
      first_chunk[0] = 0;
      for (int t = 0; t < T; ++t) first_chunk[t + 1] = first_chunk[t] + (gathered_size[t] + kChunk - 1) / kChunk;
      for (std::size_t c; (c = now.next_chunk.fetch_add(1, std::memory_order_relaxed)) < first_chunk[T];) {
        const int t = int(std::upper_bound(first_chunk.begin(), first_chunk.end(), c) - first_chunk.begin()) - 1;
        const std::size_t at = (c - first_chunk[t]) * kChunk;
        expand_span(bins[t].gathered.data() + at, std::min(kChunk, gathered_size[t] - at));
      }
      // Bucket fusion: settle own bins of the range, lowest first.
      const bucket_t range_end = cur + width;
      for (;;) {
        bucket_t b = cur;
        while (b < range_end && mine.ring[b % kRing].empty()) ++b;
        if (b == range_end || mine.ring[b % kRing].size() > kFuseLimit) break;
        std::swap(mine.work, mine.ring[b % kRing]);
        expand_span(mine.work.data(), mine.work.size());
        mine.work.clear();
      }
      bucket_t lowest = mine.far_min;
      for (bucket_t b = cur; b < cur + kRing && b < lowest; ++b)
        if (!mine.ring[b % kRing].empty()) lowest = b;
      atomic_min(now.lowest, lowest);
      now.settled.fetch_add(settled, std::memory_order_relaxed);
      settled = 0;
#pragma omp barrier
      cur = now.lowest.load(std::memory_order_relaxed);
      if (cur == kNoBucket) break;
      const std::uint64_t per_thread = now.settled.load(std::memory_order_relaxed) / std::uint64_t(T);
      if (per_thread < kThinRound && width < kMaxWidth) width *= 2;
      else if (per_thread > kThickRound && width > 1) width /= 2;
      if (me == 0) {
        RoundSlot& next = slot[(round + 1) % 3];
        next.lowest.store(kNoBucket, std::memory_order_relaxed);
        next.settled.store(0, std::memory_order_relaxed);
        next.next_chunk.store(0, std::memory_order_relaxed);
      }
      // Far entries move into the ring half a ring ahead of need; superseded ones are dropped.
      if (mine.far_min < cur + kRing / 2) {
        std::size_t keep = 0;
        mine.far_min = kNoBucket;
        for (const Entry& e : mine.far) {
          if (std::atomic_ref<float>(dp[e.v]).load(std::memory_order_relaxed) < e.d) continue;  // superseded
          const bucket_t b = bucket_of(e.d);
          if (b - cur < kRing) {
            mine.ring[b % kRing].push_back(e);
          } else {
            mine.far[keep++] = e;
            mine.far_min = std::min(mine.far_min, b);
          }
        }
        mine.far.resize(keep);
      }
      // Gather this thread's bins of the new range for sharing.
      mine.gathered.clear();
      for (bucket_t b = cur; b < cur + width; ++b) {
        auto& bin = mine.ring[b % kRing];
        if (mine.gathered.empty()) std::swap(mine.gathered, bin);
        else mine.gathered.insert(mine.gathered.end(), bin.begin(), bin.end());
        bin.clear();
      }
      gathered_size[me] = mine.gathered.size();
#pragma omp barrier
    }
  }
  return dist;
}

}  // namespace gs::sssp
