// Whether this machine can run OpenCL programs at all (the harness skips them,
// with this reason, when it cannot).
#pragma once

#include <string>

namespace gs {

// Whether an OpenCL platform is present (false when built without OpenCL); `why` says what is missing.
bool opencl_available(std::string* why = nullptr);

}  // namespace gs
