#include "experiments/kruskal_100m/graph.hpp"

#include <algorithm>
#include <string>

#include "common/harness/input_graph.hpp"
#include "common/timer.hpp"
#include "generators/cached_generators.hpp"

namespace gs::kruskal_100m {

std::uint64_t host_bytes(std::uint64_t n, std::uint64_t m) {
  // Per edge: edge list (12 B), edge array (12 B), a trial's copy (12 B), the
  // verifier's order (16 B), BGL's graph and its build (~28 B), a pinned copy
  // (12 B). Per vertex: the verifier's two union-finds (16 B), a program's
  // union-find and its forest reserved for n - 1 edges (17 B), BGL's offsets,
  // rank and parent maps and chosen edges (~40 B). Per forest edge (at most
  // min(n, m)): the forest returned and the verifier's lookup of its edges (~80 B).
  return m * 92 + n * 80 + std::min(n, m) * 80 + (std::uint64_t(1) << 30);
}

Workload generate(harness::Session& s, eid_t m) {
  s.progress().note("generating path+random graph, m = " + std::to_string(m));
  Workload w;
  WallTimer t;
  w.el = gen::cached_path_random(kVertices, m, kMaxWeight, s.opt().seed);
  w.generate_s = t.seconds();
  w.id.name = "path-random-n" + std::to_string(kVertices) + "-m" + std::to_string(m);
  w.id.generator = "path_random";
  w.id.n = w.el.n;
  w.id.m = w.el.size();
  w.id.seed = s.opt().seed;
  return w;
}

Workload read(harness::Session& s, const harness::GraphSource& source) {
  io::ReadOptions ro;
  ro.force_undirected = true;
  Workload w;
  WallTimer t;
  harness::InputGraph<std::uint32_t> g = harness::read_input<std::uint32_t>(s, source, harness::Weights::order, ro);
  w.generate_s = t.seconds();
  w.id = g.id;
  w.el = std::move(g.el);
  w.value_of_rank = std::move(g.value_of_rank);
  return w;
}

std::vector<KEdge> edge_array(const EdgeList<std::uint32_t>& el) {
  std::vector<KEdge> e(el.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(el.size()); ++i) e[i] = {el.u[i], el.v[i], el.w[i]};
  return e;
}

}  // namespace gs::kruskal_100m
