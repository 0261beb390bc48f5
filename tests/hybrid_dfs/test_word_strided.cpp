// The degree-ordered copy's words dealt out to the GPUs (traversal/word_strided.hpp):
// a renumbering that gives GPU k the words w = k mod G as one contiguous range,
// each list moved whole and kept in its order. Host code: runs everywhere.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "algorithms/traversal/degree_order.hpp"
#include "algorithms/traversal/word_strided.hpp"
#include "traversal_test_graphs.hpp"

namespace gs {
namespace {

using namespace traversal;

// A graph of n vertices: a ring, so that every vertex has arcs.
Csr<std::uint32_t> ring(vid_t n) {
  std::vector<std::pair<vid_t, vid_t>> e;
  for (vid_t i = 0; n > 1 && i < n; ++i) e.push_back({i, (i + 1) % n});
  return test::undirected(n, e);
}

TEST(WordStrided, ARenumberingWithEachGpusWordsInOneRange) {
  for (const vid_t n : {vid_t(0), vid_t(1), vid_t(31), vid_t(32), vid_t(33), vid_t(100), vid_t(1000), vid_t(4101)})
    for (const int parts : {1, 2, 3, 4, 7}) {
      SCOPED_TRACE("n " + std::to_string(n) + " parts " + std::to_string(parts));
      const Csr<std::uint32_t> g = ring(n);
      const WordStrided s(view_of(g), parts);
      const std::vector<vid_t>& b = s.bounds();
      ASSERT_EQ(b.size(), std::size_t(parts) + 1);
      EXPECT_EQ(b.front(), 0u);
      EXPECT_EQ(b.back(), n);
      for (int k = 1; k < parts; ++k) {
        EXPECT_LE(b[k - 1], b[k]);
        EXPECT_EQ(b[k] % 32, 0u);
      }
      std::vector<bool> taken(n, false);
      for (vid_t v = 0; v < n; ++v) {
        const vid_t x = s.to_strided(v);
        ASSERT_LT(x, n);
        ASSERT_FALSE(taken[x]) << "two vertices on new id " << x;
        taken[x] = true;
        ASSERT_EQ(s.from_strided(x), v);
        ASSERT_EQ(x % 32, v % 32) << "a word stays whole";
        // Its GPU: word w's w mod parts, the partial last word the last GPU's.
        const int k = v / 32 < n / 32 ? int((v / 32) % vid_t(parts)) : parts - 1;
        EXPECT_GE(x, b[k]) << "vertex " << v;
        EXPECT_LT(x, b[k + 1]) << "vertex " << v;
        // Within a GPU's range its words keep their order; one GPU changes nothing.
        if (v % 32 == 0 && v / 32 + vid_t(parts) < n / 32) {
          EXPECT_LT(x, s.to_strided(v + 32 * vid_t(parts)));
        }
        if (parts == 1) {
          EXPECT_EQ(x, v);
        }
      }
    }
}

TEST(WordStrided, ListsMoveWholeInTheirOrderAndLevelsMapBack) {
  for (const test::TestGraph& t : test::traversal_graphs())
    for (const int parts : {2, 3, 4}) {
      SCOPED_TRACE(t.name + " parts " + std::to_string(parts));
      const DegreeOrdered copy(view_of(t.g));
      const CsrView c = copy.view();
      const WordStrided s(c, parts);
      const CsrView r = s.view();
      ASSERT_EQ(r.n, c.n);
      ASSERT_EQ(r.arcs, c.arcs);
      for (vid_t v = 0; v < c.n; ++v) {
        const vid_t x = s.to_strided(v);
        ASSERT_EQ(r.degree(x), c.degree(v)) << "vertex " << v;
        for (eid_t i = 0; i < c.degree(v); ++i)
          ASSERT_EQ(r.adj[r.offsets[x] + i], s.to_strided(c.adj[c.offsets[v] + i])) << "vertex " << v << " arc " << i;
      }
      std::vector<std::uint32_t> strided(c.n), back;
      for (vid_t x = 0; x < c.n; ++x) strided[x] = 7 * x + 1;
      s.to_original(strided, back);
      for (vid_t v = 0; v < c.n; ++v) ASSERT_EQ(back[v], strided[s.to_strided(v)]);
    }
}

// On the degree-ordered copy of an RMAT graph, contiguous ranges put the hubs'
// arcs on the first GPU; dealt out by words, every GPU holds about its share.
TEST(WordStrided, EveryGpuHoldsAboutItsShareOfTheArcs) {
  EdgeList<std::uint32_t> el = gen::rmat(16, eid_t(16) << 16, 0.45, 0.25, 0.15, 3);
  const Csr<std::uint32_t> g = edge_list_to_csr(el);
  const DegreeOrdered copy(view_of(g));
  for (const int parts : {2, 4}) {
    const WordStrided s(copy.view(), parts);
    const CsrView r = s.view();
    const double mean = double(r.arcs) / parts;
    for (int k = 0; k < parts; ++k) {
      const double arcs = double(r.offsets[s.bounds()[k + 1]] - r.offsets[s.bounds()[k]]);
      EXPECT_NEAR(arcs / mean, 1.0, 0.1) << "GPU " << k << " of " << parts;
    }
  }
}

}  // namespace
}  // namespace gs
