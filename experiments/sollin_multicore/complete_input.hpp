// --input for paper B: a user's graph file as a complete graph's weight matrix.
#pragma once

#include <cstdint>
#include <string>

#include "common/graph.hpp"

namespace gs::sollin_multicore {

// The symmetric 16-bit matrix of an edge list read from `path` (named in the
// errors). The graph must be complete: every pair u != v present (a pair given
// more than once keeps its lightest weight), weights in 0..65535, self loops
// ignored. Anything else is an InputError naming the file.
DenseMatrix16 complete_matrix_from_edges(const EdgeList<std::uint32_t>& el, const std::string& path);

// The same refusal before anything n^2 is admitted or allocated, where the edge
// count alone shows that the graph cannot be complete (fewer edges than pairs).
void require_enough_edges_for_complete(const EdgeList<std::uint32_t>& el, const std::string& path);

}  // namespace gs::sollin_multicore
