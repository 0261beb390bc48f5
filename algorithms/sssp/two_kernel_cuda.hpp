// Paper E's two-kernel SSSP (Harish & Narayanan 2007) in CUDA: the same
// algorithm as two_kernel_opencl, for comparison with it. Plain C++ header
// (the CUDA state lives behind a pointer), usable from C++20 host code.
#pragma once

#include <memory>
#include <vector>

#include "algorithms/sssp/sssp_run.hpp"
#include "common/graph.hpp"

namespace gs::sssp {

class TwoKernelCuda {
 public:
  TwoKernelCuda();
  ~TwoKernelCuda();
  TwoKernelCuda(const TwoKernelCuda&) = delete;
  TwoKernelCuda& operator=(const TwoKernelCuda&) = delete;

  // Copies the graph to the device (replacing a previous one). Throws
  // InputError on negative weights, ResourceError when it does not fit.
  void load(const Csr<float>& g);
  double upload_seconds() const;  // of the last load()

  // One result per source, in order ("several sources per call", as the paper).
  std::vector<SsspRun> run(const std::vector<vid_t>& sources);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace gs::sssp
