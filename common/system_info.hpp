// Facts about the machine and the build, for results metadata and admission control.
#pragma once

#include <cstdint>
#include <string>

namespace gs {

struct GpuInfo {
  bool present = false;
  std::string name;            // "NVIDIA H100 80GB HBM3"
  std::string driver_version;  // "13.0" (CUDA driver API version)
  std::string runtime_version;
  std::uint64_t total_memory = 0;
  int sm_count = 0;
  int count = 0;           // devices of this host
  std::string all_names;   // every device's name, "; " between them
  std::string why_absent;  // "built without CUDA", "no CUDA device", ...
};

std::string cpu_model();
int cpu_cores();                        // logical cores available to this process
std::uint64_t host_memory_total();      // bytes
std::uint64_t host_memory_available();  // bytes: MemAvailable, or less where a cgroup limit leaves less
GpuInfo gpu_info();                     // cached after the first call
bool gpu_available();
std::uint64_t gpu_memory_free();  // bytes; 0 without a GPU
std::string git_sha();            // of the source tree, "unknown" outside git
std::string compiler_version();
std::string boost_version();
std::string cuda_compiler_version();  // nvcc version this build used, or "none"
std::string iso_date_now();           // UTC, ISO 8601

}  // namespace gs
