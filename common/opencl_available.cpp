#include "common/opencl_available.hpp"

#include "common/opencl_drivers.hpp"

#ifdef GS_HAVE_OPENCL
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#endif

namespace gs {

bool opencl_available(std::string* why) {
#ifdef GS_HAVE_OPENCL
  opencl_drivers();  // before the loader's first call
  cl_uint platforms = 0;
  if (clGetPlatformIDs(0, nullptr, &platforms) != CL_SUCCESS || platforms == 0) {
    if (why) *why = "no OpenCL platform (install an ICD such as pocl-opencl-icd)";
    return false;
  }
  return true;
#else
  if (why) *why = "built without OpenCL";
  return false;
#endif
}

}  // namespace gs
