#include <gtest/gtest.h>

#include <cstdio>

#include "common/system_info.hpp"

int main(int argc, char** argv) {
  const gs::GpuInfo gpu = gs::gpu_info();
  if (!gpu.present) {
    std::printf("SKIPPED: no GPU (%s)\n", gpu.why_absent.c_str());
    return 77;
  }
  std::printf("GPU: %s (%d SMs)\n", gpu.name.c_str(), gpu.sm_count);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
