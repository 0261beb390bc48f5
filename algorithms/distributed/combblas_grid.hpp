// Whether CombBLAS's square 2D process grid (combblas_bfs.hpp) fits a rank
// count: apart from CombBLAS and MPI, so that a build without them can tell
// (the traversal family's combblas_bfs entry asks before an MPI job runs it).
#pragma once

#include <cmath>
#include <string>

namespace gs::dist {

// Why CombBLAS's 2D grid cannot be laid over `ranks` ranks ("" = it can: a square count).
inline std::string combblas_grid_problem(int ranks) {
  const int side = int(std::lround(std::sqrt(double(ranks))));
  if (side * side == ranks) return "";
  return "CombBLAS's 2D process grid needs a square number of ranks (1, 4, 9, 16, ...), not " + std::to_string(ranks);
}

}  // namespace gs::dist
