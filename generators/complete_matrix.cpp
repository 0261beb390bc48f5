// Paper B's input: complete graphs as 16-bit weight matrices. See generators.hpp.
#include <algorithm>

#include "common/memory.hpp"
#include "generators/counter_rng.hpp"
#include "generators/generators.hpp"

namespace gs::gen {
namespace {

// Weight of edge {i, j}, i != j: the top 16 bits of the draw for the edge's
// lower-triangular index, so both orientations see the same value.
std::uint16_t edge_weight(const CounterRng& rng, vid_t i, vid_t j) {
  return std::uint16_t(rng.bits(TriangularMatrix16::index(i, j)) >> 48);
}

constexpr std::uint64_t kStream = 0xB;

}  // namespace

DenseMatrix16 complete_matrix(vid_t n, std::uint64_t seed) {
  require_host_memory(std::uint64_t(n) * n * sizeof(std::uint16_t), "complete matrix n = " + std::to_string(n));
  const CounterRng rng(seed, kStream);
  DenseMatrix16 d;
  d.n = n;
  d.a.resize(std::size_t(n) * n);
  // Each row computes all of its entries (the transposed half too), so writes
  // stay sequential and rows need no synchronisation.
#pragma omp parallel for schedule(dynamic, 16)
  for (std::int64_t i = 0; i < std::int64_t(n); ++i) {
    std::uint16_t* row = &d.a[std::size_t(i) * n];
    for (vid_t j = 0; j < n; ++j) row[j] = j == vid_t(i) ? 0 : edge_weight(rng, vid_t(i), j);
  }
  return d;
}

TriangularMatrix16 complete_triangular(vid_t n, std::uint64_t seed) {
  const std::size_t entries = std::size_t(n) * (n ? n - 1 : 0) / 2;
  require_host_memory(entries * sizeof(std::uint16_t), "triangular complete matrix n = " + std::to_string(n));
  const CounterRng rng(seed, kStream);
  TriangularMatrix16 t;
  t.n = n;
  t.a.resize(entries);
#pragma omp parallel for schedule(dynamic, 16)
  for (std::int64_t i = 1; i < std::int64_t(n); ++i)
    for (vid_t j = 0; j < vid_t(i); ++j) t.a[TriangularMatrix16::index(vid_t(i), j)] = edge_weight(rng, vid_t(i), j);
  return t;
}

}  // namespace gs::gen
