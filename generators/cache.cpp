#include "generators/cache.hpp"

#include <unistd.h>

#include <atomic>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "generators/counter_rng.hpp"
#include "generators/generators.hpp"

namespace gs::gen {

namespace fs = std::filesystem;

std::string graph_cache_dir() {
  const char* env = std::getenv("GS_GRAPH_CACHE");
  if (env && std::string(env) == "off") return "";
  return env && *env ? env : "build/graph-cache";
}

CacheKey::CacheKey(const std::string& generator) : text_(generator) {}

CacheKey& CacheKey::add(const std::string& name, const std::string& value) {
  text_ += "-" + name + "=" + value;
  return *this;
}

std::string CacheKey::exact(double value) {
  char buf[64];
  return std::string(buf, std::to_chars(buf, buf + sizeof buf, value).ptr);
}

std::string CacheKey::str() const { return text_ + "-v" + std::to_string(kGeneratorVersion); }

namespace detail {

std::string cache_path(const std::string& dir, const std::string& key) {
  std::string name;
  for (const char ch : key) {
    const bool plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' ||
                       ch == '_' || ch == '=' || ch == '-';
    name += plain ? ch : '_';
  }
  if (name.size() > 160) {
    std::uint64_t h = 0;
    for (const char ch : key) h = mix64(h ^ std::uint8_t(ch));
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    name = name.substr(0, 140) + "-" + hex;
  }
  return (fs::path(dir) / (name + ".gsc")).string();
}

std::string temporary_path(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  const fs::path p(path);
  return (p.parent_path() / (p.stem().string() + ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(counter++) +
                             p.extension().string()))
      .string();
}

void remove_file(const std::string& path) {
  std::error_code ec;
  fs::remove(path, ec);
}

bool file_exists(const std::string& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

bool make_directory(const std::string& dir, std::string& why_not) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) why_not = ec.message();
  return !ec;
}

bool rename_file(const std::string& from, const std::string& to, std::string& why_not) {
  std::error_code ec;
  fs::rename(from, to, ec);
  if (ec) why_not = ec.message();
  return !ec;
}

}  // namespace detail
}  // namespace gs::gen
