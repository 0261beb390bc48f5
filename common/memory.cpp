#include "common/memory.hpp"

#include <cstdio>
#include <cstdlib>

#include "common/errors.hpp"
#include "common/system_info.hpp"

namespace gs {

std::string format_bytes(std::uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double x = double(bytes);
  int u = 0;
  while (x >= 1024 && u < 6) {
    x /= 1024;
    ++u;
  }
  char buf[48];
  std::snprintf(buf, sizeof buf, u ? "%.1f %s" : "%.0f %s", x, units[u]);
  return buf;
}

std::uint64_t host_memory_for_admission() {
  if (const char* lim = std::getenv("GS_HOST_MEMORY_LIMIT")) return std::strtoull(lim, nullptr, 10);
  return host_memory_available();
}

void require_host_memory(std::uint64_t bytes, const std::string& what, std::uint64_t held) {
  const std::uint64_t avail =
      std::getenv("GS_HOST_MEMORY_LIMIT") ? host_memory_for_admission() : host_memory_available() + held;
  if (bytes > avail)
    throw ResourceError(what + " needs " + format_bytes(bytes) + " of host memory, but only " + format_bytes(avail) +
                        " is available: use a smaller size or a larger machine");
}

void require_device_memory(std::uint64_t bytes, const std::string& what) {
  if (!gpu_available()) throw ResourceError(what + " needs a GPU: " + gpu_info().why_absent);
  std::uint64_t avail = gpu_memory_free();
  // Like GS_HOST_MEMORY_LIMIT: the free device memory to assume (tests/hardening/gpu_memory.py).
  if (const char* lim = std::getenv("GS_DEVICE_MEMORY_LIMIT")) avail = std::strtoull(lim, nullptr, 10);
  if (bytes > avail)
    throw ResourceError(what + " needs " + format_bytes(bytes) + " of GPU memory, but only " + format_bytes(avail) +
                        " is free on " + gpu_info().name);
}

}  // namespace gs
