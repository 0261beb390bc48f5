// The room a memory cgroup leaves, read from made-up /proc/self/cgroup and
// /sys/fs/cgroup trees: v2 and v1, limits on an ancestor, no limit at all.
#include <gtest/gtest.h>
#include <string>

#include "common/cgroup_memory.hpp"
#include "tests/common/scratch_folder.hpp"

namespace gs {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t(1) << 20;

// The made-up /proc/self/cgroup ("proc") and /sys/fs/cgroup ("sys/...").
struct Tree : testing::ScratchFolder {
  std::uint64_t room() const { return cgroup_memory_room((dir / "proc").string(), (dir / "sys").string()); }
};

TEST(CgroupMemory, V2LimitLessUsage) {
  Tree t;
  t.write("proc", "0::/job/step\n");
  t.write("sys/job/step/memory.max", "max\n");
  t.write("sys/job/step/memory.current", "100\n");
  t.write("sys/job/memory.max", std::to_string(512 * kMiB) + "\n");
  t.write("sys/job/memory.current", std::to_string(200 * kMiB) + "\n");
  EXPECT_EQ(t.room(), 312 * kMiB);  // the ancestor's limit holds for the child
}

TEST(CgroupMemory, V2TheSmallerOfTwoLevels) {
  Tree t;
  t.write("proc", "0::/a/b\n");
  t.write("sys/a/b/memory.max", std::to_string(64 * kMiB));
  t.write("sys/a/b/memory.current", std::to_string(60 * kMiB));
  t.write("sys/a/memory.max", std::to_string(1024 * kMiB));
  t.write("sys/a/memory.current", std::to_string(10 * kMiB));
  EXPECT_EQ(t.room(), 4 * kMiB);
}

TEST(CgroupMemory, V1MemoryControllerAndItsHugeNoLimit) {
  Tree t;
  t.write("proc", "5:cpu,cpuacct:/x\n4:memory:/box\n0::/\n");
  t.write("sys/memory/box/memory.limit_in_bytes", std::to_string(256 * kMiB));
  t.write("sys/memory/box/memory.usage_in_bytes", std::to_string(56 * kMiB));
  t.write("sys/memory/memory.limit_in_bytes", "9223372036854771712");
  EXPECT_EQ(t.room(), 200 * kMiB);
}

TEST(CgroupMemory, ContainerRootWhenTheNamedFolderIsAbsent) {
  Tree t;  // the host's path in /proc, the container's own cgroup mounted at the root
  t.write("proc", "0::/host/slice/container\n");
  t.write("sys/memory.max", std::to_string(8 * kMiB));
  t.write("sys/memory.current", std::to_string(3 * kMiB));
  EXPECT_EQ(t.room(), 5 * kMiB);
}

TEST(CgroupMemory, NoLimitAnywhere) {
  Tree t;
  t.write("proc", "0::/free\n4:memory:/free\n");
  t.write("sys/free/memory.max", "max\n");
  t.write("sys/memory/free/memory.limit_in_bytes", "9223372036854771712");
  EXPECT_EQ(t.room(), kNoCgroupLimit);
  EXPECT_EQ(cgroup_memory_room("/nonexistent/cgroup", "/nonexistent"), kNoCgroupLimit);
}

TEST(CgroupMemory, UsageAboveTheLimitLeavesNoRoom) {
  Tree t;
  t.write("proc", "0::/\n");
  t.write("sys/memory.max", "1000");
  t.write("sys/memory.current", "4096");
  EXPECT_EQ(t.room(), 0u);
}

}  // namespace
}  // namespace gs
