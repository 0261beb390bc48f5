#include "common/opencl_drivers.hpp"

#include <mutex>

#ifdef GS_HAVE_OPENCL
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#endif

namespace gs {

std::string OpenClDrivers::describe() const {
  std::string s;
  for (const auto& d : drivers) s += (s.empty() ? "" : ", ") + d;
  return (s.empty() ? std::string("none listed") : s) + " (" + list + ")";
}

#ifdef GS_HAVE_OPENCL
namespace {

namespace fs = std::filesystem;

// The folder of .icd files a loader reads when $OCL_ICD_VENDORS is unset.
constexpr const char* kSystemVendors = "/etc/OpenCL/vendors";
// NVIDIA's OpenCL driver, as its own .icd file names it.
constexpr const char* kNvidiaDriver = "libnvidia-opencl.so.1";

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

// The file of the loader that clGetPlatformIDs comes from.
std::string loader_file() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&clGetPlatformIDs), &info) == 0 || !info.dli_fname)
    return "unknown (dladdr found no file)";
  std::error_code ec;
  const fs::path real = fs::canonical(info.dli_fname, ec);
  return ec ? info.dli_fname : real.string();
}

// The libraries the .icd files of `folder` name, in the order of their file names.
std::vector<std::string> icd_folder(const fs::path& folder) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(folder, ec))
    if (e.path().extension() == ".icd") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<std::string> libs;
  for (const auto& f : files) {
    std::ifstream in(f);
    std::string line;
    std::getline(in, line);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t')) line.pop_back();
    if (!line.empty()) libs.push_back(line);
  }
  return libs;
}

// A driver's name without folder and version: "libpocl.so.2.10.0",
// "/usr/lib/x86_64-linux-gnu/libpocl.so.2" and "libpocl.so" are one driver.
std::string driver_stem(const std::string& lib) {
  const std::string file = fs::path(lib).filename().string();
  const std::size_t so = file.find(".so");
  return so == std::string::npos ? file : file.substr(0, so + 3);
}

bool loadable(const std::string& lib) {
  void* h = dlopen(lib.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (!h) return false;
  dlclose(h);
  return true;
}

// Adds `lib` unless the list has that driver already or it does not load here
// (the loader would pass over it; the metadata lists only what was offered).
bool add_driver(std::vector<std::string>& drivers, const std::string& lib) {
  if (lib.empty()) return false;
  for (const auto& d : drivers)
    if (driver_stem(d) == driver_stem(lib)) return false;
  if (!loadable(lib)) return false;
  drivers.push_back(lib);
  return true;
}

// Writes `drivers` as .icd files into a fresh private folder, has the loader
// read it, then removes it and unsets $OCL_ICD_VENDORS again (so that no child
// process inherits a folder that is gone). Returns "" or what failed.
std::string offer_to_loader(const std::vector<std::string>& drivers) {
  const fs::path tmp = env("TMPDIR").empty() ? fs::path("/tmp") : fs::path(env("TMPDIR"));
  std::string dir = (tmp / "gs-opencl-drivers-XXXXXX").string();
  if (!mkdtemp(dir.data())) return "cannot make a folder under " + tmp.string();
  for (std::size_t i = 0; i < drivers.size(); ++i) {
    // Numbered: loaders read the folder in name order, which keeps the list's order.
    std::ofstream(fs::path(dir) / (std::to_string(10 + i) + ".icd")) << drivers[i] << "\n";
  }
  setenv("OCL_ICD_VENDORS", (dir + "/").c_str(), 1);
  cl_uint platforms = 0;
  clGetPlatformIDs(0, nullptr, &platforms);  // the loader reads its drivers here, once
  unsetenv("OCL_ICD_VENDORS");
  std::error_code ec;
  fs::remove_all(dir, ec);
  return "";
}

}  // namespace

std::vector<std::string> drivers_to_offer(const std::string& folder, const std::string& filenames, std::string* added) {
  std::vector<std::string> drivers = icd_folder(folder);
  added->clear();
  bool from_filenames = false;
  for (std::size_t start = 0; start <= filenames.size();) {
    const std::size_t end = std::min(filenames.find(':', start), filenames.size());
    from_filenames = add_driver(drivers, filenames.substr(start, end - start)) || from_filenames;
    start = end + 1;
  }
  if (from_filenames) *added = "OCL_ICD_FILENAMES";
  if (add_driver(drivers, kNvidiaDriver)) *added += std::string(added->empty() ? "" : " and ") + "NVIDIA's library";
  return drivers;
}

OpenClDrivers offer_opencl_drivers(const std::string& folder) {
  OpenClDrivers d;
  d.loader = loader_file();
  if (env("GS_OPENCL_DRIVERS") == "loader") {
    d.list = "the loader's own list (GS_OPENCL_DRIVERS=loader)";
    return d;
  }
  if (!env("OCL_ICD_VENDORS").empty()) {
    d.list = "OCL_ICD_VENDORS=" + env("OCL_ICD_VENDORS") + ", set outside the suite";
    return d;
  }
  std::string added;
  d.drivers = drivers_to_offer(folder, env("OCL_ICD_FILENAMES"), &added);
  d.list = folder;
  if (added.empty()) return d;
  const std::string failed = offer_to_loader(d.drivers);
  d.list = folder + (failed.empty() ? " with " + added + ", offered by the suite" : " alone (" + failed + ")");
  if (!failed.empty()) d.drivers = icd_folder(folder);
  return d;
}
#endif

const OpenClDrivers& opencl_drivers() {
  static OpenClDrivers drivers;
  static std::once_flag once;
  std::call_once(once, [] {
#ifdef GS_HAVE_OPENCL
    drivers = offer_opencl_drivers(kSystemVendors);
#else
    drivers.loader = "built without OpenCL";
    drivers.list = "none";
#endif
  });
  return drivers;
}

}  // namespace gs
