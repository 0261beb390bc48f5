// Every writer, read back by the matching reader, for every compiled weight
// type: the graph comes back exactly (weights bit for bit).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <random>
#include <tuple>
#include <type_traits>
#include <vector>

#include "common/errors.hpp"
#include "common/io/graph_io.hpp"
#include "tests/io/io_test_support.hpp"

namespace {

using gs::EdgeList;
using gs::vid_t;
using gs::io::test::expect_error;
using gs::io::test::TempDir;

// Weights spread over W's range, including its extremes and, for floating W,
// values without a short decimal form.
template <class W>
W sample_weight(std::mt19937_64& rng, std::size_t i) {
  if (i == 0) return std::numeric_limits<W>::max();
  if (i == 1) return W(0);
  if constexpr (std::is_floating_point_v<W>) {
    if (i == 2) return std::numeric_limits<W>::min();  // smallest normal
    if (i == 3) return W(0.1);
    return std::uniform_real_distribution<W>(W(0), W(1e6))(rng);
  } else {
    const std::uint64_t span = std::uint64_t(std::numeric_limits<W>::max());  // non-negative weights only
    return W(span == UINT64_MAX ? rng() : rng() % (span + 1));
  }
}

// A random graph in which vertex n-1 appears (formats without n derive it).
template <class W>
EdgeList<W> random_graph(vid_t n, std::size_t m, bool directed, bool weighted, unsigned seed) {
  std::mt19937_64 rng(seed);
  EdgeList<W> el;
  el.n = n;
  el.directed = directed;
  for (std::size_t i = 0; i < m; ++i) {
    const vid_t a = i == 0 ? n - 1 : vid_t(rng() % n);
    const vid_t b = vid_t(rng() % n);
    if (weighted) el.add(a, b, sample_weight<W>(rng, i));
    else el.add(a, b);
  }
  return el;
}

// Undirected edges compare without orientation (the .mtx writer stores the lower triangle).
template <class W>
std::vector<std::tuple<vid_t, vid_t, W>> canonical_edges(const EdgeList<W>& el) {
  std::vector<std::tuple<vid_t, vid_t, W>> edges;
  for (gs::eid_t e = 0; e < el.size(); ++e) {
    vid_t a = el.u[e], b = el.v[e];
    if (!el.directed && a > b) std::swap(a, b);
    edges.emplace_back(a, b, el.weighted() ? el.w[e] : W(0));
  }
  return edges;
}

template <class W>
void expect_same_graph(const EdgeList<W>& a, const EdgeList<W>& b) {
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.directed, b.directed);
  EXPECT_EQ(a.weighted(), b.weighted());
  EXPECT_EQ(canonical_edges(a), canonical_edges(b));  // same order too: writers keep it
}

template <class W>
class RoundTrip : public ::testing::Test {};
using WeightTypes = ::testing::Types<std::uint16_t, std::uint32_t, std::uint64_t, std::int32_t, float, double>;
TYPED_TEST_SUITE(RoundTrip, WeightTypes);

TYPED_TEST(RoundTrip, EveryFormatReadsBackWhatItWrote) {
  using W = TypeParam;
  TempDir dir;
  struct Format {
    const char* ext;
    bool weighted;
    bool keeps_direction;  // else read back with the original's direction forced
  };
  const Format formats[] = {{"gr", true, true},   {"mtx", true, true},  {"mtx", false, true}, {"el", false, false},
                            {"wel", true, false}, {"txt", false, true}, {"gsc", true, true},  {"gsc", false, true}};
  unsigned seed = 1;
  for (const Format& f : formats) {
    for (const bool directed : {true, false}) {
      SCOPED_TRACE(std::string(f.ext) + (f.weighted ? " weighted" : " unweighted") +
                   (directed ? " directed" : " undirected"));
      const auto original = random_graph<W>(300, 2000, directed, f.weighted, seed++);
      const std::string path = dir.file(std::string("g.") + f.ext);
      gs::io::write_edge_list(path, original);
      EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
      gs::io::ReadOptions options;
      if (!f.keeps_direction) (directed ? options.force_directed : options.force_undirected) = true;
      expect_same_graph(gs::io::read_edge_list<W>(path, options), original);
    }
  }
}

TYPED_TEST(RoundTrip, IsolatedVerticesSurviveFormatsThatDeclareN) {
  using W = TypeParam;
  TempDir dir;
  EdgeList<W> el;
  el.n = 10;  // vertices 3..9 have no edges
  el.add(0, 1, W(1));
  el.add(2, 2, W(2));
  for (const char* ext : {"gr", "mtx", "gsc"}) {
    const std::string path = dir.file(std::string("iso.") + ext);
    gs::io::write_edge_list(path, el);
    expect_same_graph(gs::io::read_edge_list<W>(path), el);
  }
}

TEST(Writers, RefuseWhatTheFormatCannotHoldAndLeaveNoFile) {
  TempDir dir;
  EdgeList<std::uint32_t> weighted;
  weighted.n = 3;
  weighted.add(0, 1, 4);
  EdgeList<std::uint32_t> unweighted;
  unweighted.n = 3;
  unweighted.add(0, 1);
  EdgeList<std::uint32_t> empty;
  empty.n = 3;
  const auto refused = [&](const std::string& name, const EdgeList<std::uint32_t>& el, const std::string& why) {
    const std::string path = dir.file(name);
    expect_error<gs::InputError>([&] { gs::io::write_edge_list(path, el); },
                                 path + ":0: cannot write this graph: " + why);
    EXPECT_FALSE(std::filesystem::exists(path));
    EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
  };
  refused("w.el", weighted, "it is weighted");
  refused("w.txt", weighted, "it is weighted");
  refused("u.wel", unweighted, "it is unweighted");
  refused("u.gr", unweighted, "it is unweighted");
  refused("e.el", empty, "it has no edges");
  EdgeList<std::uint32_t> out_of_range = weighted;
  out_of_range.add(1, 3, 1);
  refused("r.gsc", out_of_range, "edge 1 has a vertex id >= n = 3");
  EdgeList<float> nan;
  nan.n = 2;
  nan.add(0, 1, std::numeric_limits<float>::quiet_NaN());
  const std::string path = dir.file("nan.wel");
  expect_error<gs::InputError>([&] { gs::io::write_edge_list(path, nan); }, "NaN or infinite weight");
  expect_error<gs::InputError>([&] { gs::io::write_edge_list(dir.file("no/such/folder/g.gsc"), weighted); },
                               "cannot create");
}

TEST(Writers, ReplaceAnExistingFileOnlyWhenComplete) {
  TempDir dir;
  const std::string path = dir.file("g.wel");
  EdgeList<std::uint32_t> first;
  first.n = 2;
  first.add(0, 1, 1);
  gs::io::write_edge_list(path, first);
  EdgeList<std::uint32_t> bad = first;
  bad.add(5, 0, 1);  // refused: the old file must stay as it was
  EXPECT_THROW(gs::io::write_edge_list(path, bad), gs::InputError);
  EXPECT_EQ(gs::io::read_edge_list<std::uint32_t>(path).size(), 1u);
}

}  // namespace
