// What every Kruskal program of paper C returns: the forest and the seconds of
// the phases it has (the experiment's phase columns: pin_s, h2d_s, sort_s,
// d2h_s, unionfind_s, and program-specific ones). C++17.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "algorithms/mst/kruskal/kruskal_scan.hpp"

namespace gs::mst {

struct KruskalResult {
  std::vector<KEdge> forest;
  std::map<std::string, double> phases;
};

}  // namespace gs::mst
