// Paper C's GPU Kruskal programs (host interface; CUDA inside
// kruskal_thrust.cu, kruskal_cdp.cu, kruskal_cub_pipeline.cu). All of them
// sort on the GPU; the paper's two finish with the shared host union-find scan
// (kruskal_scan.hpp), the CUB pipeline with Boruvka rounds on the device
// (algorithms/mst/boruvka_gpu/boruvka_engine.cuh). Phases go into MsfResult::phases in seconds.
#pragma once

#include <cstddef>
#include <memory>

#include "algorithms/mst/kruskal/kruskal_scan.hpp"
#include "algorithms/mst/msf_result.hpp"
#include "algorithms/sort/cdp_quicksort.hpp"

namespace gs::mst {

// Program 3 (CUDA approach 1): unpack the edges into weight/endpoint vectors
// (OpenMP), copy them to the GPU, thrust::sort_by_key on the weights, copy
// back, repack (OpenMP), scan. `edges` ends up sorted. Phases: h2d_s (unpack +
// allocation + copy), sort_s, d2h_s (copy back + repack), unionfind_s.
MsfResult kruskal_thrust(vid_t n, KEdge* edges, std::size_t m);

// Program 4 (CUDA approach 2): copy the 12-byte edges to the GPU, sort them
// with the CDP2 recursive quicksort, copy back, scan. `edges` ends up sorted.
// Phases: h2d_s, sort_s, d2h_s, unionfind_s; cdp_fallbacks (segments that
// reached the depth limit).
MsfResult kruskal_cdp(vid_t n, KEdge* edges, std::size_t m, const sort::CdpQuicksortConfig& config = {});

// Program 7 (beyond the paper): CUB pipeline, everything after the upload on
// the device. A sampled weight threshold selects the light edges (about
// n (ln n + 1) of them) as packed (weight << 32 | index) 64-bit keys, CUB
// radix-sorts only those and gathers them; Boruvka rounds on the device with
// the sorted position as priority (boruvka_engine.cuh) give the same forest a
// Kruskal scan of that order would. Only if that forest does not span yet
// (disconnected graphs, unlucky thresholds) are the heavier edges filtered on
// the device (edges inside one component dropped), sorted and added the same
// way. Only the forest is copied back. Device buffers for the edges are
// allocated once, at construction, for up to max_m edges.
class CubKruskalPipeline {
 public:
  explicit CubKruskalPipeline(std::size_t max_m);
  ~CubKruskalPipeline();
  CubKruskalPipeline(const CubKruskalPipeline&) = delete;
  CubKruskalPipeline& operator=(const CubKruskalPipeline&) = delete;

  // Page-locks the caller's array (cudaHostRegister); returns the seconds it took.
  double pin(const KEdge* edges, std::size_t m);
  void unpin();

  // End to end from host memory: phases h2d_s, sort_s (threshold, select or
  // filter, radix sort, gather), unionfind_s (device Boruvka), d2h_s (the
  // forest), resident_s: the same run without the upload (edges already on
  // the device); counts light_edges, heavy_edges (filter survivors, 0 when the
  // light forest spans) and boruvka_rounds.
  MsfResult run(vid_t n, const KEdge* edges, std::size_t m);

  // Plain cub::DeviceRadixSort::SortPairs of all m resident edges' weights
  // (u32 keys) with their indices (u32 values), in seconds (CUDA events); call after run().
  double cub_sort_pairs_seconds(std::size_t m);

  // Bytes of device memory the pipeline needs for m edges on n vertices.
  static std::size_t device_bytes(vid_t n, std::size_t m);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs::mst
