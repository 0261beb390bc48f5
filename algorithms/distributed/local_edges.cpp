#include "algorithms/distributed/local_edges.hpp"

#include <mpi.h>

#include <algorithm>
#include <boost/mpi/collectives/all_reduce.hpp>
#include <boost/mpi/collectives/all_to_all.hpp>
#include <climits>
#include <functional>
#include <vector>

#include "common/memory.hpp"
#include "generators/edge_at.hpp"
#include "generators/rmat_draws.hpp"

namespace gs::dist {
namespace {

// Sends by_dest[d] to rank d and returns what every rank sent here, in rank
// order (one MPI all-to-all of the counts, one of the data). Collective.
std::vector<std::uint64_t> all_to_all_keys(const mpi::communicator& comm,
                                           const std::vector<std::vector<std::uint64_t>>& by_dest) {
  const int p = comm.size();
  std::vector<int> send_counts(p), recv_counts(p), send_displs(p + 1, 0), recv_displs(p + 1, 0);
  agree(comm, [&] {
    for (int d = 0; d < p; ++d) {
      if (by_dest[d].size() > std::size_t(INT_MAX))
        throw ResourceError("rmat: more than 2^31 pairs for one rank in one round: use more ranks");
      send_counts[d] = int(by_dest[d].size());
    }
  });
  mpi::all_to_all(comm, send_counts, recv_counts);
  std::vector<std::uint64_t> send, recv;
  agree(comm, [&] {
    std::uint64_t total_in = 0;
    for (int d = 0; d < p; ++d) total_in += std::uint64_t(recv_counts[d]);
    if (total_in > std::uint64_t(INT_MAX))
      throw ResourceError("rmat: more than 2^31 pairs arrive at one rank in one round: use more ranks");
    for (int d = 0; d < p; ++d) {
      send_displs[d + 1] = send_displs[d] + send_counts[d];
      recv_displs[d + 1] = recv_displs[d] + recv_counts[d];
    }
    send.resize(std::size_t(send_displs[p]));
    recv.resize(total_in);
    for (int d = 0; d < p; ++d) std::copy(by_dest[d].begin(), by_dest[d].end(), send.begin() + send_displs[d]);
  });
  MPI_Alltoallv(send.data(), send_counts.data(), send_displs.data(), MPI_UINT64_T, recv.data(), recv_counts.data(),
                recv_displs.data(), MPI_UINT64_T, MPI_Comm(comm));
  return recv;
}

// Edges [slice) of an index-addressed generator into out.edges.
template <class W, class Edges>
void fill_slice(LocalEdges<W>& out, const Edges& edges, Slice s, const std::string& what) {
  const std::uint64_t k = s.last - s.first;
  require_host_memory(k * (2 * sizeof(vid_t) + sizeof(W)), what);
  out.edges.n = out.n;
  out.edges.directed = out.directed;
  out.edges.u.resize(k);
  out.edges.v.resize(k);
  out.edges.w.resize(k);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(k); ++i) {
    const Edge<W> e = edges(s.first + std::uint64_t(i));
    out.edges.u[i] = e.u;
    out.edges.v[i] = e.v;
    out.edges.w[i] = e.w;
  }
}

}  // namespace

LocalEdges<std::uint32_t> rmat_share(const mpi::communicator& comm, int scale, eid_t m, double a, double b, double c,
                                     std::uint64_t seed) {
  using gen::detail::Key;
  const int p = comm.size(), rank = comm.rank();
  agree(comm, [&] {
    gen::detail::check_rmat_params(scale, m, a, b, c);
    // This rank's draws, their copies sorted by owner, what arrives, the kept set.
    require_host_memory(40 * (m / eid_t(p) + 1) + (64 << 20),
                        "rmat 2^" + std::to_string(scale) + " share of rank " + std::to_string(rank));
  });
  LocalEdges<std::uint32_t> out;
  out.n = vid_t(std::uint64_t(1) << scale);
  out.global_m = m;
  out.directed = false;
  const gen::detail::RmatDraws draws(gen::detail::noisy_levels(scale, a, b, c, seed), seed);

  std::vector<Key> found;  // sorted distinct pairs whose u this rank owns
  std::uint64_t next_draw = 0, total = 0;
  while (total < m) {
    if (next_draw > 0) agree(comm, [&] { gen::detail::check_rmat_progress(scale, m, next_draw, total); });
    const std::uint64_t round = m - total;  // as in gen::rmat: one draw per missing pair
    const Slice s = slice_of(round, rank, p);
    std::vector<std::vector<Key>> by_owner(p);
    agree(comm, [&] {
      std::vector<Key> mine(s.last - s.first);
      draws.generate(next_draw + s.first, mine);
      for (Key k : mine)
        if (k != gen::detail::kRejected) by_owner[owner_of(vid_t(k >> 32), out.n, p)].push_back(k);
    });
    std::vector<Key> fresh = p == 1 ? std::move(by_owner[0]) : all_to_all_keys(comm, by_owner);
    by_owner = {};
    agree(comm, [&] {
      std::sort(fresh.begin(), fresh.end());
      fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
      // Pairs already kept in an earlier round are not new.
      std::vector<Key> added;
      added.reserve(fresh.size());
      std::set_difference(fresh.begin(), fresh.end(), found.begin(), found.end(), std::back_inserter(added));
      std::vector<Key> merged(found.size() + added.size());
      std::merge(found.begin(), found.end(), added.begin(), added.end(), merged.begin());
      found.swap(merged);
    });
    next_draw += round;
    total = mpi::all_reduce(comm, std::uint64_t(found.size()), std::plus<std::uint64_t>());
  }

  out.edges.n = out.n;
  out.edges.directed = false;
  out.edges.u.resize(found.size());
  out.edges.v.resize(found.size());
  for (std::size_t i = 0; i < found.size(); ++i) {
    out.edges.u[i] = vid_t(found[i] >> 32);
    out.edges.v[i] = vid_t(found[i]);
  }
  return out;
}

LocalEdges<float> fixed_degree_share(const mpi::communicator& comm, vid_t n, int degree, float min_w, float max_w,
                                     std::uint64_t seed) {
  LocalEdges<float> out;
  out.n = n;
  out.directed = true;
  agree(comm, [&] {
    const gen::detail::FixedDegreeEdges edges(n, degree, min_w, max_w, seed);
    out.global_m = edges.size();
    // The arcs of the vertices this rank owns, so that PBGL need not move any.
    const VertexBlock blk = vertex_block(n, comm.rank(), comm.size());
    const Slice s{std::uint64_t(blk.first) * unsigned(degree),
                  (std::uint64_t(blk.first) + blk.count) * unsigned(degree)};
    fill_slice(out, edges, s, "fixed-degree share of rank " + std::to_string(comm.rank()));
  });
  return out;
}

LocalEdges<std::uint32_t> path_random_share(const mpi::communicator& comm, vid_t n, eid_t m, std::uint32_t max_w,
                                            std::uint64_t seed) {
  LocalEdges<std::uint32_t> out;
  out.n = n;
  out.global_m = m;
  out.directed = false;
  agree(comm, [&] {
    const gen::detail::PathRandomEdges edges(n, m, max_w, seed);
    fill_slice(out, edges, slice_of(m, comm.rank(), comm.size()),
               "path-random share of rank " + std::to_string(comm.rank()));
  });
  return out;
}

}  // namespace gs::dist
