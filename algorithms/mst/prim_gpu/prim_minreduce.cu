// Paper A's CUDA Prim with the two-kernel min-reduction primitive.
#include "algorithms/mst/prim_gpu/min_reduction.cuh"
#include "algorithms/mst/prim_gpu/prim_edge_table.cuh"
#include "algorithms/mst/prim_gpu/prim_gpu.hpp"

namespace gs::mst {

MsfResult prim_minreduce_gpu(const Csr<std::uint32_t>& g, unsigned max_blocks) {
  MinReduction reduce(max_blocks);
  auto find_min = [&reduce](const std::uint32_t* values, std::uint32_t len, cudaStream_t s, TakeMinEntry take) {
    reduce.run(values, len, s, take);
  };
  return prim_edge_table(g, find_min, "prim_minreduce_gpu");
}

std::uint64_t prim_gpu_device_bytes(const Csr<std::uint32_t>& g) {
  // CSR + edge table (or resident keys/parents/weights) + small temporaries.
  return std::uint64_t(g.n + 1) * sizeof(eid_t) + g.num_arcs() * (sizeof(vid_t) + sizeof(std::uint32_t)) +
         std::uint64_t(g.n) * 16 + (1u << 20);
}

}  // namespace gs::mst
