#include "algorithms/mst/sollin/kruskal_complete.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "algorithms/mst/sollin/edge_key.hpp"
#include "common/errors.hpp"

namespace gs::mst {
namespace {

// Union by size with path halving.
class DisjointSets {
 public:
  explicit DisjointSets(vid_t n) : parent_(n), size_(n, 1) { std::iota(parent_.begin(), parent_.end(), vid_t(0)); }
  vid_t find(vid_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  bool unite(vid_t a, vid_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    if (size_[a] < size_[b]) std::swap(a, b);
    parent_[b] = a;
    size_[a] += size_[b];
    return true;
  }

 private:
  std::vector<vid_t> parent_, size_;
};

}  // namespace

std::vector<Edge<std::uint32_t>> kruskal_complete(const DenseMatrix16& a) {
  const vid_t n = a.n;
  if (n > kMaxSollinVertices) throw InputError("kruskal: at most " + std::to_string(kMaxSollinVertices) + " vertices");
  // Keys sort by weight, then by endpoints.
  std::vector<EdgeKey> edges;
  edges.reserve(std::size_t(n) * (n ? n - 1 : 0) / 2);
  for (vid_t i = 1; i < n; ++i)
    for (vid_t j = 0; j < i; ++j) edges.push_back(edge_key(a.at(i, j), j, i));
  std::sort(edges.begin(), edges.end());
  std::vector<Edge<std::uint32_t>> tree;
  tree.reserve(n ? n - 1 : 0);
  DisjointSets sets(n);
  for (const EdgeKey k : edges) {
    if (tree.size() + 1 >= n) break;
    const Edge<std::uint32_t> e = key_edge(k);
    if (sets.unite(e.u, e.v)) tree.push_back(e);
  }
  return tree;
}

}  // namespace gs::mst
