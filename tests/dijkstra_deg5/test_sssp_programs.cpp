// The shortest-path family's registration (algorithms/sssp/sssp_programs.hpp):
// its entries in dijkstra_deg5's order with their labels, its options on the
// command line and their checks, and its CPU programs through the harness
// interface (prepare, run, release) against the reference Dijkstra.
#include "algorithms/sssp/sssp_programs.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "common/errors.hpp"
#include "sssp_test_graphs.hpp"

namespace gs::sssp::testing {
namespace {

using harness::Device;
using harness::Family;

TEST(SsspPrograms, EntriesInOrderWithLabels) {
  struct Expected {
    const char* name;
    const char* label;
    Family family;
    Device device;
    bool threaded;
  };
  const std::vector<Expected> expected = {
      {kBglDijkstra, "BGL Dijkstra (CPU)", Family::baseline, Device::cpu, false},
      {kTwoKernelOpenCl, "two-kernel OpenCL (paper)", Family::paper, Device::opencl, false},
      {kTwoKernelCuda, "two-kernel CUDA", Family::paper, Device::gpu, false},
      {kDeltaSteppingOmp, "delta-stepping (OpenMP)", Family::beyond, Device::cpu, true},
      {kNearFarGpu, "near-far GPU", Family::beyond, Device::gpu, false},
      {kAsyncBucketsGpu, "asynchronous buckets GPU", Family::beyond, Device::gpu, false},
      {kPbglDeltaStepping, "Parallel BGL delta-stepping (MPI)", Family::beyond, Device::mpi, false},
  };
  const auto entries = sssp_programs();
  ASSERT_EQ(entries.size(), expected.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const harness::ProgramInfo& info = entries[i].info;
    SCOPED_TRACE(info.name);
    EXPECT_EQ(info.name, expected[i].name);
    EXPECT_EQ(info.label, expected[i].label);
    EXPECT_EQ(info.family, expected[i].family);
    EXPECT_EQ(info.device, expected[i].device);
    EXPECT_EQ(info.threaded, expected[i].threaded);
    EXPECT_FALSE(info.description.empty());
    if (info.device == Device::mpi) {
      EXPECT_FALSE(entries[i].make);  // made by the experiment on the ranks of an MPI job
      EXPECT_TRUE(info.absent.empty());
    } else if (info.device == Device::cpu) {
      EXPECT_TRUE(entries[i].make);
      EXPECT_TRUE(info.absent.empty());
    } else {
      // A GPU or OpenCL program: a factory where its library is built, else why not.
      EXPECT_NE(bool(entries[i].make), !info.absent.empty());
    }
  }
}

TEST(SsspPrograms, OptionsBoundAndChecked) {
  SsspOptions o;
  Cli cli("test", "test");
  bind_options(cli, o);
  std::vector<std::string> args = {"test", "--opencl-device",      "cpu", "--cpu-delta-factor",
                                   "2.5",  "--near-far-chain-max", "7",   "--async-arc-group",
                                   "1",    "--async-stats"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  cli.parse(int(argv.size()), argv.data());
  EXPECT_EQ(o.opencl_device_kind(), OpenClDeviceKind::cpu);
  EXPECT_FLOAT_EQ(o.cpu_delta_factor, 2.5f);
  EXPECT_EQ(o.near_far.chain_max, 7);
  EXPECT_EQ(o.async_buckets.arc_group, 1);
  EXPECT_TRUE(o.async_buckets.print_stats);
  // Those not given keep their defaults.
  const SsspOptions defaults;
  EXPECT_FLOAT_EQ(o.gpu_delta_factor, defaults.gpu_delta_factor);
  EXPECT_FLOAT_EQ(o.async_width_factor, AsyncBucketsGpu::kDefaultWidthFactor);
  EXPECT_EQ(o.near_far.local_steps, defaults.near_far.local_steps);
  EXPECT_NO_THROW(check_options(o, 0));

  auto refused = [](auto change) {
    SsspOptions bad;
    change(bad);
    EXPECT_THROW(check_options(bad, 0), InputError);
  };
  refused([](SsspOptions& b) { b.opencl_device = "fpga"; });
  refused([](SsspOptions& b) { b.cpu_delta_factor = 0; });
  refused([](SsspOptions& b) { b.gpu_delta_factor = -1; });
  refused([](SsspOptions& b) { b.async_width_factor = 0; });
  refused([](SsspOptions& b) { b.near_far.chain_max = NearFarTuning::kMaxChain + 1; });
  refused([](SsspOptions& b) { b.async_buckets.arc_group = 2; });
}

// A registered program run as the harness runs it: prepared once per graph, one source per run.
Solver harness_solver(const std::string& name, const SsspOptions& o) {
  return [name, o](const Csr<float>& g, const std::vector<vid_t>& sources) {
    for (const auto& e : sssp_programs())
      if (e.info.name == name) {
        auto program = e.make(o);
        const harness::Prepared prepared = program->prepare(g, 2);
        EXPECT_TRUE(prepared.refusal.empty());
        std::vector<std::vector<float>> out;
        for (vid_t s : sources) {
          harness::Outcome<std::vector<float>> r = program->run(g, s, 2);
          EXPECT_GE(r.seconds, 0);
          out.push_back(std::move(r.answer));
        }
        program->release();
        return out;
      }
    ADD_FAILURE() << "no program " << name;
    return std::vector<std::vector<float>>{};
  };
}

TEST(SsspPrograms, CpuProgramsMatchReference) {
  const SsspOptions o;
  expect_correct_on_all_graphs(harness_solver(kBglDijkstra, o), kBglDijkstra);
  expect_correct_on_all_graphs(harness_solver(kDeltaSteppingOmp, o), kDeltaSteppingOmp);
}

TEST(SsspPrograms, DeltaSteppingRecordsItsWidth) {
  SsspOptions o;
  o.cpu_delta_factor = 3.0f;
  const Csr<float> g = edge_list_to_csr(random_arcs(200, 1000, 4));
  for (const auto& e : sssp_programs())
    if (e.info.name == kDeltaSteppingOmp) {
      const harness::Prepared p = e.make(o)->prepare(g, 1);
      ASSERT_EQ(p.columns.count("delta"), 1u);
      EXPECT_FLOAT_EQ(float(std::get<double>(p.columns.at("delta"))), default_delta(g, 3.0f));
    }
}

}  // namespace
}  // namespace gs::sssp::testing
