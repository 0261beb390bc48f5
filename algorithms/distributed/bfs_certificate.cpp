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

void certify_bfs(const mpi::communicator& comm, const LocalEdges<std::uint32_t>& share, const BfsRun& run,
                 const std::string& who) {
  const vid_t n = share.n;
  const int p = comm.size();
  const VertexBlock blk = vertex_block(n, comm.rank(), p);
  const EdgeList<std::uint32_t>& el = share.edges;
  const auto str = [](std::uint64_t x) { return std::to_string(x); };
  const std::string what = who + ": traversal from " + str(run.source);
  agree(comm, [&] {
    if (run.level.size() != blk.count || run.block.first != blk.first || run.block.count != blk.count)
      throw VerificationError(who + ": the run's level array does not match this rank's vertices");
  });

  // The levels of every endpoint of this rank's edges, from their owners.
  std::vector<vid_t> ends;
  std::vector<int> counts;
  agree(comm, [&] {
    ends.reserve(2 * el.size());
    ends.insert(ends.end(), el.u.begin(), el.u.end());
    ends.insert(ends.end(), el.v.begin(), el.v.end());
    sort_distinct(ends);
    counts = counts_by_owner(ends, n, p);
  });
  const Received<vid_t> asked = exchange(comm, ends, counts, what);
  std::vector<std::uint32_t> told(asked.values.size());
  for (std::size_t k = 0; k < told.size(); ++k) told[k] = run.level[asked.values[k] - blk.first];
  const std::vector<std::uint32_t> end_level = exchange(comm, told, asked.counts, what).values;
  const auto level_of = [&](vid_t x) {
    return end_level[std::size_t(std::lower_bound(ends.begin(), ends.end(), x) - ends.begin())];
  };

  // Every edge, both ways; the vertices found to have a neighbour one level up go to their owners.
  std::string problem;
  std::vector<vid_t> has_up;
  for (eid_t e = 0; e < el.size() && problem.empty(); ++e) {
    const vid_t u = el.u[e], v = el.v[e];
    const std::uint32_t lu = level_of(u), lv = level_of(v);
    const auto edge = [&] { return "edge (" + str(u) + "," + str(v) + ")"; };
    if (lu == kUnreachedLevel && lv == kUnreachedLevel) continue;
    if (lu == kUnreachedLevel || lv == kUnreachedLevel) {
      const bool u_out = lu == kUnreachedLevel;
      problem = edge() + " joins unreached " + str(u_out ? u : v) + " to a vertex at level " + str(u_out ? lv : lu);
    } else if (lv + 1 < lu || lu + 1 < lv) {
      problem = edge() + " spans levels " + str(lu) + " and " + str(lv);
    } else if (lu + 1 == lv) {
      has_up.push_back(v);
    } else if (lv + 1 == lu) {
      has_up.push_back(u);
    }
  }
  sort_distinct(has_up);
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
