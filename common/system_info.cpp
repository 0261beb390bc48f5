#include "common/system_info.hpp"

#include "common/cgroup_memory.hpp"

#include <algorithm>
#include <array>
#include <boost/version.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>
#include <unistd.h>

#ifdef GS_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

namespace gs {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("model name", 0) == 0) {
      auto p = line.find(':');
      if (p != std::string::npos) return line.substr(p + 2);
    }
  return "unknown";
}

int cpu_cores() {
  const long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? int(n) : int(std::thread::hardware_concurrency());
}

static std::uint64_t meminfo_field(const char* key) {
  std::ifstream in("/proc/meminfo");
  std::string k;
  std::uint64_t kb = 0;
  std::string unit;
  while (in >> k >> kb >> unit)
    if (k == key) return kb * 1024;
  return 0;
}

std::uint64_t host_memory_total() { return meminfo_field("MemTotal:"); }
std::uint64_t host_memory_available() { return std::min(meminfo_field("MemAvailable:"), cgroup_memory_room()); }

GpuInfo gpu_info() {
  static GpuInfo info;
  static std::once_flag once;
  std::call_once(once, [] {
#ifdef GS_HAVE_CUDA
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
      // The runtime says "driver version is insufficient" also where no driver is installed at all.
      if (err == cudaErrorInsufficientDriver)
        info.why_absent = "no NVIDIA GPU driver, or one older than this build's CUDA runtime";
      else if (err == cudaErrorNoDevice || err == cudaSuccess) info.why_absent = "no CUDA device";
      else info.why_absent = std::string("no usable CUDA device (") + cudaGetErrorString(err) + ")";
      cudaGetLastError();  // clear the sticky-free error so later calls start clean
      return;
    }
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) {
      info.why_absent = "cudaGetDeviceProperties failed";
      return;
    }
    info.present = true;
    info.name = p.name;
    info.count = count;
    for (int d = 0; d < count; ++d) {
      cudaDeviceProp other{};
      const bool named = cudaGetDeviceProperties(&other, d) == cudaSuccess;
      info.all_names += (d ? "; " : "") + std::string(named ? other.name : "?");
    }
    info.total_memory = p.totalGlobalMem;
    info.sm_count = p.multiProcessorCount;
    int v = 0;
    cudaDriverGetVersion(&v);
    info.driver_version = std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
    cudaRuntimeGetVersion(&v);
    info.runtime_version = std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
#else
    info.why_absent = "built without CUDA";
#endif
  });
  return info;
}

bool gpu_available() { return gpu_info().present; }

std::uint64_t gpu_memory_free() {
#ifdef GS_HAVE_CUDA
  if (!gpu_available()) return 0;
  size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess) return 0;
  return free_b;
#else
  return 0;
#endif
}

std::string git_sha() {
  // The caller names the commit of a copied tree (the GPU machine's copy may carry an
  // older .git, or none): that name wins.
  if (const char* given = std::getenv("GS_SOURCE_COMMIT"); given && *given) return std::string(given) + "-given";
  std::string cmd = std::string("git -C '") + GS_SOURCE_DIR + "' rev-parse HEAD 2>/dev/null";
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    std::array<char, 128> buf{};
    while (fgets(buf.data(), int(buf.size()), p)) out += buf.data();
    pclose(p);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  if (out.empty()) return "unknown";
  // Mark a tree with uncommitted changes, so that results name what really ran.
  std::string dirty_cmd =
      std::string("git -C '") + GS_SOURCE_DIR + "' status --porcelain --untracked-files=no 2>/dev/null";
  if (FILE* p = popen(dirty_cmd.c_str(), "r")) {
    std::array<char, 8> buf{};
    if (fgets(buf.data(), int(buf.size()), p)) out += "-dirty";
    pclose(p);
  }
  return out;
}

std::string compiler_version() {
#if defined(__clang__)
  return std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("g++ ") + __VERSION__;
#else
  return "unknown";
#endif
}

std::string boost_version() {
  std::string v = BOOST_LIB_VERSION;
  for (auto& c : v)
    if (c == '_') c = '.';
  return v;
}

std::string cuda_compiler_version() {
#ifdef GS_HAVE_CUDA
  return std::to_string(CUDART_VERSION / 1000) + "." + std::to_string((CUDART_VERSION % 1000) / 10);
#else
  return "none";
#endif
}

std::string iso_date_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace gs
