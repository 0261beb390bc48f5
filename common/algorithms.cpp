#include "common/algorithms.hpp"

#include <cstdio>
#include <iostream>

#include "common/errors.hpp"
#include "common/system_info.hpp"

#ifdef GS_HAVE_OPENCL
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#endif

namespace gs {

bool opencl_available(std::string* why) {
#ifdef GS_HAVE_OPENCL
  cl_uint platforms = 0;
  if (clGetPlatformIDs(0, nullptr, &platforms) != CL_SUCCESS || platforms == 0) {
    if (why) *why = "no OpenCL platform (install an ICD such as pocl-opencl-icd)";
    return false;
  }
  return true;
#else
  if (why) *why = "built without OpenCL";
  return false;
#endif
}

void list_algorithms(const std::vector<AlgorithmInfo>& all) {
  for (const auto& a : all) {
    std::string need = a.needs_gpu ? "[gpu] " : a.needs_opencl ? "[opencl] " : "";
    std::cout << a.name << "\t" << need << a.description << "\n";
  }
}

std::vector<AlgorithmInfo> select_algorithms(const std::vector<AlgorithmInfo>& all, const CommonOptions& opt,
                                             const std::string& program) {
  auto can_run = [](const AlgorithmInfo& a, std::string& why) {
    if (a.needs_gpu && !gpu_available()) {
      why = "no GPU: " + gpu_info().why_absent;
      return false;
    }
    if (a.needs_opencl && !opencl_available(&why)) return false;
    return true;
  };
  std::vector<AlgorithmInfo> chosen;
  if (opt.algorithms.empty()) {
    for (const auto& a : all) {
      std::string why;
      if (can_run(a, why)) chosen.push_back(a);
      else std::fprintf(stderr, "[%s] skipping %s (%s)\n", program.c_str(), a.name.c_str(), why.c_str());
    }
    return chosen;
  }
  for (const auto& name : opt.algorithms) {
    const AlgorithmInfo* found = nullptr;
    for (const auto& a : all)
      if (a.name == name) found = &a;
    if (!found) {
      std::string names;
      for (const auto& a : all) names += (names.empty() ? "" : ", ") + a.name;
      throw InputError(program + ": unknown algorithm '" + name + "' (known: " + names + ")");
    }
    std::string why;
    if (!can_run(*found, why)) throw ResourceError(program + ": cannot run " + name + " here: " + why);
    chosen.push_back(*found);
  }
  return chosen;
}

}  // namespace gs
