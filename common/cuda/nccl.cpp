#include "common/cuda/nccl.cuh"

#include <cstdlib>

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

}  // namespace gs
