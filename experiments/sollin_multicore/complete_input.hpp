// --input for paper B: a user's graph file as a complete graph's weight matrix.
#pragma once

#include <string>

#include "common/graph.hpp"

namespace gs::sollin_exp {

// Reads any edge-list format of common/io and returns the symmetric 16-bit
// matrix. The graph must be complete: every pair u != v present (a pair given
// more than once keeps its lightest weight), weights in 0..65535, self loops
// ignored. Anything else is an InputError naming the file.
DenseMatrix16 complete_matrix_from_file(const std::string& path);

}  // namespace gs::sollin_exp
