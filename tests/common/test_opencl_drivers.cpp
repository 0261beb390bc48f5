// The list of OpenCL drivers the suite offers its loader: the folder's .icd
// files first, then what $OCL_ICD_FILENAMES adds, each driver once whatever
// its folder or version, and never a library that does not load. (That the
// loader then finds the GPU is test_two_kernel_opencl_gpu's part, on a GPU.)
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <CL/cl.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "common/opencl_drivers.hpp"
#include "tests/common/scratch_folder.hpp"

namespace gs {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPocl = "libpocl.so.2";  // CI's OpenCL driver (scripts/deps.sh installs it)

bool loads(const char* lib) {
  void* h = dlopen(lib, RTLD_LAZY | RTLD_LOCAL);
  if (h) dlclose(h);
  return h != nullptr;
}

using IcdFolder = testing::ScratchFolder;

// The list without NVIDIA's library, which only a machine with its driver adds.
std::vector<std::string> offered(const IcdFolder& folder, const std::string& filenames, std::string* added) {
  std::vector<std::string> drivers = drivers_to_offer(folder.path(), filenames, added);
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

TEST(OpenClDrivers, NamesTheLoaderFile) {
  const OpenClDrivers& d = opencl_drivers();
  EXPECT_TRUE(fs::is_regular_file(d.loader)) << d.loader;
  EXPECT_NE(d.describe().find(d.list), std::string::npos);
}

// The whole offer, through the loader: it must be the process's first OpenCL
// call, so it runs only as its own ctest entry (test_opencl_drivers_offer sets
// GS_TEST_FIRST_OPENCL_CALL). The folder the loader would read is empty, as on
// the GPU images for their GPU driver; OCL_ICD_FILENAMES names PoCL.
TEST(OfferedToTheLoader, FoundThroughThePrivateFolderWhichIsThenGone) {
  if (!std::getenv("GS_TEST_FIRST_OPENCL_CALL")) GTEST_SKIP() << "runs as test_opencl_drivers_offer";
  if (!loads(kPocl)) GTEST_SKIP() << kPocl << " does not load here";
  const IcdFolder vendors, tmp;
  setenv("TMPDIR", tmp.path().c_str(), 1);
  setenv("OCL_ICD_FILENAMES", kPocl, 1);
  unsetenv("OCL_ICD_VENDORS");
  unsetenv("GS_OPENCL_DRIVERS");
  const OpenClDrivers d = offer_opencl_drivers(vendors.path());
  // (and NVIDIA's library where its driver is installed)
  EXPECT_NE(d.list.find("with OCL_ICD_FILENAMES"), std::string::npos) << d.list;
  EXPECT_NE(d.list.find("offered by the suite"), std::string::npos) << d.list;
  ASSERT_FALSE(d.drivers.empty());
  EXPECT_EQ(d.drivers.front(), kPocl);
  cl_uint platforms = 0;
  ASSERT_EQ(clGetPlatformIDs(0, nullptr, &platforms), CL_SUCCESS);
  EXPECT_EQ(platforms, cl_uint(d.drivers.size())) << "one platform per driver offered, from the private folder alone";
  EXPECT_EQ(std::getenv("OCL_ICD_VENDORS"), nullptr) << "the variable outlived the loader's read";
  EXPECT_TRUE(fs::is_empty(tmp.dir)) << "the private folder was left behind";
}

}  // namespace
}  // namespace gs
