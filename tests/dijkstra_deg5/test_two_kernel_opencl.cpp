// The paper's OpenCL program. Registered twice: as test_two_kernel_opencl
// (GS_OPENCL_DEVICE unset: any device, a GPU where there is one; CI runs it on
// PoCL's CPU device) and as the gpu test test_two_kernel_opencl_gpu
// (GS_OPENCL_DEVICE=gpu). Without such a device it reports SKIPPED (77), except
// that a GPU which CUDA sees and OpenCL does not is a failure: the paper's
// program would be skipped on the very machine it was written for.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "algorithms/sssp/two_kernel_opencl.hpp"
#include "common/opencl_drivers.hpp"
#include "common/system_info.hpp"
#include "sssp_test_graphs.hpp"

namespace gs::sssp::testing {
namespace {

OpenClDeviceKind device_kind() {
  const char* env = std::getenv("GS_OPENCL_DEVICE");
  return parse_opencl_device_kind(env ? env : "any");
}

TEST(TwoKernelOpenCl, MatchesReferenceOnAllGraphs) {
  TwoKernelOpenCl prog(device_kind());
  std::printf("OpenCL device: %s, program built in %.3f s\n", prog.device_name().c_str(), prog.build_seconds());
  expect_correct_on_all_graphs(
      [&prog](const Csr<float>& g, const std::vector<vid_t>& sources) {
        prog.load(g);
        std::vector<std::vector<float>> out;
        for (auto& r : prog.run(sources)) {
          EXPECT_GE(r.iterations, 1u);
          out.push_back(std::move(r.dist));
        }
        return out;
      },
      "two_kernel_opencl");
}

TEST(TwoKernelOpenCl, ReloadsAndRepeatsDeterministically) {
  TwoKernelOpenCl prog(device_kind());
  const auto graphs = test_graphs();
  prog.load(graphs[0].g);
  const auto first = prog.run({0, 0});
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].dist, first[1].dist);  // integer atomic min: the result does not depend on timing
  prog.load(graphs[2].g);
  EXPECT_EQ(prog.run({0})[0].dist.size(), graphs[2].g.n);
}

TEST(TwoKernelOpenCl, RefusesNegativeWeightsAndBadSources) {
  TwoKernelOpenCl prog(device_kind());
  EXPECT_THROW(prog.load(graph_with_negative_weight()), InputError);
  prog.load(test_graphs()[0].g);
  EXPECT_THROW(prog.run({2000}), InputError);
}

TEST(TwoKernelOpenCl, DeviceKindOption) {
  EXPECT_EQ(parse_opencl_device_kind("cpu"), OpenClDeviceKind::cpu);
  EXPECT_EQ(parse_opencl_device_kind("gpu"), OpenClDeviceKind::gpu);
  EXPECT_THROW(parse_opencl_device_kind("fpga"), InputError);
}

}  // namespace
}  // namespace gs::sssp::testing

int main(int argc, char** argv) {
  const gs::sssp::OpenClDeviceKind kind = gs::sssp::testing::device_kind();
  std::string why;
  const bool found = gs::sssp::opencl_device_available(kind, &why);
  std::printf("OpenCL loader: %s\nOpenCL drivers: %s\n", gs::opencl_drivers().loader.c_str(),
              gs::opencl_drivers().describe().c_str());
  if (!found && kind == gs::sssp::OpenClDeviceKind::gpu && gs::gpu_available()) {
    std::printf("FAILED: CUDA sees %s, but two_kernel_opencl finds no OpenCL GPU: %s\n", gs::gpu_info().name.c_str(),
                why.c_str());
    return 1;
  }
  if (!found) {
    std::printf("SKIPPED: %s\n", why.c_str());
    return 77;
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
