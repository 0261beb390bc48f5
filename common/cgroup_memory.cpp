#include "common/cgroup_memory.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace gs {
namespace {

namespace fs = std::filesystem;

// A v1 "no limit" is the largest page-aligned signed value, not a word; anything
// this large is no limit either way.
constexpr std::uint64_t kUnlimitedFrom = std::uint64_t(1) << 60;

// The number in `file` (its first word), or kNoCgroupLimit ("max", absent, unreadable).
std::uint64_t number_in(const fs::path& file) {
  std::ifstream in(file);
  std::string word;
  if (!(in >> word) || word.empty() || word.find_first_not_of("0123456789") != std::string::npos) return kNoCgroupLimit;
  const std::uint64_t value = std::stoull(word);
  return value >= kUnlimitedFrom ? kNoCgroupLimit : value;
}

// The smallest room over `dir` and its ancestors up to `top`.
std::uint64_t room_up_from(fs::path dir, const fs::path& top, const char* limit_file, const char* usage_file) {
  std::uint64_t room = kNoCgroupLimit;
  for (;;) {
    const std::uint64_t limit = number_in(dir / limit_file);
    if (limit != kNoCgroupLimit) {
      const std::uint64_t usage = number_in(dir / usage_file);
      room = std::min(room, usage == kNoCgroupLimit ? limit : limit - std::min(limit, usage));
    }
    if (dir == top || !dir.has_relative_path() || dir.parent_path() == dir) return room;
    dir = dir.parent_path();
  }
}

// "/a/b" under `top`, or `top` itself where that folder is not there (a container
// that mounts its own cgroup at the root but names the host's path).
fs::path folder_of(const fs::path& top, const std::string& path) {
  const fs::path dir = top / fs::path(path).relative_path();
  std::error_code ec;
  return fs::is_directory(dir, ec) ? dir : top;
}

}  // namespace

std::uint64_t cgroup_memory_room(const std::string& proc_cgroup, const std::string& root) {
  std::ifstream in(proc_cgroup);
  std::string line;
  std::uint64_t room = kNoCgroupLimit;
  while (std::getline(in, line)) {
    // "ID:CONTROLLERS:PATH": v2's line is "0::PATH", v1's memory line names "memory".
    const std::size_t a = line.find(':'), b = a == std::string::npos ? a : line.find(':', a + 1);
    if (b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
    if (controllers.empty()) {
      const fs::path top(root);
      room = std::min(room, room_up_from(folder_of(top, path), top, "memory.max", "memory.current"));
    } else if (("," + controllers + ",").find(",memory,") != std::string::npos) {
      const fs::path top = fs::path(root) / "memory";
      room = std::min(room, room_up_from(folder_of(top, path), top, "memory.limit_in_bytes", "memory.usage_in_bytes"));
    }
  }
  return room;
}

}  // namespace gs
