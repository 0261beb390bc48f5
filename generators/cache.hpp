// Binary graph cache: large generated graphs are stored as .gsc files (the
// binary format of common/io) so that reruns read them instead of generating
// them again.
//
// Location: the directory named by the environment variable GS_GRAPH_CACHE, or
// build/graph-cache relative to the current directory; GS_GRAPH_CACHE=off
// disables the cache. An entry's name is its key: generator name, every
// parameter, the seed and kGeneratorVersion (see CacheKey), so a change to any
// of them is a different file. Entries are written under a temporary name and
// renamed when complete; an entry that fails to read (bad checksum, truncated,
// wrong weight type) is reported on stderr, deleted and regenerated, never
// trusted. A cache that cannot be written only costs a warning.
#pragma once

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <utility>

#include "common/errors.hpp"
#include "common/graph.hpp"
#include "common/io/graph_io.hpp"

namespace gs::gen {

// "" when the cache is disabled.
std::string graph_cache_dir();

// Builds a cache key: CacheKey("rmat").with("scale", 25).with("a", 0.45).seed(1).str().
class CacheKey {
 public:
  explicit CacheKey(const std::string& generator);
  CacheKey& with(const std::string& name, std::integral auto value) { return add(name, std::to_string(value)); }
  CacheKey& with(const std::string& name, std::floating_point auto value) { return add(name, exact(double(value))); }
  CacheKey& seed(std::uint64_t seed) { return with("seed", seed); }
  // Includes kGeneratorVersion.
  std::string str() const;

 private:
  CacheKey& add(const std::string& name, const std::string& value);
  static std::string exact(double value);  // shortest decimal form that reads back exactly
  std::string text_;
};

namespace detail {
// `dir`/`key`.gsc, with characters outside [A-Za-z0-9._=-] replaced and very
// long keys shortened by a hash.
std::string cache_path(const std::string& dir, const std::string& key);
// A fresh temporary name beside `path` (same directory and extension).
std::string temporary_path(const std::string& path);
void remove_file(const std::string& path);
bool file_exists(const std::string& path);
bool make_directory(const std::string& dir, std::string& why_not);
bool rename_file(const std::string& from, const std::string& to, std::string& why_not);

template <class W>
std::optional<EdgeList<W>> load(const std::string& path) {
  if (!file_exists(path)) return std::nullopt;
  try {
    EdgeList<W> el = io::read_edge_list<W>(path);
    std::fprintf(stderr, "graph cache: read %s\n", path.c_str());
    return el;
  } catch (const ResourceError&) {
    throw;  // the graph does not fit in memory: regenerating would not fit either
  } catch (const std::exception& e) {
    std::fprintf(stderr, "graph cache: discarding unreadable entry %s (%s); regenerating it\n", path.c_str(), e.what());
    remove_file(path);
    return std::nullopt;
  }
}

template <class W>
void store(const std::string& dir, const std::string& path, const EdgeList<W>& el) {
  std::string why;
  if (!make_directory(dir, why)) {
    std::fprintf(stderr, "graph cache: warning: cannot create %s (%s); not caching\n", dir.c_str(), why.c_str());
    return;
  }
  const std::string tmp = temporary_path(path);
  try {
    io::write_edge_list(tmp, el);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "graph cache: warning: cannot write %s (%s); not caching\n", tmp.c_str(), e.what());
    remove_file(tmp);
    return;
  }
  if (!rename_file(tmp, path, why)) {
    std::fprintf(stderr, "graph cache: warning: cannot rename %s to %s (%s); not caching\n", tmp.c_str(), path.c_str(),
                 why.c_str());
    remove_file(tmp);
    return;
  }
  std::fprintf(stderr, "graph cache: wrote %s\n", path.c_str());
}
}  // namespace detail

// The graph stored under `key`, or make() (an EdgeList<W>) stored under `key`.
template <class W, class F>
EdgeList<W> cached(const std::string& key, F&& make) {
  const std::string dir = graph_cache_dir();
  if (dir.empty()) return make();
  const std::string path = detail::cache_path(dir, key);
  if (auto hit = detail::load<W>(path)) return std::move(*hit);
  EdgeList<W> el = make();
  detail::store(dir, path, el);
  return el;
}

}  // namespace gs::gen
