// Renumbering of vertex ids for --relabel: the distinct ids that occur in the
// edges, in ascending order, become 0, 1, 2, ... The numbering depends on the
// file only (not on the thread count), and the ascending table of the file's
// ids is kept, so that a compact id maps back with file_ids[v] and a file id
// to its compact id by binary search.
#pragma once

#include <algorithm>
#include <cstdint>
#include <parallel/algorithm>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/graph.hpp"
#include "common/memory.hpp"

namespace gs::io {

// Writes the compact ids of the edges (u[e], v[e]) into out.u and out.v and
// their count into out.n; returns the file ids, ascending (file_ids[compact]).
// `u` and `v` may be out.u and out.v themselves. InputError when more distinct
// ids occur than 32-bit vertex ids can number.
template <class Id, class W>
std::vector<std::uint64_t> compact_ids(const std::string& path, const std::vector<Id>& u, const std::vector<Id>& v,
                                       EdgeList<W>& out) {
  const std::uint64_t m = u.size();
  require_host_memory(2 * m * (sizeof(std::uint64_t) + (sizeof(Id) == sizeof(vid_t) ? 0 : sizeof(vid_t))),
                      path + ": renumbering the vertex ids of " + std::to_string(m) + " edges");
  std::vector<std::uint64_t> ids(2 * m);
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < std::int64_t(m); ++e) {
    ids[2 * e] = u[e];
    ids[2 * e + 1] = v[e];
  }
  __gnu_parallel::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  ids.shrink_to_fit();
  if (ids.size() >= std::uint64_t(kNoVertex))
    throw file_error(path, 0,
                     std::to_string(ids.size()) + " distinct vertex ids, more than 32-bit vertex ids can number");
  out.u.resize(m);
  out.v.resize(m);
  const auto compact = [&ids](std::uint64_t id) {
    return vid_t(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
  };
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < std::int64_t(m); ++e) {
    out.u[e] = compact(u[e]);
    out.v[e] = compact(v[e]);
  }
  out.n = vid_t(ids.size());
  return ids;
}

}  // namespace gs::io
