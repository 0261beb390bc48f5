#include "common/cuda/nccl.cuh"

#include <cstdlib>
#include <map>
#include <mutex>

namespace gs {

void disable_nvlink_multicast() {
  setenv("NCCL_NVLS_ENABLE", "0", 1);
  setenv("NVSHMEM_DISABLE_NVLS", "1", 1);
}

NcclComms::NcclComms(int gpus) : comms_(std::size_t(gpus), nullptr) {
  disable_nvlink_multicast();
  std::vector<int> devices(comms_.size());
  for (int g = 0; g < gpus; ++g) devices[g] = g;
  NCCL_CHECK(ncclCommInitAll(comms_.data(), gpus, devices.data()));
}

NcclComms::~NcclComms() {
  if (aborted_) return;
  for (ncclComm_t c : comms_)
    if (c) ncclCommDestroy(c);  // not checked: may run during unwinding
}

void NcclComms::abort() {
  if (aborted_) return;
  aborted_ = true;
  for (ncclComm_t c : comms_)
    if (c) ncclCommAbort(c);
}

namespace {

std::mutex cache_lock;
// Not a static object: at exit the CUDA runtime may be gone before a static's destructor runs.
std::map<int, std::shared_ptr<NcclComms>>* cache = nullptr;

// Registered with atexit after CUDA's runtime made its own exit handler (our
// first CUDA call came before), so it runs first, while the runtime is
// still there: the communicators are destroyed and NCCL frees what it holds.
void destroy_shared_comms() {
  const std::lock_guard<std::mutex> hold(cache_lock);
  delete cache;
  cache = nullptr;
}

}  // namespace

std::shared_ptr<NcclComms> shared_nccl_comms(int gpus) {
  const std::lock_guard<std::mutex> hold(cache_lock);
  if (!cache) {
    cache = new std::map<int, std::shared_ptr<NcclComms>>;
    std::atexit(destroy_shared_comms);
  }
  std::shared_ptr<NcclComms>& comms = (*cache)[gpus];
  if (!comms || comms->aborted()) comms = std::make_shared<NcclComms>(gpus);
  return comms;
}

}  // namespace gs
