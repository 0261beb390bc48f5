#include "algorithms/distributed/combblas_bfs.hpp"

#include <mpi.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <numeric>
#include <tuple>
#include <vector>

#include "CombBLAS/CombBLAS.h"
#include "algorithms/distributed/all_to_all.hpp"

// CombBLAS's headers declare these timers and its thread count at global scope
// and leave their definition to the program that includes them.
int cblas_splits = 1;
double cblas_alltoalltime = 0, cblas_allgathertime = 0, cblas_localspmvtime = 0, cblas_mergeconttime = 0,
       cblas_transvectime = 0;
double mcl_Abcasttime = 0, mcl_Bbcasttime = 0, mcl_localspgemmtime = 0, mcl_multiwaymergetime = 0, mcl_kselecttime = 0,
       mcl_prunecolumntime = 0;

namespace gs::dist {
namespace {

namespace cb = combblas;
// 64-bit global indices, 32-bit indices inside a rank's block (BFSFriends.h's bottom-up step needs them).
using Matrix = cb::SpParMat<std::int64_t, bool, cb::SpDCCols<std::int32_t, bool>>;
using DenseVec = cb::FullyDistVec<std::int64_t, std::int64_t>;
using SparseVec = cb::FullyDistSpVec<std::int64_t, std::int64_t>;
using Entry = std::tuple<std::int32_t, std::int32_t, bool>;

constexpr std::int64_t kNone = -1;  // CombBLAS's "no parent" and this file's "no level"

// x -> (a x) mod n with a near n / golden ratio and coprime to n: a bijection of
// [0, n) that sends neighbouring ids far apart.
class VertexShuffle {
 public:
  explicit VertexShuffle(vid_t n) : n_(n) {
    if (n_ < 2) return;
    a_ = std::uint64_t(double(n_) * 0.6180339887498949) | 1;
    while (std::gcd(a_, std::uint64_t(n_)) != 1) a_ += 2;
    a_inverse_ = inverse_mod(a_, n_);
  }
  // a, its inverse and x are below n <= 2^32: their products fit 64 bits.
  std::int64_t operator()(vid_t x) const { return n_ < 2 ? x : std::int64_t(a_ * x % n_); }
  vid_t inverse(std::int64_t y) const { return n_ < 2 ? vid_t(y) : vid_t(a_inverse_ * std::uint64_t(y) % n_); }

 private:
  static std::uint64_t inverse_mod(std::uint64_t a, std::uint64_t n) {
    std::int64_t t = 0, new_t = 1, r = std::int64_t(n), new_r = std::int64_t(a % n);
    while (new_r != 0) {
      const std::int64_t q = r / new_r;
      std::tie(t, new_t) = std::make_tuple(new_t, t - q * new_t);
      std::tie(r, new_r) = std::make_tuple(new_r, r - q * new_r);
    }
    return std::uint64_t(t < 0 ? t + std::int64_t(n) : t);
  }
  std::uint64_t n_;
  std::uint64_t a_ = 1, a_inverse_ = 1;
};

// CombBLAS's block of a matrix index along one grid dimension (SpParMat::Owner's
// arithmetic): `blocks` blocks of n / blocks, the last one taking the rest.
struct GridAxis {
  std::int64_t n, per_block;
  int blocks;
  GridAxis(std::int64_t n_, int blocks_) : n(n_), per_block(n_ / blocks_), blocks(blocks_) {}
  int block_of(std::int64_t x) const {
    return per_block == 0 ? blocks - 1 : int(std::min<std::int64_t>(x / per_block, blocks - 1));
  }
  std::int64_t largest_block() const { return n - per_block * (blocks - 1); }
};

// CombBLAS reports its progress on std::cerr (rank 0); the suite's progress lines are the driver's.
class MutedCerr {
 public:
  MutedCerr() : saved_(std::cerr.rdbuf(nullptr)) {}
  ~MutedCerr() {
    std::cerr.rdbuf(saved_);
    std::cerr.clear();
  }
  MutedCerr(const MutedCerr&) = delete;
  MutedCerr& operator=(const MutedCerr&) = delete;

