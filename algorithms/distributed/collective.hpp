// What every distributed (MPI) program of the suite shares: the block of
// vertices a rank owns and the slice of a range it reads; errors that all
// ranks agree on and the main() wrapper are the harness's
// (common/harness/mpi_agree.hpp).
#pragma once

#include <boost/mpi/communicator.hpp>
#include <cstdint>

#include "common/graph.hpp"
#include "common/harness/mpi_agree.hpp"

namespace gs::dist {
// PBGL's block distribution of n vertices over the ranks (the same arithmetic
// as boost::parallel::block, which the distributed graphs are built with):
// rank r owns the global ids [first, first + count).
struct VertexBlock {
  vid_t first = 0;
  vid_t count = 0;
  bool owns(vid_t x) const { return x - first < count; }
};
VertexBlock vertex_block(vid_t n, int rank, int ranks);
// The rank that owns vertex x.
int owner_of(vid_t x, vid_t n, int ranks);

// Entries [first, last) of a range of `total` (edge indices, bytes of a file)
// split evenly over the ranks: rank r gets [r*total/P, (r+1)*total/P).
struct Slice {
  std::uint64_t first = 0, last = 0;
};
Slice slice_of(std::uint64_t total, int rank, int ranks);

}  // namespace gs::dist
