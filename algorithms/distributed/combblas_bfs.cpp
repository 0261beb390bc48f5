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

// Where the vertices lie in the matrix, of dim() >= n rows: the shuffled
// position y of a vertex, laid out around one dummy vertex at the start of
// each of the grid's `side` blocks, with isolated padding at the end. The
// dummies form a clique of their own (entries (d_i, d_j): one in every block
// of the matrix; unreachable from the graph, so no level changes), because
// CombBLAS's top-down product skips its row exchange on a rank whose block
// has no entries and the others then wait for ever; the padding (at least 64
// ids per rank) keeps CombBLAS's per-rank divisions away from zero.
class MatrixIds {
 public:
  MatrixIds(vid_t n, int side)
      : n_(n),
        side_(side),
        dim_(std::max<std::int64_t>(std::int64_t(n) + side, 64 * std::int64_t(side) * side)),
        block_(dim_ / side),
        shuffle_(n) {}
  std::int64_t dim() const { return dim_; }
  std::int64_t dummy(int block) const { return block * block_; }
  std::int64_t of(vid_t v) const {
    const std::int64_t y = shuffle_(v), block = std::min<std::int64_t>(y / (block_ - 1), side_ - 1);
    return y + block + 1;
  }
  // The vertex at matrix index x; false for a dummy or padding.
  bool vertex(std::int64_t x, vid_t& v) const {
    const std::int64_t block = std::min<std::int64_t>(x / block_, side_ - 1);
    if (x == block * block_) return false;
    const std::int64_t y = x - block - 1;
    if (y >= std::int64_t(n_)) return false;
    v = shuffle_.inverse(y);
    return true;
  }

 private:
  vid_t n_;
  int side_;
  std::int64_t dim_, block_;  // block_ >= 64 side >= 2
  VertexShuffle shuffle_;
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

using ColumnIter = cb::SpDCCols<std::int32_t, bool>::SpColIter;
using Carousel = cb::BitMapCarousel<std::int64_t, std::int64_t>;

// Where each bottom-up sub-step starts in this rank's transposed block: the
// first column at or after each grid column's share of the rows (what
// BFSFriends.h's CalcSubStarts computes, single-threaded), never stepping past
// the last column. CombBLAS's own walks past it when a share holds no column
// and dereferences an empty block's missing columns. Collective over the grid row.
std::unique_ptr<ColumnIter[]> bottom_up_starts(Matrix& a_local_t, const SparseVec& frontier, const Carousel& visited) {
  const std::shared_ptr<cb::CommGrid> grid = a_local_t.getcommgrid();
  std::int64_t row_first = frontier.LengthUntil();
  MPI_Bcast(&row_first, 1, MPI_INT64_T, 0, grid->GetRowWorld());
  const int columns = grid->GetGridCols();
  auto starts = std::make_unique<ColumnIter[]>(std::size_t(columns) + 1);
  ColumnIter it = a_local_t.seq().begcol(), end = a_local_t.seq().endcol();
  for (int c = 0; c < columns; ++c) {
    const std::int64_t first = visited.GetGlobalStartOfLocal(c) - row_first;
    while (it != end && it.colid() < first) ++it;
    starts[std::size_t(c)] = it;
  }
  starts[std::size_t(columns)] = end;
  return starts;
}

// A vertex's level on its way back to the rank that owns it in the input's ids.
struct OwnedLevel {
  vid_t vertex;
  std::uint32_t level;
};

}  // namespace

