// The MST programs as harness programs (common/harness/program.hpp): the
// forest they answer with, the graphs they take (a CSR, a complete graph's
// matrices), and a result's phases as a program's columns. Each family's
// registration (<family>/<family>_programs.hpp) builds on these.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/mst/msf_result.hpp"
#include "common/graph.hpp"
#include "common/harness/program.hpp"

namespace gs::mst {

using Forest = std::vector<KEdge>;

// Programs named alike in several families (each experiment's table holds one).
inline constexpr const char* kBglKruskal = "bgl_kruskal";

// A result's times (seconds) and counts as a program's phase columns.
inline harness::ColumnValues phase_columns(const MsfResult& r) {
  harness::ColumnValues c;
  for (const auto& [name, value] : r.times) c[name] = value;
  for (const auto& [name, value] : r.counts) c[name] = double(value);
  return c;
}

// The undirected CSR (both arcs per edge) in, a minimum spanning forest out (prim_gpu).
using CsrMsfProgram = harness::Program<Csr<std::uint32_t>, Forest>;

// One complete graph in both storages, built before any program runs (sollin_multicore).
struct CompleteGraph {
  DenseMatrix16 full;
  TriangularMatrix16 tri;
};
using CompleteMsfProgram = harness::Program<CompleteGraph, Forest>;

enum class MatrixStorage { full, triangular };

// What every row of a complete-graph program says about its input: the storage
// it reads ("storage"), its bytes ("matrix_bytes"), and the untimed setup's
// seconds ("setup_s") where it has one.
inline harness::Prepared matrix_reads(MatrixStorage storage, const CompleteGraph& g,
                                      std::optional<double> setup_s = std::nullopt) {
  const bool tri = storage == MatrixStorage::triangular;
  harness::Prepared p;
  p.columns["storage"] = std::string(tri ? "triangular" : "full");
  p.columns["matrix_bytes"] = double(tri ? g.tri.a.size() * 2 : g.full.a.size() * 2);
  if (setup_s) p.columns["setup_s"] = *setup_s;
  return p;
}

}  // namespace gs::mst
