#include "algorithms/traversal/trace_columns.hpp"

#include <algorithm>
#include <cstdio>

#include "common/verify/traversal.hpp"

namespace gs::traversal {

std::string milliseconds_list(const std::vector<double>& seconds) {
  if (seconds.size() > kListedBranches) {
    std::vector<double> sorted = seconds;
    std::sort(sorted.begin(), sorted.end());
    double total = 0;
    for (double b : seconds) total += b;
    char line[160];
    std::snprintf(line, sizeof line, "%zu branches: min %.3f median %.3f max %.3f ms, total %.3f ms", sorted.size(),
                  sorted.front() * 1e3, sorted[sorted.size() / 2] * 1e3, sorted.back() * 1e3, total * 1e3);
    return line;
  }
  std::string out;
  for (double b : seconds) {
    char ms[24];
    std::snprintf(ms, sizeof ms, "%s%.3f", out.empty() ? "" : " ", b * 1e3);
    out += ms;
  }
  return out;
}

std::string direction_states(const std::vector<bool>& b) {
  std::string dirs;
  if (b.size() <= kListedBranches) {
    for (bool x : b) dirs += x ? 'B' : 'T';
    return dirs;
  }
  for (std::size_t i = 0; i < b.size();) {
    std::size_t j = i;
    while (j < b.size() && b[j] == b[i]) ++j;
    dirs += std::to_string(j - i) + (b[i] ? 'B' : 'T');
    i = j;
  }
  return dirs;
}

std::vector<BranchKind> uniform_branches(const std::vector<std::uint32_t>& level, BranchKind kind) {
  std::uint32_t deepest = 0;
  for (std::uint32_t l : level)
    if (l != verify::kUnreached) deepest = std::max(deepest, l);
  return std::vector<BranchKind>(deepest + 1, kind);
}

std::vector<BranchKind> direction_branches(const std::vector<bool>& bottom_up) {
  std::vector<BranchKind> kinds;
  for (bool b : bottom_up) kinds.push_back(b ? BranchKind::bottom_up : BranchKind::top_down);
  return kinds;
}

}  // namespace gs::traversal
