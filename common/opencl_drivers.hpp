// Which OpenCL drivers (ICDs) the suite's OpenCL programs are offered, and
// through which loader.
//
// An ICD loader reads its list of drivers once, at the first OpenCL call.
// Debian's loader (ocl-icd) reads only the .icd files of /etc/OpenCL/vendors
// (or of the folder $OCL_ICD_VENDORS names); container images often name the
// GPU driver elsewhere ($OCL_ICD_FILENAMES, which ocl-icd learnt late) or carry
// NVIDIA's OpenCL library without its .icd file. There CUDA sees the GPU and
// OpenCL does not. So before the first call the suite gathers every driver the
// loader would read, those of $OCL_ICD_FILENAMES and NVIDIA's library where it
// can be loaded, writes them as .icd files into a private folder, lets the
// loader read that folder once (through $OCL_ICD_VENDORS, which both ocl-icd
// and the Khronos loader honour) and removes it again.
//
// Left alone: a run whose $OCL_ICD_VENDORS the user set, and a run with
// GS_OPENCL_DRIVERS=loader (the loader's own list, e.g. to show what it sees).
#pragma once

#include <string>
#include <vector>

namespace gs {

struct OpenClDrivers {
  std::string loader;                // the ICD loader this process uses (its file), or why there is none
  std::string list;                  // where the drivers' list came from
  std::vector<std::string> drivers;  // the libraries offered to the loader ("" entries never)
  std::string describe() const;      // "libpocl.so.2, libnvidia-opencl.so.1 (list)"
};

// Prepares the loader on the first call (before any other OpenCL call of the
// process: every OpenCL user of the suite calls this first) and returns what
// it offered. Thread-safe. Without OpenCL in the build: loader says so.
const OpenClDrivers& opencl_drivers();

#ifdef GS_HAVE_OPENCL
// The list opencl_drivers() offers: the libraries the .icd files of `folder`
// name, then those of `filenames` (colon-separated, as $OCL_ICD_FILENAMES) and
// NVIDIA's OpenCL library, each where it loads and is not listed already under
// another folder or version. `added` says what came beyond the folder ("" for
// nothing: the loader's own list is then left alone).
std::vector<std::string> drivers_to_offer(const std::string& folder, const std::string& filenames, std::string* added);

// What opencl_drivers() does once, with `folder` in place of /etc/OpenCL/vendors
// (a test offers an empty one). Only the first call of a process reaches the loader.
OpenClDrivers offer_opencl_drivers(const std::string& folder);
#endif

}  // namespace gs
