// Paper B's comparison program: Kruskal over the complete graph's edges, as
// the paper describes it (all N(N-1)/2 edges sorted by weight, then a
// union-find pass that stops at N-1 edges). Serial, like the paper's.
#pragma once

#include <cstdint>
#include <vector>

#include "common/graph.hpp"

namespace gs::mst {

// The edge list is built from the matrix inside the call (it is part of the
// program's work on a matrix input). Requires n <= 65535 (16-bit ids in the sort keys).
std::vector<Edge<std::uint32_t>> kruskal_complete(const DenseMatrix16& a);

}  // namespace gs::mst
