// Admission control: estimate, then refuse up front (exit 3) with a message
// that names what is needed and what is available.
#pragma once

#include <cstdint>
#include <string>

namespace gs {

std::string format_bytes(std::uint64_t bytes);
// The host memory admission counts as available: MemAvailable, less where a
// container's cgroup limit leaves less, or GS_HOST_MEMORY_LIMIT bytes when set.
std::uint64_t host_memory_for_admission();
// Throws ResourceError when `bytes` exceed the available host memory
// (host_memory_for_admission). `held`: bytes of `bytes` the process holds already (a
// buffer that grows), which the system no longer counts as available.
void require_host_memory(std::uint64_t bytes, const std::string& what, std::uint64_t held = 0);
// Same for free device memory (or GS_DEVICE_MEMORY_LIMIT bytes when set); throws
// ResourceError when there is no GPU.
void require_device_memory(std::uint64_t bytes, const std::string& what);

}  // namespace gs
