// Kruskal's light/heavy split on the GPU: a weight below which about a given
// share of the edges lie, from a sample (the CUB pipeline and boruvka_gpu
// run Boruvka on the light edges first).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace gs::mst {

// Writes to *threshold (device) the weight at quantile q of a strided sample
// of 4096 of the m weights weights[0], weights[stride], ... (q >= 1, or m == 0:
// UINT32_MAX, everything is light).
void pick_weight_threshold(const std::uint32_t* weights, std::size_t m, std::size_t stride, double q,
                           std::uint32_t* threshold, cudaStream_t s);

}  // namespace gs::mst
