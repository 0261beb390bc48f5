// The generators of generators.hpp through the graph cache (cache.hpp), each
// under a key holding all of its parameters. Graphs below kMinCachedEdges edges
// are generated directly: that is faster than reading them back.
#pragma once

#include "generators/generators.hpp"

namespace gs::gen {

inline constexpr eid_t kMinCachedEdges = eid_t(1) << 20;

EdgeList<std::uint32_t> cached_gtgraph_random(vid_t n, eid_t m, std::uint32_t min_w, std::uint32_t max_w,
                                              std::uint64_t seed);
EdgeList<std::uint32_t> cached_path_random(vid_t n, eid_t m, std::uint32_t max_w, std::uint64_t seed);
EdgeList<std::uint32_t> cached_rmat(int scale, eid_t m, double a, double b, double c, std::uint64_t seed);
EdgeList<float> cached_fixed_degree(vid_t n, int degree, float min_w, float max_w, std::uint64_t seed);
EdgeList<float> cached_grid(vid_t rows, vid_t cols, float min_w, float max_w, std::uint64_t seed);

}  // namespace gs::gen
