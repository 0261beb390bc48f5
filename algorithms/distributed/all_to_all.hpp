// One MPI all-to-all of variable-sized blocks of plain values: every rank
// sends a block to every rank and receives theirs, in rank order.
#pragma once

#include <mpi.h>

#include <boost/mpi/collectives/all_to_all.hpp>
#include <climits>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "algorithms/distributed/collective.hpp"

namespace gs::dist {

// What arrived: the values, and how many came from each rank (the counts to
// answer with, in the same order, by a second exchange).
template <class T>
struct Received {
  std::vector<T> values;
  std::vector<int> counts;
};

// Sends send[first_d, first_d + counts[d]) to rank d, the blocks lying in rank
// order in `send`. ResourceError on every rank when a block count exceeds what
// one MPI call carries (2^31 - 1 values). Collective.
template <class T>
Received<T> exchange(const mpi::communicator& comm, const std::vector<T>& send, const std::vector<int>& counts,
                     const std::string& what) {
  static_assert(std::is_trivially_copyable_v<T>);
  const int p = comm.size();
  Received<T> out;
  out.counts.resize(std::size_t(p));
  mpi::all_to_all(comm, counts, out.counts);
  std::vector<int> send_displs(std::size_t(p), 0), recv_displs(std::size_t(p), 0);
  agree(comm, [&] {
    std::uint64_t sent = 0, received = 0;
    for (int d = 0; d < p; ++d) {
      send_displs[std::size_t(d)] = int(sent);
      recv_displs[std::size_t(d)] = int(received);
      sent += std::uint64_t(counts[std::size_t(d)]);
      received += std::uint64_t(out.counts[std::size_t(d)]);
      if (sent > std::uint64_t(INT_MAX) || received > std::uint64_t(INT_MAX))
        throw ResourceError(what + ": more than 2^31 values to or from one rank in one exchange: use more ranks");
    }
    out.values.resize(received);
  });
  MPI_Datatype type;
  MPI_Type_contiguous(int(sizeof(T)), MPI_BYTE, &type);
  MPI_Type_commit(&type);
  MPI_Alltoallv(send.data(), counts.data(), send_displs.data(), type, out.values.data(), out.counts.data(),
                recv_displs.data(), type, MPI_Comm(comm));
  MPI_Type_free(&type);
  return out;
}

}  // namespace gs::dist
