// GoogleTest under mpirun (every rank runs every test, in the same order, so
// that the collective calls inside line up): the certificates reject
// tampered results on every rank alike (the breadth-first search's for both
// engines), CombBLAS's levels are the Parallel BGL's, and the ranks' shares
// of a file are the single-process reader's edges.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <boost/mpi/collectives/all_reduce.hpp>
#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/environment.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <unistd.h>

#include "algorithms/distributed/bfs_certificate.hpp"
#include "algorithms/distributed/gather.hpp"
#include "algorithms/distributed/local_edges.hpp"
#include "algorithms/distributed/pbgl_bfs.hpp"
#include "algorithms/distributed/pbgl_boruvka.hpp"
#include "algorithms/distributed/pbgl_delta_stepping.hpp"
#ifdef GS_HAVE_COMBBLAS
#include "algorithms/distributed/combblas_bfs.hpp"
#endif
#include "common/io/graph_io.hpp"
#include "generators/generators.hpp"

namespace gs::dist {
namespace {

mpi::communicator world() { return {}; }
bool last_rank() { return world().rank() == world().size() - 1; }

// The certificate must throw VerificationError on every rank (not on some),
// found by its rules on the edges, not only by the totals (" sum to ").
template <class F>
void expect_rejected_everywhere(F&& certify) {
  int rejected = 0;
  try {
    certify();
  } catch (const VerificationError& e) {
    rejected = 1;
    EXPECT_EQ(std::string(e.what()).find(" sum to "), std::string::npos) << e.what();
  }
  EXPECT_EQ(1, rejected) << "rank " << world().rank() << " accepted a tampered result";
}

LocalEdges<std::uint32_t> small_rmat() { return rmat_share(world(), 8, 2048, 0.45, 0.25, 0.15, 3); }

// The breadth-first search engines behind one certificate (BfsCertificate).
template <class Engine>
void certifies_its_run(const char* who) {
  const LocalEdges<std::uint32_t> share = small_rmat();
  Engine bfs(world(), share);
  const BfsRun r = bfs.run(1);
  EXPECT_NO_THROW(BfsCertificate(world(), share).check(r, who));
  EXPECT_GT(r.reached, 1u);
}

template <class Engine>
void rejects_a_level_one_too_deep(const char* who) {
  const LocalEdges<std::uint32_t> share = small_rmat();
  Engine bfs(world(), share);
  BfsRun r = bfs.run(1);
  // The last rank's first vertex: one level deeper (or reached, if it was not).
  if (last_rank() && !r.level.empty()) r.level[0] = r.level[0] == kUnreachedLevel ? 1 : r.level[0] + 1;
  expect_rejected_everywhere([&] { BfsCertificate(world(), share).check(r, who); });
}

template <class Engine>
void rejects_a_reached_vertex_reported_unreached(const char* who) {
  const LocalEdges<std::uint32_t> share = small_rmat();
  Engine bfs(world(), share);
  BfsRun r = bfs.run(1);
  int tampered = 0;
  if (last_rank())
    for (auto& l : r.level)
      if (l != kUnreachedLevel && l > 0) {
        l = kUnreachedLevel;
        tampered = 1;
        break;
      }
  ASSERT_EQ(1, mpi::all_reduce(world(), tampered, mpi::maximum<int>()));
  expect_rejected_everywhere([&] { BfsCertificate(world(), share).check(r, who); });
}

TEST(PbglBfs, CertifiesItsRun) { certifies_its_run<PbglBfs>("pbgl_bfs"); }
TEST(PbglBfs, RejectsALevelOneTooDeep) { rejects_a_level_one_too_deep<PbglBfs>("pbgl_bfs"); }
TEST(PbglBfs, RejectsAReachedVertexReportedUnreached) {
  rejects_a_reached_vertex_reported_unreached<PbglBfs>("pbgl_bfs");
}

#ifdef GS_HAVE_COMBBLAS
// CombBLAS runs on square rank counts only; elsewhere it refuses on every rank alike.
#define SKIP_UNLESS_SQUARE() \
  if (!combblas_grid_problem(world().size()).empty()) GTEST_SKIP() << "not a square rank count"

TEST(CombblasBfs, CertifiesItsRun) {
  SKIP_UNLESS_SQUARE();
  certifies_its_run<CombblasBfs>("combblas_bfs");
}
TEST(CombblasBfs, RejectsALevelOneTooDeep) {
  SKIP_UNLESS_SQUARE();
  rejects_a_level_one_too_deep<CombblasBfs>("combblas_bfs");
}
TEST(CombblasBfs, RejectsAReachedVertexReportedUnreached) {
  SKIP_UNLESS_SQUARE();
  rejects_a_reached_vertex_reported_unreached<CombblasBfs>("combblas_bfs");
}

// The same levels as the Parallel BGL's, vertex by vertex: on RMAT (isolated
// vertices among them) from several vertices, on a graph whose n is not a
// multiple of the grid's side (1001 vertices), on a bare path (hundreds of
// levels; most blocks of the matrix hold none of its edges) and on graphs of
// fewer vertices than ranks; both directions of step taken.
TEST(CombblasBfs, LevelsEqualPbgl) {
  SKIP_UNLESS_SQUARE();
  std::string states;
  for (const LocalEdges<std::uint32_t>& share :
       {small_rmat(), path_random_share(world(), 1001, 1500, 10, 4), path_random_share(world(), 100, 99, 10, 4),
        path_random_share(world(), 3, 2, 10, 4), path_random_share(world(), 1, 0, 10, 4)}) {
    PbglBfs pbgl(world(), share);
    CombblasBfs combblas(world(), share);
    for (vid_t source : {vid_t(0), vid_t(1), vid_t(share.n - 1), vid_t(share.n / 2)}) {
      if (source >= share.n) continue;
      const BfsRun a = pbgl.run(source), b = combblas.run(source);
      EXPECT_EQ(a.level, b.level) << "source " << source << " n " << share.n;
      EXPECT_EQ(a.answer(), b.answer());
      states += b.states;
    }
  }
  EXPECT_NE(states.find('T'), std::string::npos) << states;
  EXPECT_NE(states.find('B'), std::string::npos) << states;
}

TEST(CombblasBfs, RefusesANonSquareGridOnEveryRank) {
  if (combblas_grid_problem(world().size()).empty()) GTEST_SKIP() << "a square rank count";
  int refused = 0;
  try {
    CombblasBfs bfs(world(), small_rmat());
  } catch (const ResourceError& e) {
    refused = std::string(e.what()).find("square number of ranks") != std::string::npos;
  }
  EXPECT_EQ(1, refused) << "rank " << world().rank();
}
#endif

LocalEdges<float> small_fixed_degree() { return fixed_degree_share(world(), 500, 5, 1.0f, 1000.0f, 5); }

TEST(PbglDeltaStepping, CertifiesItsRun) {
  PbglDeltaStepping sssp(world(), small_fixed_degree());
  const SsspRun r = sssp.run(2);
  EXPECT_NO_THROW(sssp.certify(r));
  EXPECT_GT(r.reached, 1u);
}

// A reached vertex other than the source, on the last rank, scaled by `factor`.
void scale_one_distance(SsspRun& r, float factor) {
  int tampered = 0;
  if (last_rank())
    for (std::size_t i = 0; i < r.dist.size(); ++i)
      if (std::isfinite(r.dist[i]) && r.block.first + i != r.source) {
        r.dist[i] *= factor;
        tampered = 1;
        break;
      }
  ASSERT_EQ(1, mpi::all_reduce(world(), tampered, mpi::maximum<int>()));
}

TEST(PbglDeltaStepping, RejectsADistanceTooShort) {
  PbglDeltaStepping sssp(world(), small_fixed_degree());
  SsspRun r = sssp.run(2);
  scale_one_distance(r, 0.9f);  // no arc into it is tight any more
  expect_rejected_everywhere([&] { sssp.certify(r); });
}

TEST(PbglDeltaStepping, RejectsADistanceTooLong) {
  PbglDeltaStepping sssp(world(), small_fixed_degree());
  SsspRun r = sssp.run(2);
  scale_one_distance(r, 1.1f);  // its tight arc can be relaxed
  expect_rejected_everywhere([&] { sssp.certify(r); });
}

LocalEdges<std::uint32_t> small_path_random() { return path_random_share(world(), 400, 2000, 100, 9); }

TEST(PbglBoruvka, CertifiesItsRun) {
  PbglBoruvka msf(world(), small_path_random());
  const MsfRun r = msf.run();
  EXPECT_NO_THROW(msf.certify(r));
  EXPECT_EQ(399u, r.edges);  // the path makes the graph connected
}

// The lowest rank that owns forest edges, on every rank.
int first_owner(const MsfRun& r) {
  const int mine = r.owned_forest.empty() ? world().size() : world().rank();
  return mpi::all_reduce(world(), mine, mpi::minimum<int>());
}

TEST(PbglBoruvka, RejectsAMissingEdge) {
  PbglBoruvka msf(world(), small_path_random());
  MsfRun r = msf.run();
  if (world().rank() == first_owner(r)) r.owned_forest.pop_back();
  expect_rejected_everywhere([&] { msf.certify(r); });
}

TEST(PbglBoruvka, RejectsACycle) {
  PbglBoruvka msf(world(), small_path_random());
  MsfRun r = msf.run();
  if (world().rank() == first_owner(r)) r.owned_forest.push_back(r.owned_forest.front());
  expect_rejected_everywhere([&] { msf.certify(r); });
}

// Every rank's share of a file, gathered, against the single-process reader:
// comments, blank lines, CRLF line ends, a byte-order mark and lines of many
// lengths, so that the byte ranges split lines anywhere.
TEST(ReadShare, SharesAreTheWholeFile) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("gs_read_share_" + std::to_string(::getpid()) + ".wel")).string();
  if (world().rank() == 0) {
    const EdgeList<std::uint32_t> g = gen::path_random(300, 1500, 1000000, 4);
    std::ofstream out(path, std::ios::binary);
    out << "\xEF\xBB\xBF# a comment\r\n\r\n";
    for (eid_t i = 0; i < g.size(); ++i) {
      out << g.u[i] << (i % 3 ? " " : "\t ") << g.v[i] << ' ' << g.w[i] << (i % 2 ? "\r\n" : "\n");
      if (i % 97 == 0) out << "% another comment " << std::string(i % 50, 'x') << "\n";
    }
  }
  world().barrier();
  std::string shared_path = path;
  mpi::broadcast(world(), shared_path, 0);
  const LocalEdges<std::uint32_t> share = read_share<std::uint32_t>(world(), shared_path, FileWeights::required);
  const std::vector<vid_t> u = gather_to_root(world(), share.edges.u), v = gather_to_root(world(), share.edges.v);
  const std::vector<std::uint32_t> w = gather_to_root(world(), share.edges.w);
  if (world().rank() == 0) {
    const EdgeList<std::uint32_t> whole = io::read_edge_list<std::uint32_t>(shared_path);
    EXPECT_EQ(whole.n, share.n);
    EXPECT_EQ(whole.size(), share.global_m);
    EXPECT_TRUE(share.directed);
    // Ranks hold consecutive byte ranges, so rank order is file order.
    EXPECT_EQ(whole.u, u);
    EXPECT_EQ(whole.v, v);
    EXPECT_EQ(whole.w, w);
    std::filesystem::remove(shared_path);
  }
}

