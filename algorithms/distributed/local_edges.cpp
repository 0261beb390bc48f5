#include "algorithms/distributed/local_edges.hpp"

#include <mpi.h>

#include <algorithm>
#include <boost/mpi/collectives/all_reduce.hpp>
#include <boost/mpi/collectives/all_to_all.hpp>
#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/collectives/scan.hpp>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <vector>

#include "common/io/edge_lines.hpp"
#include "common/io/mapped_file.hpp"
#include "common/io/text_input.hpp"
#include "common/memory.hpp"
#include "generators/edge_at.hpp"
#include "generators/rmat_draws.hpp"

namespace gs::dist {
namespace {

// Entries [first, last) of a range of `total` split evenly over the ranks.
struct Slice {
  std::uint64_t first, last;
};
Slice slice_of(std::uint64_t total, int rank, int ranks) {
  auto at = [&](int r) { return std::uint64_t((unsigned __int128)total * unsigned(r) / unsigned(ranks)); };
  return {at(rank), at(rank + 1)};
}

// Sends by_dest[d] to rank d and returns what every rank sent here, in rank
// order (one MPI all-to-all of the counts, one of the data). Collective.
std::vector<std::uint64_t> all_to_all_keys(const mpi::communicator& comm, const std::vector<std::vector<std::uint64_t>>& by_dest) {
  const int p = comm.size();
  std::vector<int> send_counts(p), recv_counts(p), send_displs(p + 1, 0), recv_displs(p + 1, 0);
  agree(comm, [&] {
    for (int d = 0; d < p; ++d) {
      if (by_dest[d].size() > std::size_t(INT_MAX)) throw ResourceError("rmat: more than 2^31 pairs for one rank in one round: use more ranks");
      send_counts[d] = int(by_dest[d].size());
    }
  });
  mpi::all_to_all(comm, send_counts, recv_counts);
  std::vector<std::uint64_t> send, recv;
  agree(comm, [&] {
    std::uint64_t total_in = 0;
    for (int d = 0; d < p; ++d) total_in += std::uint64_t(recv_counts[d]);
    if (total_in > std::uint64_t(INT_MAX)) throw ResourceError("rmat: more than 2^31 pairs arrive at one rank in one round: use more ranks");
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
    require_host_memory(40 * (m / eid_t(p) + 1) + (64 << 20), "rmat 2^" + std::to_string(scale) + " share of rank " + std::to_string(rank));
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
    const Slice s{std::uint64_t(blk.first) * unsigned(degree), (std::uint64_t(blk.first) + blk.count) * unsigned(degree)};
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

namespace {

struct FileKind {
  bool weighted = false;
  bool snap = false;
};

FileKind file_kind(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
  if (ext == ".el") return {false, false};
  if (ext == ".wel") return {true, false};
  if (ext == ".txt") return {false, true};
  throw InputError(path + ":0: the distributed programs read edge lists split by byte ranges: .el (\"U V\"), .wel "
                          "(\"U V W\") or SNAP .txt; convert other formats first (e.g. with the gen tool)");
}

// Offset of the first line that starts at or after `at`.
std::uint64_t line_start_at_or_after(const char* data, std::uint64_t size, std::uint64_t at) {
  if (at == 0 || at >= size) return std::min(at, size);
  if (data[at - 1] == '\n') return at;
  const void* nl = std::memchr(data + at, '\n', size - at);
  return nl ? std::uint64_t(static_cast<const char*>(nl) - data) + 1 : size;
}

bool says_undirected(std::string_view comment) {
  constexpr std::string_view kWords = "undirected graph";
  const auto it = std::search(comment.begin(), comment.end(), kWords.begin(), kWords.end(),
                              [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == y; });
  return it != comment.end();
}

constexpr std::string_view kCommentStarts = "#%";

}  // namespace

template <class W>
LocalEdges<W> read_share(const mpi::communicator& comm, const std::string& path, FileWeights weights,
                         bool force_undirected) {
  const int p = comm.size(), rank = comm.rank();
  FileKind kind;
  std::optional<io::MappedFile> file;
  std::uint64_t begin = 0, end = 0, my_lines = 0;
  bool undirected_header = false;
  agree(comm, [&] {
    kind = file_kind(path);
    file.emplace(path);
    const char* data = file->data();
    const std::uint64_t size = file->size();
    const Slice s = slice_of(size, rank, p);
    const std::uint64_t bom = size >= 3 && std::memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;  // UTF-8 byte-order mark
    begin = line_start_at_or_after(data, size, s.first);
    end = line_start_at_or_after(data, size, s.last);
    if (begin < bom) begin = std::min(bom, end);
    my_lines = std::uint64_t(std::count(data + begin, data + end, '\n'));
    if (end > begin && data[end - 1] != '\n') ++my_lines;  // the last line has no line end
    if (rank == 0 && kind.snap) {
      // SNAP's header: the comments before the first edge (may reach past rank 0's range).
      io::LineCursor head(path, data + bom, data + size, 0);
      for (std::string_view line; head.next_line(line);) {
        if (io::is_data_line(line, kCommentStarts)) break;
        undirected_header |= says_undirected(line);
      }
    }
  });
  std::uint64_t lines_through = 0;
  mpi::scan(comm, my_lines, lines_through, std::plus<std::uint64_t>());
  mpi::broadcast(comm, undirected_header, 0);

  LocalEdges<W> out;
  vid_t max_id = 0;
  agree(comm, [&] {
    const io::EdgeLineShape shape{.base = 0, .n = std::nullopt, .weighted = kind.weighted};
    const io::ReadOptions options;
    io::LineCursor cursor(path, file->data() + begin, file->data() + end, lines_through - my_lines);
    for (std::string_view line; cursor.next_line(line);) {
      if (!io::is_data_line(line, kCommentStarts)) continue;
      io::Fields fields(line);
      io::append_edge_fields<W>(cursor, fields, shape, options, out.edges);
    }
    for (eid_t e = 0; e < out.edges.size(); ++e) max_id = std::max({max_id, out.edges.u[e], out.edges.v[e]});
  });
  file.reset();
  const std::uint64_t m = mpi::all_reduce(comm, std::uint64_t(out.edges.size()), std::plus<std::uint64_t>());
  const std::uint64_t total_lines = mpi::all_reduce(comm, my_lines, std::plus<std::uint64_t>());
  agree(comm, [&] {
    if (m == 0) throw InputError(path + ":" + std::to_string(total_lines) + ": the file has no edges");
  });
  out.n = mpi::all_reduce(comm, max_id, mpi::maximum<vid_t>()) + 1;  // parse_vertex keeps ids below 2^32 - 1
  out.global_m = m;
  out.directed = !(force_undirected || (kind.snap && undirected_header));
  out.edges.n = out.n;
  out.edges.directed = out.directed;
  if (weights == FileWeights::ignored) {
    out.edges.w.clear();
  } else if (!kind.weighted) {
    out.edges.w.assign(out.edges.size(), W(1));
    out.unit_weights = true;
    if (rank == 0) std::fprintf(stderr, "%s has no weights: every edge weighs 1 (unit weights)\n", path.c_str());
  }
  return out;
}

template LocalEdges<std::uint32_t> read_share<std::uint32_t>(const mpi::communicator&, const std::string&, FileWeights, bool);
template LocalEdges<float> read_share<float>(const mpi::communicator&, const std::string&, FileWeights, bool);

}  // namespace gs::dist
