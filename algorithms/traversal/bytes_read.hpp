// The bytes a level-synchronous traversal had to read, counted after it ran
// (untimed) from its levels and its direction per branch: the measure that
// the bandwidth floor of a run is taken from (bytes / the device's measured
// sequential read bandwidth).
//
// What counts, per branch k (4-byte vertex ids, 8-byte offsets, visited and
// frontier bitmaps read a 4-byte word per test):
//   top-down:  each frontier vertex's id (from the queue) and its two offsets;
//              each of its arcs and the visited word of the arc's target.
//   bottom-up: for each vertex not yet visited and with arcs, its two offsets,
//              then its arcs in order up to the first one into the frontier
//              (all of them where there is none), each with the frontier word
//              of the arc's target; plus the visited bitmap once (n / 8 bytes).
//   read-based (Alg. 2): the one-byte level of every vertex, then as top-down
//              without the queue.
// Writes (levels, queue entries, bitmap words) are not counted. It is the
// least a program of that design reads: a GPU warp that reads arcs in rounds,
// or a cache line fetched for one word, reads more.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/traversal/csr_view.hpp"

namespace gs::traversal {

enum class BranchKind { top_down, bottom_up, read_based };

// `level`: the traversal's levels (verify::kUnreached where unreached);
// `kinds`: one per branch the traversal ran (branch k expands level k).
std::uint64_t bytes_read(const CsrView& g, const std::vector<std::uint32_t>& level,
                         const std::vector<BranchKind>& kinds);

}  // namespace gs::traversal
