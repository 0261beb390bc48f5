// The memory a process's control group (a container's limit) still allows.
// MemAvailable is the whole machine's; inside a container with a memory limit
// the process is killed long before that is used up, so admission takes the
// smaller of the two (host_memory_available).
#pragma once

#include <cstdint>
#include <string>

namespace gs {

// No limit: the room is this.
inline constexpr std::uint64_t kNoCgroupLimit = ~std::uint64_t(0);

// The smallest (limit - usage) over the memory cgroups that hold this process
// and their ancestors, cgroup v2 (memory.max, memory.current) or v1
// (memory.limit_in_bytes, memory.usage_in_bytes); kNoCgroupLimit where none
// sets a limit or none can be read. `proc_cgroup` and `root`: the files to
// read (/proc/self/cgroup and /sys/fs/cgroup; tests give others).
std::uint64_t cgroup_memory_room(const std::string& proc_cgroup = "/proc/self/cgroup",
                                 const std::string& root = "/sys/fs/cgroup");

}  // namespace gs
