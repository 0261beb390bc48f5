// Gathering a per-rank array on rank 0 (Boost.MPI), for checks against the
// single-process programs on graphs that fit one process.
#pragma once

#include <boost/mpi/collectives/gather.hpp>
#include <boost/mpi/collectives/gatherv.hpp>
#include <vector>

#include "algorithms/distributed/collective.hpp"

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

}  // namespace gs::dist
