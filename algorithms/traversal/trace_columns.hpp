// How the traversal programs' traces read in the results' text columns
// (traversal_programs.hpp): per-branch milliseconds (branch_ms), the direction
// of each branch (states), and each branch's kind for bytes_read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/traversal/bytes_read.hpp"
#include "algorithms/traversal/cpu_traversals.hpp"

namespace gs::traversal {

// Beyond this many branches (a road-like graph) the columns summarise instead of listing.
inline constexpr std::size_t kListedBranches = 256;

// "1.234 0.567 ...": per-branch milliseconds; beyond kListedBranches branches
// "<count> branches: min .. median .. max ms, total ms".
std::string milliseconds_list(const std::vector<double>& seconds);

// 'T' / 'B' per branch: top-down or bottom-up; beyond kListedBranches branches,
// runs instead ("4093T" or "2T3B4093T").
std::string direction_states(const std::vector<bool>& bottom_up);

// Branches 0 .. the deepest level of `level`, all of one kind (the last finds nothing).
std::vector<BranchKind> uniform_branches(const std::vector<std::uint32_t>& level, BranchKind kind);
// Each branch top-down or bottom-up.
std::vector<BranchKind> direction_branches(const std::vector<bool>& bottom_up);

}  // namespace gs::traversal
