// GoogleTest under mpirun (every rank runs every test, in the same order, so
// that the collective calls inside line up): the certificates reject
// tampered results on every rank alike, and the ranks' shares of a file are
// the single-process reader's edges.
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

#include "algorithms/distributed/gather.hpp"
#include "algorithms/distributed/local_edges.hpp"
#include "algorithms/distributed/pbgl_bfs.hpp"
#include "algorithms/distributed/pbgl_boruvka.hpp"
#include "algorithms/distributed/pbgl_delta_stepping.hpp"
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

TEST(PbglBfs, CertifiesItsRun) {
  PbglBfs bfs(world(), small_rmat());
  const BfsRun r = bfs.run(1);
  EXPECT_NO_THROW(bfs.certify(r));
  EXPECT_GT(r.reached, 1u);
}

TEST(PbglBfs, RejectsALevelOneTooDeep) {
  PbglBfs bfs(world(), small_rmat());
  BfsRun r = bfs.run(1);
  // The last rank's first vertex: one level deeper (or reached, if it was not).
  if (last_rank() && !r.level.empty()) r.level[0] = r.level[0] == kUnreachedLevel ? 1 : r.level[0] + 1;
  expect_rejected_everywhere([&] { bfs.certify(r); });
}

TEST(PbglBfs, RejectsAReachedVertexReportedUnreached) {
  PbglBfs bfs(world(), small_rmat());
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
  expect_rejected_everywhere([&] { bfs.certify(r); });
}

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
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("gs_read_share_" + std::to_string(::getpid()) + ".wel")).string();
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
