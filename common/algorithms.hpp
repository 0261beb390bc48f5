// --algorithms / --list-algorithms: each experiment declares its programs,
// and this picks the ones to run, skipping those the machine cannot run with
// a visible reason (never silently).
#pragma once

#include <string>
#include <vector>

#include "common/cli.hpp"

namespace gs {

struct AlgorithmInfo {
  std::string name;
  std::string description;
  bool needs_gpu = false;
  bool needs_opencl = false;
};

// Prints the table for --list-algorithms to stdout.
void list_algorithms(const std::vector<AlgorithmInfo>& all);

// Unknown names: InputError. Without --algorithms, programs this machine cannot
// run are skipped with a message on stderr. Naming one explicitly that cannot
// run here: ResourceError (exit 3).
std::vector<AlgorithmInfo> select_algorithms(const std::vector<AlgorithmInfo>& all, const CommonOptions& opt,
                                             const std::string& program);

// Whether an OpenCL platform with a device is present (false when built without OpenCL).
bool opencl_available(std::string* why = nullptr);

}  // namespace gs
