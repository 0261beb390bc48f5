// Proves the GPU-test mechanism: runs on a device, reports SKIPPED (77) without one.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "common/cuda/buffer.cuh"
#include "common/cuda/event_timer.cuh"
#include "common/cuda/grid.cuh"

namespace {

__global__ void add_one(int* x, int n) {
  const int i = gs::grid_thread<int>();
  if (i < n) x[i] += 1;
}

TEST(GpuSmoke, KernelRunsAndResultsComeBack) {
  std::vector<int> h(10000);
  std::iota(h.begin(), h.end(), 0);
  gs::DeviceBuffer<int> d;
  d.upload(h);
  gs::CudaEventTimer t;
  t.start();
  add_one<<<(10000 + 255) / 256, 256>>>(d.data(), 10000);
  CUDA_CHECK_LAUNCH();
  t.stop();
  EXPECT_GE(t.seconds(), 0.0);
  auto back = d.to_host();
  for (int i = 0; i < 10000; ++i) ASSERT_EQ(back[i], i + 1);
}

TEST(GpuSmoke, OutOfMemoryIsAResourceError) {
  gs::DeviceBuffer<char> d;
  EXPECT_THROW(d.resize(std::size_t(1) << 50), gs::ResourceError);
}

}  // namespace
