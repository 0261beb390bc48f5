// Paper E's program: the two-kernel SSSP in OpenCL, as the paper wrote it,
// runnable on NVIDIA's OpenCL driver (GPU) and on PoCL (CPU). The kernels live
// in two_kernel.cl and are compiled into this library's binary at build time.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "algorithms/sssp/sssp_run.hpp"
#include "common/graph.hpp"

namespace gs::sssp {

// Which OpenCL device to use: the first GPU, the first CPU, or the first
// device of any type (a GPU when there is one).
enum class OpenClDeviceKind { gpu, cpu, any };

// "gpu" | "cpu" | "any"; anything else: InputError. (opencl_device_kind.cpp, in gs_sssp: every build)
OpenClDeviceKind parse_opencl_device_kind(const std::string& text);
const char* to_string(OpenClDeviceKind kind);

// Whether a device of that kind exists; `why` says why not. This and the class: gs_sssp_opencl.
bool opencl_device_available(OpenClDeviceKind kind, std::string* why = nullptr);

class TwoKernelOpenCl {
 public:
  // Picks the device, creates its context and queue and builds the program
  // (build_seconds()). ResourceError when no such device exists.
  explicit TwoKernelOpenCl(OpenClDeviceKind kind);
  ~TwoKernelOpenCl();
  TwoKernelOpenCl(const TwoKernelOpenCl&) = delete;
  TwoKernelOpenCl& operator=(const TwoKernelOpenCl&) = delete;

  std::string device_name() const;  // "NVIDIA H100 80GB HBM3 (NVIDIA CUDA)"
  bool device_is_gpu() const;
  unsigned compute_units() const;  // CL_DEVICE_MAX_COMPUTE_UNITS (PoCL on a CPU: its threads)
  double build_seconds() const;

  // Copies the graph to the device (replacing a previous one); InputError on
  // negative weights, ResourceError when it does not fit.
  void load(const Csr<float>& g);
  double upload_seconds() const;

  // One result per source, in order (the paper's runDijkstra with several sources).
  std::vector<SsspRun> run(const std::vector<vid_t>& sources);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace gs::sssp
