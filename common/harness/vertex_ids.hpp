// The vertex ids a user sees: a graph read with --relabel keeps the ascending
// table of its file ids, so that --sources (given as file ids) become compact
// ids and every printed vertex (the `source` column) is a file id again. A
// generated graph, or a file read without renumbering, uses the identity.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/graph.hpp"

namespace gs::harness {

class VertexIds {
 public:
  VertexIds() = default;  // the identity
  explicit VertexIds(std::vector<std::uint64_t> ascending_file_ids) : file_ids_(std::move(ascending_file_ids)) {}

  bool compacted() const { return !file_ids_.empty(); }
  std::uint64_t file_id(vid_t v) const { return compacted() ? file_ids_[v] : v; }

  // The vertices of a graph of n vertices that the given file ids name; an
  // InputError "WHERE: --sources: ..." for an id that names none.
  std::vector<vid_t> vertices(const std::vector<std::uint64_t>& ids, vid_t n, const std::string& where) const {
    std::vector<vid_t> out;
    for (std::uint64_t id : ids) {
      if (compacted()) {
        const auto it = std::lower_bound(file_ids_.begin(), file_ids_.end(), id);
        if (it == file_ids_.end() || *it != id)
          throw InputError(where + ": --sources: vertex " + std::to_string(id) + " does not occur in the file");
        out.push_back(vid_t(it - file_ids_.begin()));
      } else {
        if (id >= n)
          throw InputError(where + ": --sources: vertex " + std::to_string(id) +
                           " is not a vertex (n = " + std::to_string(n) + ")");
        out.push_back(vid_t(id));
      }
    }
    return out;
  }

 private:
  std::vector<std::uint64_t> file_ids_;
};

}  // namespace gs::harness
