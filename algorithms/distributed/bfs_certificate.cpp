#include "algorithms/distributed/bfs_certificate.hpp"

#include <algorithm>
#include <boost/mpi/collectives/all_reduce.hpp>
#include <functional>

#include "algorithms/distributed/all_to_all.hpp"
#include "common/answer.hpp"

namespace gs::dist {
namespace {

// `ids` sorted and distinct (so grouped by owner, the blocks being in rank
// order): how many each rank owns.
std::vector<int> counts_by_owner(const std::vector<vid_t>& ids, vid_t n, int ranks) {
  std::vector<int> counts(std::size_t(ranks), 0);
  for (vid_t x : ids) ++counts[std::size_t(owner_of(x, n, ranks))];
  return counts;
}

void sort_distinct(std::vector<vid_t>& ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

}  // namespace

BfsCertificate::BfsCertificate(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& share)
    : comm_(comm), share_(share) {
  agree(comm, [&] {
    const EdgeList<std::uint32_t>& el = share.edges;
    ends_.reserve(2 * el.size());
    ends_.insert(ends_.end(), el.u.begin(), el.u.end());
    ends_.insert(ends_.end(), el.v.begin(), el.v.end());
    sort_distinct(ends_);
    ends_by_owner_ = counts_by_owner(ends_, share.n, comm.size());
    // About one endpoint per directory entry, so that a lookup searches a few.
    while ((std::uint64_t(share.n) >> shift_) > std::max<std::uint64_t>(1, ends_.size())) ++shift_;
    directory_.assign((std::uint64_t(share.n) >> shift_) + 2, 0);
    for (vid_t x : ends_) ++directory_[(x >> shift_) + 1];
    for (std::size_t b = 1; b < directory_.size(); ++b) directory_[b] += directory_[b - 1];
  });
}

std::size_t BfsCertificate::index_of(vid_t x) const {
  const auto first = ends_.begin() + directory_[x >> shift_], last = ends_.begin() + directory_[(x >> shift_) + 1];
  return std::size_t(std::lower_bound(first, last, x) - ends_.begin());
}

void BfsCertificate::check(const BfsRun& run, const std::string& who) const {
  const mpi::communicator& comm = comm_;
  const vid_t n = share_.n;
  const int p = comm.size();
  const VertexBlock blk = vertex_block(n, comm.rank(), p);
  const EdgeList<std::uint32_t>& el = share_.edges;
  const auto str = [](std::uint64_t x) { return std::to_string(x); };
  const std::string what = who + ": traversal from " + str(run.source);
  agree(comm, [&] {
    if (run.level.size() != blk.count || run.block.first != blk.first || run.block.count != blk.count)
      throw VerificationError(who + ": the run's level array does not match this rank's vertices");
  });

  // The levels of every endpoint of this rank's edges, from their owners.
  const Received<vid_t> asked = exchange(comm, ends_, ends_by_owner_, what);
  std::vector<std::uint32_t> told(asked.values.size());
  for (std::size_t k = 0; k < told.size(); ++k) told[k] = run.level[asked.values[k] - blk.first];
  const std::vector<std::uint32_t> end_level = exchange(comm, told, asked.counts, what).values;

  // Every edge, both ways; the endpoints found to have a neighbour one level up go to their owners.
  std::string problem;
  std::vector<char> end_has_up(ends_.size(), 0);
  for (eid_t e = 0; e < el.size() && problem.empty(); ++e) {
    const vid_t u = el.u[e], v = el.v[e];
    const std::size_t iu = index_of(u), iv = index_of(v);
    const std::uint32_t lu = end_level[iu], lv = end_level[iv];
    const auto edge = [&] { return "edge (" + str(u) + "," + str(v) + ")"; };
    if (lu == kUnreachedLevel && lv == kUnreachedLevel) continue;
    if (lu == kUnreachedLevel || lv == kUnreachedLevel) {
      const bool u_out = lu == kUnreachedLevel;
      problem = edge() + " joins unreached " + str(u_out ? u : v) + " to a vertex at level " + str(u_out ? lv : lu);
    } else if (lv + 1 < lu || lu + 1 < lv) {
      problem = edge() + " spans levels " + str(lu) + " and " + str(lv);
    } else if (lu + 1 == lv) {
      end_has_up[iv] = 1;
    } else if (lv + 1 == lu) {
      end_has_up[iu] = 1;
    }
  }
  std::vector<vid_t> has_up;  // in id order, as ends_
  for (std::size_t k = 0; k < ends_.size(); ++k)
    if (end_has_up[k]) has_up.push_back(ends_[k]);
  const std::vector<vid_t> mine = exchange(comm, has_up, counts_by_owner(has_up, n, p), what).values;
  std::vector<char> up(blk.count, 0);
  for (vid_t x : mine) up[x - blk.first] = 1;

  std::uint64_t reached = 0, levelsum = 0;
  for (vid_t i = 0; i < blk.count; ++i) {
    const vid_t x = blk.first + i;
    const std::uint32_t l = run.level[i];
    if (x == run.source && l != 0 && problem.empty())
      problem = "the source " + str(x) + " has level " + str(l) + ", not 0";
    if (l == kUnreachedLevel) continue;
    ++reached, levelsum += l;
    if (x != run.source && !up[i] && problem.empty())
      problem = "vertex " + str(x) + " at level " + str(l) + " has no neighbour one level up";
  }
  agree_verified(comm, what, problem);
  reached = mpi::all_reduce(comm, reached, std::plus<std::uint64_t>());
  levelsum = mpi::all_reduce(comm, levelsum, std::plus<std::uint64_t>());
  std::string sums;
  if (reached != run.reached || levelsum != run.levelsum)
    sums = "the owned levels sum to " + traversal_answer(reached, levelsum) + ", the run reports " + run.answer();
  agree_verified(comm, what, sums);
}

}  // namespace gs::dist
