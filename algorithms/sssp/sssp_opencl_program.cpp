// two_kernel_opencl as a harness program (compiled into gs_sssp_opencl; its
// entry is in sssp_programs.cpp).
#include <memory>
#include <string>

#include "algorithms/sssp/gpu_program_outcome.hpp"
#include "algorithms/sssp/sssp_programs.hpp"
#include "algorithms/sssp/two_kernel_opencl.hpp"
#include "common/results.hpp"

namespace gs::sssp {
namespace {

class TwoKernelOpenClProgram final : public SsspProgram {
 public:
  explicit TwoKernelOpenClProgram(const SsspOptions& o) : impl_(o.opencl_device_kind()) {}
  // Its rows name the device the runtime chose; on a CPU device it runs one thread per compute unit.
  harness::Prepared prepare(const Csr<float>& g, int) override {
    impl_.load(g);
    const std::string name = impl_.device_name();
    return {.columns = {{"h2d_s", impl_.upload_seconds()}, {"build_s", impl_.build_seconds()}, {"opencl_device", name}},
            .device = impl_.device_is_gpu() ? "gpu" : "cpu",
            .threads = impl_.device_is_gpu() ? 1 : int(impl_.compute_units()),
            .note = name.empty()
                        ? ""
                        : "runs on " + name + " (program built in " + fmt_seconds(impl_.build_seconds()) + " s)"};
  }
  harness::Outcome<std::vector<float>> run(const Csr<float>&, const vid_t& source, int) override {
    return gpu_outcome(impl_, source);
  }

 private:
  TwoKernelOpenCl impl_;
};

}  // namespace

std::unique_ptr<SsspProgram> make_two_kernel_opencl(const SsspOptions& o) {
  return std::make_unique<TwoKernelOpenClProgram>(o);
}

std::string opencl_device_missing(const SsspOptions& o) {
  std::string why;
  return opencl_device_available(o.opencl_device_kind(), &why) ? std::string() : why;
}

}  // namespace gs::sssp
