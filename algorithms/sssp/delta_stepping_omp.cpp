// Bucket-synchronous delta-stepping. Every round relaxes all arcs of the
// current bucket's vertices in parallel; improved vertices go into
// thread-local buckets, so no shared bucket structure is locked. After a
// barrier the smallest non-empty bucket over all threads becomes the next
// frontier (a bucket refilled by its own relaxations, light arcs, is simply
// the next round's frontier again). Distances are float bits updated by a
// compare-and-swap minimum: for non-negative floats the bit patterns order
// like the values, so an integer CAS loop suffices.
#include "algorithms/sssp/delta_stepping_omp.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <limits>

#include "algorithms/sssp/sssp_input.hpp"

namespace gs::sssp {

namespace {

constexpr std::size_t kNoBucket = std::numeric_limits<std::size_t>::max();

// Lowers dist[v] to `bits` if smaller; true when this call lowered it.
inline bool atomic_lower(std::atomic<std::uint32_t>& d, std::uint32_t bits) {
  std::uint32_t old = d.load(std::memory_order_relaxed);
  while (bits < old)
    if (d.compare_exchange_weak(old, bits, std::memory_order_relaxed)) return true;
  return false;
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
  const std::uint32_t inf_bits = std::bit_cast<std::uint32_t>(kUnreachable);

  std::vector<std::atomic<std::uint32_t>> dist(g.n);
#pragma omp parallel for num_threads(T) schedule(static)
  for (std::int64_t x = 0; x < std::int64_t(g.n); ++x) dist[x].store(inf_bits, std::memory_order_relaxed);
  dist[source].store(0, std::memory_order_relaxed);

  std::vector<vid_t> frontier{source};
  std::size_t current = 0;                 // index of the bucket being settled
  std::vector<std::size_t> next_of(T);     // each thread's smallest non-empty bucket
  std::vector<std::size_t> offset_of(T + 1);
  std::vector<std::vector<std::vector<vid_t>>> buckets(T);  // [thread][bucket]

#pragma omp parallel num_threads(T)
  {
    const int me = omp_get_thread_num();
    auto& mine = buckets[me];
    while (true) {
#pragma omp for schedule(dynamic, 64)
      for (std::size_t i = 0; i < frontier.size(); ++i) {
        const vid_t u = frontier[i];
        const float du = std::bit_cast<float>(dist[u].load(std::memory_order_relaxed));
        // Stale entry (lowered into an earlier bucket since it was queued): already
        // settled there. Same bucket arithmetic as at the push, so no rounding gap.
        if (std::size_t(double(du) / double(delta)) < current) continue;
        for (eid_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
          const float nd = du + g.w[e];
          if (atomic_lower(dist[g.adj[e]], std::bit_cast<std::uint32_t>(nd))) {
            const std::size_t b = std::size_t(double(nd) / double(delta));
            if (b >= mine.size()) mine.resize(b + 1);
            mine[b].push_back(g.adj[e]);
          }
        }
      }  // implicit barrier: all relaxations of this round are done
      std::size_t lowest = kNoBucket;
      for (std::size_t b = current; b < mine.size(); ++b)
        if (!mine[b].empty()) {
          lowest = b;
          break;
        }
      next_of[me] = lowest;
#pragma omp barrier
#pragma omp single
      {
        current = *std::min_element(next_of.begin(), next_of.end());
        offset_of[0] = 0;
        for (int t = 0; t < T; ++t)
          offset_of[t + 1] = offset_of[t] + (current != kNoBucket && current < buckets[t].size() ? buckets[t][current].size() : 0);
        frontier.resize(offset_of[T]);
      }  // implicit barrier
      if (current == kNoBucket) break;
      if (current < mine.size()) {
        std::copy(mine[current].begin(), mine[current].end(), frontier.begin() + std::ptrdiff_t(offset_of[me]));
        mine[current].clear();
      }
#pragma omp barrier
    }
  }

  std::vector<float> out(g.n);
#pragma omp parallel for num_threads(T) schedule(static)
  for (std::int64_t x = 0; x < std::int64_t(g.n); ++x) out[x] = std::bit_cast<float>(dist[x].load(std::memory_order_relaxed));
  return out;
}

}  // namespace gs::sssp