// A path (rank 0 makes it, every rank gets its name) that rank 0 removes at the end of the test.
std::string shared_temp_path(const std::string& name) {
  std::string path =
      (std::filesystem::temp_directory_path() / ("gs_read_share_" + std::to_string(::getpid()) + "_" + name)).string();
  mpi::broadcast(world(), path, 0);
  return path;
}

// Every rank's share of `path`, gathered on rank 0 (file order: ranks hold
// consecutive ranges), must be the single-process reader's graph.
template <class W>
void expect_shares_are_the_file(const std::string& path, FileWeights weights, bool force_undirected = false) {
  const LocalEdges<W> share = read_share<W>(world(), path, weights, force_undirected);
  const EdgeList<W> shares = gather_share(world(), share);
  if (world().rank() != 0) return;
  io::ReadOptions read;
  read.force_undirected = force_undirected;
  // Read as the file's uint32 (a .gsc is read in its own type), then as W: every weight here is exact in W.
  const EdgeList<std::uint32_t> stored = io::read_edge_list<std::uint32_t>(path, read);
  EdgeList<W> whole{stored.n, stored.directed, stored.u, stored.v, std::vector<W>(stored.w.begin(), stored.w.end())};
  if (weights == FileWeights::ignored) whole.w.clear();
  else if (!whole.weighted()) whole.w.assign(whole.size(), W(1));
  EXPECT_EQ(whole.n, share.n) << path;
  EXPECT_EQ(whole.size(), share.global_m) << path;
  EXPECT_EQ(whole.directed, share.directed) << path;
  EXPECT_EQ(whole.u, shares.u) << path;
  EXPECT_EQ(whole.v, shares.v) << path;
  EXPECT_EQ(whole.w, shares.w) << path;
}

