// The `answer` column: checkable results as key=value pairs joined by ';'.
#pragma once

#include <cstdint>
#include <string>

#include "common/results.hpp"

namespace gs {

inline std::string msf_answer(double weight, std::uint64_t edges) {
  return "weight=" + fmt_number(weight) + ";edges=" + std::to_string(edges);
}
inline std::string traversal_answer(std::uint64_t reached, std::uint64_t levelsum) {
  return "reached=" + std::to_string(reached) + ";levelsum=" + std::to_string(levelsum);
}
inline std::string sssp_answer(std::uint64_t reached, double distsum) {
  return "reached=" + std::to_string(reached) + ";distsum=" + fmt_number(distsum);
}

}  // namespace gs
