// The OpenCL device kinds by name: in every build (gs_sssp), so that
// --opencl-device is checked where OpenCL is not built too.
#include <string>

#include "algorithms/sssp/two_kernel_opencl.hpp"
#include "common/errors.hpp"

namespace gs::sssp {

OpenClDeviceKind parse_opencl_device_kind(const std::string& text) {
  if (text == "gpu") return OpenClDeviceKind::gpu;
  if (text == "cpu") return OpenClDeviceKind::cpu;
  if (text == "any") return OpenClDeviceKind::any;
  throw InputError("--opencl-device: expected gpu, cpu or any, got '" + text + "'");
}

const char* to_string(OpenClDeviceKind kind) {
  switch (kind) {
    case OpenClDeviceKind::gpu:
      return "gpu";
    case OpenClDeviceKind::cpu:
      return "cpu";
    default:
      return "any";
  }
}

}  // namespace gs::sssp
