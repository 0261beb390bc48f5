// Program 3: paper C's CUDA approach 1 (listing 6) with Thrust.
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/gather.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system_error.h>

#include <cstdint>
#include <vector>

#include "algorithms/mst/kruskal/kruskal_gpu.hpp"
#include "common/cuda/check.cuh"
#include "common/timer.hpp"

namespace gs::mst {

namespace {

MsfResult kruskal_thrust_body(vid_t n, KEdge* edges, std::size_t m) {
  MsfResult r;
  WallTimer t;
  std::vector<std::uint32_t> w(m), u(m), v(m);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(m); ++i) {
    w[i] = edges[i].w;
    u[i] = edges[i].u;
    v[i] = edges[i].v;
  }
  thrust::device_vector<std::uint32_t> dw(w.begin(), w.end()), du(u.begin(), u.end()), dv(v.begin(), v.end());
  CUDA_CHECK(cudaDeviceSynchronize());
  r.times["h2d_s"] = t.seconds();

  t.restart();
  // The paper sorts each vector by the weights; sorting a permutation once and
  // gathering both endpoint vectors through it keeps Thrust on its radix sort.
  thrust::device_vector<std::uint32_t> order(m), su(m), sv(m);
  thrust::sequence(order.begin(), order.end());
  thrust::sort_by_key(dw.begin(), dw.end(), order.begin());
  thrust::gather(order.begin(), order.end(), du.begin(), su.begin());
  thrust::gather(order.begin(), order.end(), dv.begin(), sv.begin());
  CUDA_CHECK(cudaDeviceSynchronize());
  r.times["sort_s"] = t.seconds();

  t.restart();
  thrust::copy(dw.begin(), dw.end(), w.begin());
  thrust::copy(su.begin(), su.end(), u.begin());
  thrust::copy(sv.begin(), sv.end(), v.begin());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < std::int64_t(m); ++i) edges[i] = {u[i], v[i], w[i]};
  r.times["d2h_s"] = t.seconds();

  t.restart();
  KruskalScan scan(n);
  scan.scan(edges, m);
  r.forest = std::move(scan.forest());
  r.times["unionfind_s"] = t.seconds();
  return r;
}

}  // namespace

MsfResult kruskal_thrust(vid_t n, KEdge* edges, std::size_t m) {
  try {
    return kruskal_thrust_body(n, edges, m);
  } catch (const thrust::system_error& e) {
    // Thrust reports a failed device allocation inside its algorithms as a system_error.
    if (e.code().value() == cudaErrorMemoryAllocation)
      throw ResourceError(std::string("kruskal_thrust: GPU out of memory (") + e.what() + ")");
    throw;
  }
}

}  // namespace gs::mst
