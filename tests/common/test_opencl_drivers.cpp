// The list of OpenCL drivers the suite offers its loader: the folder's .icd
// files first, then what $OCL_ICD_FILENAMES adds, each driver once whatever
// its folder or version, and never a library that does not load. (That the
// loader then finds the GPU is test_two_kernel_opencl_gpu's part, on a GPU.)
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/opencl_drivers.hpp"

namespace gs {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPocl = "libpocl.so.2";  // CI's OpenCL driver (scripts/deps.sh installs it)

bool loads(const char* lib) {
  void* h = dlopen(lib, RTLD_LAZY | RTLD_LOCAL);
  if (h) dlclose(h);
  return h != nullptr;
}

// A fresh folder of .icd files, removed at the end of the test.
struct IcdFolder {
  std::string path;
  IcdFolder() {
    path = (fs::temp_directory_path() / "gs-test-icd-XXXXXX").string();
    if (!mkdtemp(path.data())) throw std::runtime_error("mkdtemp failed");
  }
  ~IcdFolder() { fs::remove_all(path); }
  void write(const std::string& file, const std::string& text) const { std::ofstream(fs::path(path) / file) << text; }
};

// The list without NVIDIA's library, which only a machine with its driver adds.
std::vector<std::string> offered(const IcdFolder& folder, const std::string& filenames, std::string* added) {
  std::vector<std::string> drivers = drivers_to_offer(folder.path, filenames, added);
  if (!drivers.empty() && drivers.back() == "libnvidia-opencl.so.1") drivers.pop_back();
  return drivers;
}

TEST(OpenClDrivers, FolderFilesInNameOrderOthersIgnored) {
  IcdFolder folder;
  folder.write("b.icd", "libsecond.so\n");
  folder.write("a.icd", "libfirst.so.1  \n");
  folder.write("readme.txt", "libnot-a-driver.so\n");
  folder.write("empty.icd", "");
  std::string added;
  EXPECT_EQ(offered(folder, "", &added), (std::vector<std::string>{"libfirst.so.1", "libsecond.so"}));
}

TEST(OpenClDrivers, FilenamesAddWhatTheFolderLacks) {
  if (!loads(kPocl)) GTEST_SKIP() << kPocl << " does not load here";
  IcdFolder folder;  // empty: as on the GPU images, where the driver is named only by OCL_ICD_FILENAMES
  std::string added;
  EXPECT_EQ(offered(folder, std::string(kPocl) + ":libgs-no-such-driver.so", &added),
            (std::vector<std::string>{kPocl}));
  EXPECT_NE(added.find("OCL_ICD_FILENAMES"), std::string::npos) << added;
}

TEST(OpenClDrivers, OneDriverUnderAnotherFolderOrVersionIsListedOnce) {
  if (!loads(kPocl)) GTEST_SKIP() << kPocl << " does not load here";
  IcdFolder folder;
  folder.write("pocl.icd", "/usr/lib/x86_64-linux-gnu/libpocl.so.2.10.0\n");
  std::string added;
  EXPECT_EQ(offered(folder, "libpocl.so.2::libpocl.so", &added),
            (std::vector<std::string>{"/usr/lib/x86_64-linux-gnu/libpocl.so.2.10.0"}));
  EXPECT_EQ(added.find("OCL_ICD_FILENAMES"), std::string::npos) << added;
}

TEST(OpenClDrivers, DescribesLoaderAndList) {
  const OpenClDrivers& d = opencl_drivers();
  EXPECT_FALSE(d.loader.empty());
  EXPECT_FALSE(d.list.empty());
  EXPECT_NE(d.describe().find(d.list), std::string::npos);
}

}  // namespace
}  // namespace gs
