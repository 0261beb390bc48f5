// The graphs of kruskal_100m: the paper's path+random graph or the --input
// file, and what holding one costs (the driver admits it before building it).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "common/harness/session.hpp"
#include "experiments/kruskal_100m/kruskal_100m.hpp"

namespace gs::kruskal_100m {

// One graph, with everything built outside the timed regions.
struct Workload {
  harness::GraphId id;
  double generate_s = 0;                                     // generation, or reading the --input file
  EdgeList<std::uint32_t> el;                                // as generated or read (the verifier's input)
  std::vector<KEdge> edges;                                  // the same edges as the paper's array of (u, v, w) structs
  std::shared_ptr<const std::vector<double>> value_of_rank;  // ranked --input weights (harness/input_weights.hpp)
};

inline constexpr vid_t kVertices = 100000;
inline constexpr std::uint32_t kMaxWeight = 1000000;

// Host bytes of a run on m edges and n vertices, whatever its programs.
std::uint64_t host_bytes(std::uint64_t n, std::uint64_t m);

// The path 0-1-..-(n-1) plus random edges, m in all (n = kVertices, weights
// 1..kMaxWeight, --seed); w.edges is left to edge_array.
Workload generate(harness::Session& s, eid_t m);
// The --input file read as undirected (a spanning forest is a question about
// undirected edges); unit weights with a note where it has none.
Workload read(harness::Session& s, const harness::GraphSource& source);

// The paper's array of (u, v, w) structs.
std::vector<KEdge> edge_array(const EdgeList<std::uint32_t>& el);

}  // namespace gs::kruskal_100m
