// The seven programs of kruskal_100m behind one interface: each trial gets a
// fresh copy of the paper's 12-byte edge array (the sorts work in place) and
// returns the forest, its timed seconds and its phases.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "algorithms/mst/kruskal/kruskal_result.hpp"
#include "common/algorithms.hpp"
#include "common/graph.hpp"

namespace gs::kruskal_100m {

using mst::KEdge;

// One graph, with everything built outside the timed regions.
struct Workload {
  std::string name, generator;
  std::uint64_t seed = 0;
  double generate_s = 0;
  EdgeList<std::uint32_t> el;  // as generated or read (the verifier's input)
  std::vector<KEdge> edges;    // the same edges as the paper's array of (u, v, w) structs
};

struct ProgramRun {
  mst::KruskalResult result;
  double seconds = 0;  // the timed region (see kSecondsDefinition)
};

inline constexpr const char* kSecondsDefinition =
    "kruskal_seq/kruskal_omp: quicksort of the 12-byte edge array + union-find scan; "
    "kruskal_thrust and kruskal_cdp: end to end as the paper timed them (unpack/allocate/copy to the GPU, sort, "
    "copy back/repack, union-find scan); bgl_kruskal: boost::kruskal_minimum_spanning_tree on a graph built "
    "beforehand (build_s); filter_kruskal_omp: the whole algorithm; kruskal_cub_gpu: end to end from pinned host "
    "memory (copy to the GPU, threshold/select/radix sort/gather of the light edges, Boruvka on the device, the heavy "
    "edges filtered by component and added only if the light forest does not span, copy of the forest back; "
    "pinning in pin_s, the same run without the upload in resident_s, plain CUB SortPairs of all weights in "
    "cub_sortpairs_s)";

std::vector<AlgorithmInfo> all_programs();

class Program {
 public:
  virtual ~Program() = default;
  // Once per graph, untimed (BGL graph build, pinning, device buffers).
  virtual void prepare(Workload& w) {}
  // `work` is a fresh copy of w.edges that the program may reorder.
  virtual ProgramRun run(Workload& w, std::vector<KEdge>& work) = 0;
  // Once per graph after the trials (unpin, free device buffers).
  virtual void release() {}
  // Columns the program adds to every row for this graph (build_s, pin_s, ...).
  virtual std::map<std::string, std::string> graph_columns() const { return {}; }
  virtual std::string device() const { return "cpu"; }
  virtual bool parallel_host() const { return false; }  // uses OpenMP threads
};

std::unique_ptr<Program> make_program(const std::string& name);

// Device memory the GPU programs need for m edges (admission control).
std::uint64_t gpu_bytes(const std::string& name, std::uint64_t m);

}  // namespace gs::kruskal_100m