struct CombblasBfs::Impl {
  mpi::communicator comm;
  vid_t n = 0;
  std::unique_ptr<MatrixIds> ids;
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
  const int side = int(std::lround(std::sqrt(double(comm.size()))));
  m.ids = std::make_unique<MatrixIds>(edges.n, side);
  const std::int64_t dim = m.ids->dim();
  const GridAxis axis(dim, side);
  agree(comm, [&] {
    const std::string grid = combblas_grid_problem(comm.size());
    if (!grid.empty()) throw ResourceError("combblas_bfs: " + grid);
    if (axis.largest_block() >= std::int64_t(INT32_MAX))
      throw ResourceError("combblas_bfs: " + std::to_string(edges.n) + " vertices on a " + std::to_string(side) + "x" +
                          std::to_string(side) + " grid: a block has 2^31 or more rows, more than CombBLAS's " +
                          "32-bit local indices hold: use more ranks");
    if (2 * edges.edges.size() + std::uint64_t(comm.size()) >= std::uint64_t(INT32_MAX))
      throw ResourceError("combblas_bfs: 2^31 or more matrix entries from one rank's share: use more ranks");
  });
  comm.barrier();
  const double t0 = wall_seconds();
  m.grid = std::make_shared<cb::CommGrid>(MPI_Comm(comm), side, side);
  // Each edge both ways, without self loops, in the block of the rank that holds it
  // (counted first, so that every rank's list is allocated once); rank 0 adds the dummies' clique.
  std::vector<std::vector<Entry>> by_rank(std::size_t(comm.size()));
  std::int32_t entries = 0;
  const EdgeList<std::uint32_t>& el = edges.edges;
  auto each_entry = [&](auto&& use) {
    for (eid_t e = 0; e < el.size(); ++e) {
      if (el.u[e] == el.v[e]) continue;
      const std::int64_t x = m.ids->of(el.u[e]), y = m.ids->of(el.v[e]);
      const int bx = axis.block_of(x), by = axis.block_of(y);
      use(m.grid->GetRank(bx, by), std::int32_t(x - bx * axis.per_block), std::int32_t(y - by * axis.per_block));
      use(m.grid->GetRank(by, bx), std::int32_t(y - by * axis.per_block), std::int32_t(x - bx * axis.per_block));
    }
    if (comm.rank() == 0)
      for (int i = 0; i < side; ++i)
        for (int j = 0; j < side; ++j)
          use(m.grid->GetRank(i, j), std::int32_t(m.ids->dummy(i) - i * axis.per_block),
              std::int32_t(m.ids->dummy(j) - j * axis.per_block));
  };
  std::vector<std::uint64_t> count(by_rank.size(), 0), arriving(by_rank.size(), 0);
  each_entry([&](int rank, std::int32_t, std::int32_t) { ++count[std::size_t(rank)]; });
  // CombBLAS counts a rank's incoming entries in an int.
  MPI_Allreduce(count.data(), arriving.data(), comm.size(), MPI_UINT64_T, MPI_SUM, MPI_Comm(comm));
  agree(comm, [&] {
    if (arriving[std::size_t(comm.rank())] >= std::uint64_t(INT32_MAX))
      throw ResourceError("combblas_bfs: 2^31 or more matrix entries in one rank's block: use more ranks");
  });
  for (std::size_t r = 0; r < by_rank.size(); ++r) by_rank[r].reserve(count[r]);
  each_entry([&](int rank, std::int32_t row, std::int32_t col) {
    by_rank[std::size_t(rank)].emplace_back(row, col, true);
    ++entries;
  });
  m.a = std::make_unique<Matrix>(m.grid);
  m.a->SparseCommon(by_rank, entries, dim, dim, std::logical_or<bool>());
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
  const std::int64_t n = m.ids->dim(), s = m.ids->of(source);

  comm.barrier();
  const double t0 = wall_seconds();
  DenseVec parent(m.grid, n, kNone), level(m.grid, n, kNone);
  SparseVec frontier(m.grid, n);  // values: the frontier's own ids before a top-down step
  frontier.SetElement(s, s);
  parent.SetElement(s, s);
  level.SetElement(s, 0);
  cb::BitMapFringe<std::int64_t, std::int64_t> frontier_bits(m.grid, frontier);
  Carousel visited(m.grid, n, frontier_bits.GetSubWordDisp());
  const std::unique_ptr<ColumnIter[]> starts = bottom_up_starts(*m.a_local_t, frontier, visited);
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
  vid_t v = 0;
  for (std::int64_t i = 0; i < count; ++i)
    if (m.ids->vertex(first + i, v)) ++counts[std::size_t(owner_of(v, m.n, p))];
  std::vector<int> at(std::size_t(p), 0);
  std::exclusive_scan(counts.begin(), counts.end(), at.begin(), 0);
  std::vector<OwnedLevel> send(static_cast<std::size_t>(std::accumulate(counts.begin(), counts.end(), 0)));
  for (std::int64_t i = 0; i < count; ++i)
    if (m.ids->vertex(first + i, v))
      send[std::size_t(at[std::size_t(owner_of(v, m.n, p))]++)] = {
          v, mine[i] == kNone ? kUnreachedLevel : std::uint32_t(mine[i])};
  const VertexBlock blk = vertex_block(m.n, comm.rank(), p);
  std::vector<std::uint32_t> levels(blk.count, kUnreachedLevel);
  for (const OwnedLevel& o : exchange(comm, send, counts, "combblas_bfs levels").values)
    levels[o.vertex - blk.first] = o.level;
  BfsRun r = bfs_run_of(comm, m.n, source, std::move(levels), seconds);
  r.states = std::move(states);
  return r;
}

}  // namespace gs::dist