// The other formats, as the suite's writers write them: .gr (1-based, "p sp"
// header, the undirected comment), .mtx (symmetric, lower triangle), SNAP .txt
// (its header) and .gsc (ranges of edge indices), weighted and not.
TEST(ReadShare, EveryFormatIsTheSingleProcessGraph) {
  EdgeList<std::uint32_t> g = gen::path_random(200, 900, 5000, 7);
  g.n = 205;  // isolated vertices above the largest id: n must come from the header
  EdgeList<std::uint32_t> unweighted = g;
  unweighted.w.clear();
  for (const char* ext : {".gr", ".mtx", ".gsc", ".wel"}) {
    const std::string path = shared_temp_path(std::string("weighted") + ext);
    if (world().rank() == 0) io::write_edge_list(path, g);
    world().barrier();
    expect_shares_are_the_file<std::uint32_t>(path, FileWeights::required);
    expect_shares_are_the_file<std::uint32_t>(path, FileWeights::ignored);
    expect_shares_are_the_file<float>(path, FileWeights::required, /*force_undirected=*/true);
    if (world().rank() == 0) std::filesystem::remove(path);
  }
  for (const char* ext : {".mtx", ".gsc", ".txt", ".el"}) {
    const std::string path = shared_temp_path(std::string("unweighted") + ext);
    if (world().rank() == 0) io::write_edge_list(path, unweighted);
    world().barrier();
    expect_shares_are_the_file<std::uint32_t>(path, FileWeights::ignored);
    expect_shares_are_the_file<float>(path, FileWeights::required);  // unit weights
    if (world().rank() == 0) std::filesystem::remove(path);
  }
}

