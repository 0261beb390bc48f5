// CSR lists by buckets of vertices (common/csr_buckets.hpp): an edge list's
// arcs land in edge order, and a symmetric graph's lists read the other way
// round come out sorted; both with every region ordered by one thread, by all
// threads (heavy), or a mix, at several thread counts.
#include <gtest/gtest.h>

#include <omp.h>
#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include "common/convert.hpp"
#include "common/csr_buckets.hpp"

namespace {

using gs::eid_t;
using gs::vid_t;

// Degrees skewed towards small ids, so that the first buckets are the heavy ones.
gs::EdgeList<std::uint32_t> skewed_edges(vid_t n, eid_t m, unsigned seed) {
  std::mt19937_64 rng(seed);
  gs::EdgeList<std::uint32_t> el;
  el.n = n;
  for (eid_t i = 0; i < m; ++i) {
    const vid_t a = vid_t(rng() % n) & vid_t(rng() % n) & vid_t(rng() % n), b = vid_t(rng() % n);
    el.add(a, b, std::uint32_t(rng() % 7));
  }
  return el;
}

// Thresholds: every region heavy, a mix (the skewed first buckets heavy), none.
const eid_t kHeavyThresholds[] = {0, 2000, eid_t(1) << 40};

TEST(CsrBuckets, EdgeListArcsLandInEdgeOrder) {
  auto el = skewed_edges(5000, 60000, 1);
  for (const bool directed : {false, true}) {
    el.directed = directed;
    std::vector<std::vector<std::pair<vid_t, std::uint32_t>>> lists(el.n);
    for (eid_t e = 0; e < el.size(); ++e) {
      lists[el.u[e]].push_back({el.v[e], el.w[e]});
      if (!directed) lists[el.v[e]].push_back({el.u[e], el.w[e]});
    }
    for (const int threads : {1, 3, 8})
      for (const eid_t heavy : kHeavyThresholds)
        for (const bool with_spare : {false, true}) {
          SCOPED_TRACE("directed " + std::to_string(directed) + " threads " + std::to_string(threads) + " heavy " +
                       std::to_string(heavy) + " spare " + std::to_string(with_spare));
          omp_set_num_threads(threads);
          const gs::EdgeListArcs<std::uint32_t> arcs(el);
          gs::CsrBuckets<gs::EdgeListArcs<std::uint32_t>> buckets(arcs, heavy);
          std::vector<eid_t> offsets(el.n + 1);
          std::vector<vid_t> adj(arcs.arcs()), spare(with_spare ? arcs.arcs() : 0);
          std::vector<std::uint32_t> w(arcs.arcs());
          buckets.place(offsets.data(), adj.data(), w.data(), with_spare ? spare.data() : nullptr);
          ASSERT_EQ(offsets[el.n], arcs.arcs());
          for (vid_t x = 0; x < el.n; ++x) {
            ASSERT_EQ(offsets[x + 1] - offsets[x], lists[x].size()) << "vertex " << x;
            for (std::size_t i = 0; i < lists[x].size(); ++i) {
              ASSERT_EQ(adj[offsets[x] + i], lists[x][i].first) << "vertex " << x << " entry " << i;
              ASSERT_EQ(w[offsets[x] + i], lists[x][i].second) << "vertex " << x << " entry " << i;
            }
          }
        }
  }
}

TEST(CsrBuckets, TransposedSymmetricListsComeOutSorted) {
  auto el = skewed_edges(3000, 50000, 2);
  el.add(7, 7, 0);  // a self loop: two arcs in 7's list
  el.add(9, 4, 0);  // and a repeated edge
  el.add(9, 4, 0);
  el.directed = false;
  const gs::Csr<std::uint32_t> unsorted = gs::edge_list_to_csr(el, false);  // lists in edge order
  const gs::Csr<std::uint32_t> sorted = gs::edge_list_to_csr(el, true);
  ASSERT_NE(unsorted.adj, sorted.adj);
  for (const int threads : {1, 3, 8})
    for (const eid_t heavy : kHeavyThresholds) {
      SCOPED_TRACE("threads " + std::to_string(threads) + " heavy " + std::to_string(heavy));
      omp_set_num_threads(threads);
      {  // into a new array
        const gs::TransposedLists arcs(unsorted.n, unsorted.offsets.data(), unsorted.adj.data());
        gs::CsrBuckets<gs::TransposedLists> buckets(arcs, heavy);
        std::vector<eid_t> offsets(unsorted.n + 1);
        std::vector<vid_t> adj(arcs.arcs());
        buckets.place(offsets.data(), adj.data(), nullptr);
        EXPECT_EQ(offsets, sorted.offsets);
        EXPECT_EQ(adj, sorted.adj);
      }
      {  // scattered into a spare, then ordered over the lists it read
        std::vector<eid_t> offsets = unsorted.offsets;
        std::vector<vid_t> lists = unsorted.adj, spare(lists.size());
        const gs::TransposedLists arcs(unsorted.n, offsets.data(), lists.data());
        gs::CsrBuckets<gs::TransposedLists> buckets(arcs, heavy);
        buckets.place(offsets.data(), lists.data(), nullptr, spare.data());
        EXPECT_EQ(offsets, sorted.offsets);
        EXPECT_EQ(lists, sorted.adj);
      }
    }
}

TEST(CsrBuckets, EmptyAndEdgelessGraphs) {
  for (const vid_t n : {vid_t(0), vid_t(1), vid_t(70000)}) {
    gs::EdgeList<std::uint32_t> el;
    el.n = n;
    const gs::EdgeListArcs<std::uint32_t> arcs(el);
    gs::CsrBuckets<gs::EdgeListArcs<std::uint32_t>> buckets(arcs, 0);
    std::vector<eid_t> offsets(n + 1, 99);
    buckets.place(offsets.data(), nullptr, nullptr);
    EXPECT_EQ(offsets, std::vector<eid_t>(n + 1, 0)) << "n " << n;
  }
}

}  // namespace
