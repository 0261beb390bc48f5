#include "common/io/edge_lines.hpp"

#include "common/errors.hpp"
#include "common/memory.hpp"

namespace gs::io {
namespace {

std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

}  // namespace

bool resolve_directed(bool format_directed, const ReadOptions& options) {
  if (options.force_directed && options.force_undirected)
    throw InputError("read options: force_directed and force_undirected are both set");
  if (options.force_directed) return true;
  if (options.force_undirected) return false;
  return format_directed;
}

void require_graph_memory(const std::string& where, std::uint64_t n, std::uint64_t m, std::uint64_t weight_bytes) {
  const std::uint64_t edges = saturating_mul(m, 2 * sizeof(vid_t) + weight_bytes);
  const std::uint64_t offsets = saturating_mul(saturating_add(n, 1), sizeof(eid_t));
  require_host_memory(saturating_add(edges, offsets),
                      where + ": a graph of " + std::to_string(n) + " vertices and " + std::to_string(m) + " edges");
}

void require_vertex_count_fits(const TextInput& in, std::uint64_t n) {
  if (n > std::uint64_t(kNoVertex))
    in.fail("the header declares " + std::to_string(n) + " vertices, more than 32-bit vertex ids allow (" +
            std::to_string(kNoVertex) + ")");
}

std::string where(const TextInput& in) { return in.path() + ":" + std::to_string(in.line()); }

}  // namespace gs::io
