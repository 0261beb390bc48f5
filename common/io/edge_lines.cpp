#include "common/io/edge_lines.hpp"

#include "common/errors.hpp"
#include "common/memory.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

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

void require_vertex_count_fits(const LineCursor& in, std::uint64_t n) {
  if (n > std::uint64_t(kNoVertex))
    in.fail("the header declares " + std::to_string(n) + " vertices, more than 32-bit vertex ids allow (" +
            std::to_string(kNoVertex) + ")");
}

std::uint64_t text_chunk_bytes() {
  static const std::uint64_t bytes = [] {
    const char* env = std::getenv("GS_IO_CHUNK_BYTES");
    const std::uint64_t x = env ? std::strtoull(env, nullptr, 10) : 0;
    return x > 0 ? x : std::uint64_t(4) << 20;
  }();
  return bytes;
}

std::vector<LineCursor> split_into_chunks(const LineCursor& rest, std::size_t max_chunks) {
  std::vector<LineCursor> chunks;
  const char* begin = rest.position();
  const char* const end = rest.end();
  const std::size_t k = std::max<std::size_t>(max_chunks, 1);
  const auto target = std::size_t(end - begin) / k + 1;
  while (begin < end) {
    const char* stop = std::size_t(end - begin) > target ? begin + target : end;
    if (stop < end) {  // extend to the end of the line
      const auto* nl = static_cast<const char*>(std::memchr(stop, '\n', std::size_t(end - stop)));
      stop = nl ? nl + 1 : end;
    }
    chunks.emplace_back(rest.path(), begin, stop, 0);
    begin = stop;
  }
  return chunks;
}

bool is_data_line(std::string_view line, std::string_view comment_starts) {
  return !line.empty() && comment_starts.find(line.front()) == std::string_view::npos;
}

ChunkCounts count_lines(LineCursor chunk, std::string_view comment_starts) {
  ChunkCounts counts;
  std::string_view line;
  try {
    while (chunk.next_line(line)) {
      ++counts.lines;
      counts.data_lines += is_data_line(line, comment_starts);
    }
  } catch (const InputError&) {
    // An overlong line, the only line next_line refuses: the count stops there, and
    // the parse, which knows the true line numbers, refuses that line.
  }
  return counts;
}

std::string where(const LineCursor& in) { return in.path() + ":" + std::to_string(in.line()); }

}  // namespace gs::io
