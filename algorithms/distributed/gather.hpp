// Gathering per-rank arrays and edge shares on rank 0 (Boost.MPI), for checks
// against the single-process programs on graphs that fit one process.
#pragma once

#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/collectives/gather.hpp>
#include <boost/mpi/collectives/gatherv.hpp>
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "algorithms/distributed/collective.hpp"
#include "algorithms/distributed/local_edges.hpp"
#include "common/memory.hpp"

namespace gs::dist {

// Rank 0: every rank's `local` in rank order (the block order for per-vertex
// arrays); other ranks: empty. Collective.
template <class T>
std::vector<T> gather_to_root(const mpi::communicator& comm, const std::vector<T>& local) {
  std::vector<int> sizes;
  const int mine = int(local.size());
  mpi::gather(comm, mine, sizes, 0);
  std::vector<T> all;
  if (comm.rank() != 0) {
    mpi::gatherv(comm, local, 0);
    return all;
  }
  std::size_t total = 0;
  for (int s : sizes) total += std::size_t(s);
  all.resize(total);
  mpi::gatherv(comm, local, all.data(), sizes, 0);
  return all;
}

// Rank 0: every rank's share, gathered (the whole graph, edges in rank
// order); other ranks: empty. Collective.
template <class W>
EdgeList<W> gather_share(const mpi::communicator& comm, const LocalEdges<W>& share) {
  EdgeList<W> all;
  all.n = share.n;
  all.directed = share.directed;
  all.u = gather_to_root(comm, share.edges.u);
  all.v = gather_to_root(comm, share.edges.v);
  all.w = gather_to_root(comm, share.edges.w);
  return all;
}

// The shares together are the single-process graph: the same edges with the
// same weights (as multisets; the order differs). VerificationError otherwise.
template <class W>
void check_same_edges(const EdgeList<W>& shares, const EdgeList<W>& whole, const std::string& who) {
  auto sorted = [](const EdgeList<W>& el) {
    std::vector<std::tuple<vid_t, vid_t, W>> t(el.size());
    for (eid_t i = 0; i < el.size(); ++i) t[i] = {el.u[i], el.v[i], el.weighted() ? el.w[i] : W(0)};
    std::sort(t.begin(), t.end());
    return t;
  };
  if (shares.n != whole.n || shares.size() != whole.size() || shares.weighted() != whole.weighted() ||
      sorted(shares) != sorted(whole))
    throw VerificationError(who + ": the ranks' shares (n = " + std::to_string(shares.n) + ", " +
                            std::to_string(shares.size()) + " edges) are not the single-process graph (n = " +
                            std::to_string(whole.n) + ", " + std::to_string(whole.size()) + " edges)");
}

// Whether rank 0 has `bytes` of host memory now (require_host_memory's rule:
// MemAvailable, or GS_HOST_MEMORY_LIMIT), the same answer on every rank; when
// not, `why` says so. For checks that gather a graph on rank 0. Collective.
inline bool root_has_memory(const mpi::communicator& comm, std::uint64_t bytes, const std::string& what,
                            std::string& why) {
  why.clear();
  if (comm.rank() == 0) {
    try {
      require_host_memory(bytes, what);
    } catch (const ResourceError& e) {
      why = e.what();
    }
  }
  mpi::broadcast(comm, why, 0);
  return why.empty();
}

}  // namespace gs::dist