// The same InputError text on every rank (agreed), containing `what`.
template <class F>
void expect_input_error_everywhere(F&& read, const std::string& what) {
  std::string message;
  try {
    read();
  } catch (const InputError& e) {
    message = e.what();
  }
  EXPECT_NE(message.find(what), std::string::npos) << "rank " << world().rank() << ": '" << message << "'";
}

// A .gsc weight converts to the program's type only when that type holds it
// exactly; the first edge that does not is refused on every rank, by name.
TEST(ReadShare, GscWeightsConvertOnlyWhenExact) {
  EdgeList<std::uint32_t> g = gen::path_random(100, 300, 1000, 9);
  const std::string path = shared_temp_path("convert.gsc");
  if (world().rank() == 0) io::write_edge_list(path, g);
  world().barrier();
  const LocalEdges<float> share = read_share<float>(world(), path, FileWeights::required);
  const std::vector<float> w = gather_to_root(world(), share.edges.w);
  if (world().rank() == 0) {
    ASSERT_EQ(w.size(), g.size());
    for (eid_t i = 0; i < g.size(); ++i) EXPECT_EQ(w[i], float(g.w[i]));
  }
  g.w[250] = (1u << 24) + 1;  // not a float; edge 250 lies in the last rank's range
  if (world().rank() == 0) io::write_edge_list(path, g);
  world().barrier();
  expect_input_error_everywhere([&] { read_share<float>(world(), path, FileWeights::required); },
                                "edge 250 (" + std::to_string(g.u[250]) + ", " + std::to_string(g.v[250]) +
                                    ") has the uint32 weight 16777217, which is not exactly a float32");
  EXPECT_NO_THROW(read_share<float>(world(), path, FileWeights::ignored));
  if (world().rank() == 0) std::filesystem::remove(path);
}

// Declared counts hold over all ranks: an extra arc at the end of the last
// rank's range, and a file that ends early, are reported as one reader would.
TEST(ReadShare, DeclaredCountsHoldAcrossRanks) {
  const std::string path = shared_temp_path("count.gr");
  auto write = [&](const std::string& text) {
    if (world().rank() == 0) std::ofstream(path, std::ios::binary) << text;
    world().barrier();
  };
  std::string arcs;
  for (int i = 1; i < 30; ++i) arcs += "a " + std::to_string(i) + " " + std::to_string(i + 1) + " 5\n";
  write("p sp 30 28\n" + arcs);
  expect_input_error_everywhere([&] { read_share<float>(world(), path, FileWeights::required); },
                                ":30: more arcs than the 28 declared on line 1");
  write("p sp 30 31\n" + arcs);
  expect_input_error_everywhere([&] { read_share<float>(world(), path, FileWeights::required); },
                                ":30: the file ends after 29 arcs, but line 1 declares 31");
  write("c x\np sp 30 29\n" + arcs + "p sp 1 1\n");
  expect_input_error_everywhere([&] { read_share<float>(world(), path, FileWeights::required); },
                                ":32: a second problem line (the first is line 2)");
  if (world().rank() == 0) std::filesystem::remove(path);
}

}  // namespace
}  // namespace gs::dist

int main(int argc, char** argv) {
  boost::mpi::environment env(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  const boost::mpi::communicator world;
  // One report, from rank 0; every rank's failures count through the exit code.
  if (world.rank() != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  const int failed = RUN_ALL_TESTS() != 0 ? 1 : 0;
  const int any = boost::mpi::all_reduce(world, failed, boost::mpi::maximum<int>());
  if (any && world.rank() == 0 && !failed) std::fprintf(stderr, "test_pbgl: a test failed on another rank\n");
  gs::dist::write_rank_status(world, any);
  return any;
}
