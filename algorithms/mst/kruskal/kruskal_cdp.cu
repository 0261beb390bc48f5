// Program 4: paper C's CUDA approach 2 (listing 7): the CDP2 recursive quicksort.
#include "algorithms/mst/kruskal/kruskal_gpu.hpp"
#include "common/cuda/buffer.cuh"
#include "common/timer.hpp"

namespace gs::mst {

MsfResult kruskal_cdp(vid_t n, KEdge* edges, std::size_t m, const sort::CdpQuicksortConfig& config) {
  MsfResult r;
  WallTimer t;
  DeviceBuffer<KEdge> data, scratch(m);
  data.upload(edges, m);
  CUDA_CHECK(cudaDeviceSynchronize());
  r.times["h2d_s"] = t.seconds();

  t.restart();
  const auto stats = sort::cdp_quicksort_by_weight(data.data(), scratch.data(), m, config);
  r.times["sort_s"] = t.seconds();
  r.counts["cdp_fallbacks"] = stats.fallback_segments;

  t.restart();
  data.download(edges, m);
  CUDA_CHECK(cudaDeviceSynchronize());
  r.times["d2h_s"] = t.seconds();

  t.restart();
  KruskalScan scan(n);
  scan.scan(edges, m);
  r.forest = std::move(scan.forest());
  r.times["unionfind_s"] = t.seconds();
  return r;
}

}  // namespace gs::mst