 private:
  std::streambuf* saved_;
};

// A vertex's level on its way back to the rank that owns it in the input's ids.
struct OwnedLevel {
  vid_t vertex;
  std::uint32_t level;
};

}  // namespace

std::string combblas_grid_problem(int ranks) {
  const int side = int(std::lround(std::sqrt(double(ranks))));
  if (side * side == ranks) return "";
  return "CombBLAS's 2D process grid needs a square number of ranks (1, 4, 9, 16, ...), not " + std::to_string(ranks);
}

struct CombblasBfs::Impl {
  mpi::communicator comm;
  vid_t n = 0;
  VertexShuffle shuffle{0};
  std::shared_ptr<cb::CommGrid> grid;
  std::unique_ptr<Matrix> a;                       // the symmetric adjacency matrix: top-down steps
  std::unique_ptr<Matrix> a_local_t;               // each rank's block transposed: bottom-up steps
  cb::OptBuf<std::int32_t, std::int64_t> buffers;  // the top-down product's send buffers
  std::unique_ptr<DenseVec> degree;
  std::int64_t to_bottom_up = 0;  // frontier arcs above which a growing frontier goes bottom-up
  std::int64_t to_top_down = 0;   // frontier size below which a shrinking frontier goes top-down
  double build_seconds = 0;
};

CombblasBfs::CombblasBfs(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& edges) : impl_(new Impl) {
  Impl& m = *impl_;
  m.comm = comm;
  m.n = edges.n;
  m.shuffle = VertexShuffle(edges.n);
  const int side = int(std::lround(std::sqrt(double(comm.size()))));
  const GridAxis axis(std::int64_t(edges.n), side);
  agree(comm, [&] {
    const std::string grid = combblas_grid_problem(comm.size());
    if (!grid.empty()) throw ResourceError("combblas_bfs: " + grid);
    if (axis.largest_block() >= std::int64_t(INT32_MAX))
      throw ResourceError("combblas_bfs: " + std::to_string(edges.n) + " vertices on a " + std::to_string(side) + "x" +
                          std::to_string(side) + " grid: a block has 2^31 or more rows, more than CombBLAS's " +
                          "32-bit local indices hold: use more ranks");
    if (2 * edges.edges.size() >= std::uint64_t(INT32_MAX))
      throw ResourceError("combblas_bfs: 2^31 or more matrix entries from one rank's share: use more ranks");
  });
  comm.barrier();
  const double t0 = wall_seconds();
  m.grid = std::make_shared<cb::CommGrid>(MPI_Comm(comm), side, side);
  // Each edge both ways, without self loops, in the block of the rank that holds it
  // (counted first, so that every rank's list is allocated once).
  std::vector<std::vector<Entry>> by_rank(std::size_t(comm.size()));
  std::int32_t entries = 0;
  const EdgeList<std::uint32_t>& el = edges.edges;
  auto each_entry = [&](auto&& use) {
    for (eid_t e = 0; e < el.size(); ++e) {
      if (el.u[e] == el.v[e]) continue;
      const std::int64_t x = m.shuffle(el.u[e]), y = m.shuffle(el.v[e]);
      const int bx = axis.block_of(x), by = axis.block_of(y);
      use(m.grid->GetRank(bx, by), std::int32_t(x - bx * axis.per_block), std::int32_t(y - by * axis.per_block));
      use(m.grid->GetRank(by, bx), std::int32_t(y - by * axis.per_block), std::int32_t(x - bx * axis.per_block));
    }
  };
  std::vector<std::size_t> count(by_rank.size(), 0);
  each_entry([&](int rank, std::int32_t, std::int32_t) { ++count[std::size_t(rank)]; });
  for (std::size_t r = 0; r < by_rank.size(); ++r) by_rank[r].reserve(count[r]);
  each_entry([&](int rank, std::int32_t row, std::int32_t col) {
    by_rank[std::size_t(rank)].emplace_back(row, col, true);
    ++entries;
  });
  m.a = std::make_unique<Matrix>(m.grid);
  m.a->SparseCommon(by_rank, entries, std::int64_t(m.n), std::int64_t(m.n), std::logical_or<bool>());
  by_rank = {};
  m.degree = std::make_unique<DenseVec>(m.grid);
  m.a->Reduce(*m.degree, cb::Row, std::plus<std::int64_t>(), std::int64_t(0), [](bool) { return std::int64_t(1); });
  {
    const MutedCerr quiet;
    m.a->OptimizeForGraph500(m.buffers);
  }
  m.a_local_t = std::make_unique<Matrix>(m.a->seq().TransposeConstPtr(), m.grid);
  // CombBLAS's Graph500 driver's switching rule: bottom-up once the frontier's arcs
  // exceed a twentieth of all arcs, top-down again below n^2 / (12 arcs) vertices.
  const std::int64_t arcs = std::max<std::int64_t>(1, m.a->getnnz());
  m.to_bottom_up = arcs / 20;
  m.to_top_down = std::int64_t(double(m.n) * double(m.n) / (12.0 * double(arcs)));
  comm.barrier();
  m.build_seconds = slowest(comm, wall_seconds() - t0);
}

CombblasBfs::~CombblasBfs() = default;

vid_t CombblasBfs::num_vertices() const { return impl_->n; }
double CombblasBfs::build_seconds() const { return impl_->build_seconds; }

BfsRun CombblasBfs::run(vid_t source) {
  Impl& m = *impl_;
  const mpi::communicator& comm = m.comm;
  agree(comm, [&] {
    if (source >= m.n)
      throw InputError("combblas_bfs: source " + std::to_string(source) +
                       " is not a vertex (n = " + std::to_string(m.n) + ")");
  });
  const std::int64_t n = std::int64_t(m.n), s = m.shuffle(source);

  comm.barrier();
  const double t0 = wall_seconds();
  DenseVec parent(m.grid, n, kNone), level(m.grid, n, kNone);
  SparseVec frontier(m.grid, n);  // values: the frontier's own ids before a top-down step
  frontier.SetElement(s, s);
  parent.SetElement(s, s);
  level.SetElement(s, 0);
  cb::BitMapFringe<std::int64_t, std::int64_t> frontier_bits(m.grid, frontier);
  cb::BitMapCarousel<std::int64_t, std::int64_t> visited(m.grid, n, frontier_bits.GetSubWordDisp());
  const std::unique_ptr<cb::SpDCCols<int, bool>::SpColIter[]> starts(
      cb::CalcSubStarts(*m.a_local_t, frontier, visited));
  // The frontier's arcs (frontier values set to 1 first).
  auto arcs_of = [&](SparseVec& f) {
    f.Apply(cb::myset<std::int64_t>(1));
    return cb::EWiseMult(f, *m.degree, false, std::int64_t(0)).Reduce(std::plus<std::int64_t>(), std::int64_t(0));
  };
  std::int64_t size = frontier.getnnz(), last_size = 0, arcs = arcs_of(frontier), depth = 0;
  std::string states;
  while (size > 0) {
    if (arcs > m.to_bottom_up && last_size < size) {
      visited.LoadVec(parent);
      frontier_bits.LoadFromSpVec(frontier);
      while (size > 0) {
        cb::BottomUpStep(*m.a_local_t, frontier, frontier_bits, parent, visited, starts.get());
        ++depth;
        states += 'B';
        level.EWiseApply(parent,
                         [depth](std::int64_t l, std::int64_t p) { return l == kNone && p != kNone ? depth : l; });
        last_size = size;
        size = frontier_bits.GetNumSet();
        if (size < m.to_top_down && last_size > size) {
          frontier_bits.UpdateSpVec(frontier);
          break;
        }
      }
    } else {
      frontier.setNumToInd();
      frontier = cb::SpMV(*m.a, frontier, m.buffers);
      frontier = cb::EWiseMult(frontier, parent, true, kNone);  // only the unreached
      parent.Set(frontier);
      ++depth;
      states += 'T';
      frontier.Apply(cb::myset<std::int64_t>(depth));
      level.Set(frontier);
      arcs = arcs_of(frontier);
      last_size = size;
      size = frontier.getnnz();
    }
  }
  comm.barrier();
  const double seconds = slowest(comm, wall_seconds() - t0);

  // Levels back to the input's ids and the vertex blocks.
  const int p = comm.size();
  const std::int64_t first = level.LengthUntil(), count = level.LocArrSize();
  const std::int64_t* mine = level.GetLocArr();
  std::vector<int> counts(std::size_t(p), 0);
  for (std::int64_t i = 0; i < count; ++i) ++counts[std::size_t(owner_of(m.shuffle.inverse(first + i), m.n, p))];
  std::vector<int> at(std::size_t(p), 0);
  std::exclusive_scan(counts.begin(), counts.end(), at.begin(), 0);
  std::vector<OwnedLevel> send(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i) {
    const vid_t x = m.shuffle.inverse(first + i);
    send[std::size_t(at[std::size_t(owner_of(x, m.n, p))]++)] = {
        x, mine[i] == kNone ? kUnreachedLevel : std::uint32_t(mine[i])};
  }
  const VertexBlock blk = vertex_block(m.n, comm.rank(), p);
  std::vector<std::uint32_t> levels(blk.count, kUnreachedLevel);
  for (const OwnedLevel& o : exchange(comm, send, counts, "combblas_bfs levels").values)
    levels[o.vertex - blk.first] = o.level;
  BfsRun r = bfs_run_of(comm, m.n, source, std::move(levels), seconds);
  r.states = std::move(states);
  return r;
}

}  // namespace gs::dist
