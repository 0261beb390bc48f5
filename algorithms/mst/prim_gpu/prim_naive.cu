// Paper A's non-primitive CUDA Prim: the edge-table loop with the plain finder.
#include "algorithms/mst/prim_gpu/naive_min.cuh"
#include "algorithms/mst/prim_gpu/prim_edge_table.cuh"
#include "algorithms/mst/prim_gpu/prim_gpu.hpp"

namespace gs::mst {

MsfResult prim_naive_gpu(const Csr<std::uint32_t>& g) {
  NaiveMinFinder finder(g.n > 1 ? g.n - 1 : 1);
  auto find_min = [&finder](const std::uint32_t* values, std::uint32_t len, cudaStream_t s, TakeMinEntry take) {
    finder.run(values, len, s, take);
  };
  return prim_edge_table(g, find_min, "prim_naive_gpu");
}

}  // namespace gs::mst
