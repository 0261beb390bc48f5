#include "algorithms/mst/sollin/kruskal_complete.hpp"

#include <algorithm>
#include <string>

#include "algorithms/mst/kruskal/kruskal_scan.hpp"
#include "algorithms/mst/sollin/edge_key.hpp"
#include "common/errors.hpp"

namespace gs::mst {

std::vector<Edge<std::uint32_t>> kruskal_complete(const DenseMatrix16& a) {
  const vid_t n = a.n;
  if (n > kMaxSollinVertices) throw InputError("kruskal: at most " + std::to_string(kMaxSollinVertices) + " vertices");
  // Keys sort by weight, then by endpoints.
  std::vector<EdgeKey> edges;
  edges.reserve(std::size_t(n) * (n ? n - 1 : 0) / 2);
  for (vid_t i = 1; i < n; ++i)
    for (vid_t j = 0; j < i; ++j) edges.push_back(edge_key(a.at(i, j), j, i));
  std::sort(edges.begin(), edges.end());
  // The union-find scan is the one paper C's programs share.
  KruskalScan scan(n);
  scan.scan(edges.size(), [&](std::size_t i) { return key_edge(edges[i]); });
  return std::move(scan.forest());
}

}  // namespace gs::mst
