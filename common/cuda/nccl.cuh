// NCCL, checked like the CUDA calls (check.cuh), and the communicators of
// one process over several GPUs of its host. Built only with NCCL
// (GS_HAVE_NCCL; cmake/FindNCCL.cmake).
#pragma once

#include <nccl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace gs {

inline void nccl_check(ncclResult_t result, const char* call, const char* file, int line) {
  if (result == ncclSuccess) return;
  throw std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " + call + ": " +
                           ncclGetErrorString(result));
}

// NVLink SHARP (multicast objects) stays off in this process and in what it
// starts: the machines the suite runs on forbid multicast objects. Called
// before the first communicator is made.
void disable_nvlink_multicast();

// One communicator per GPU 0 .. gpus - 1, made together by this process.
// A failed collective leaves the others waiting: abort() ends them all.
class NcclComms {
 public:
  explicit NcclComms(int gpus);
  ~NcclComms();
  NcclComms(const NcclComms&) = delete;
  NcclComms& operator=(const NcclComms&) = delete;

  int size() const { return int(comms_.size()); }
  ncclComm_t operator[](int gpu) const { return comms_[gpu]; }
  // Ends every communicator's pending work; the object is unusable after it.
  void abort();
  bool aborted() const { return aborted_; }

 private:
  std::vector<ncclComm_t> comms_;
  bool aborted_ = false;
};

// The process's communicators over GPUs 0 .. gpus - 1, made on first use
// (making them is slow: NCCL connects every pair of GPUs) and kept: every multi-GPU object of
// that size shares them. Aborted ones are replaced by new ones.
std::shared_ptr<NcclComms> shared_nccl_comms(int gpus);

}  // namespace gs

#define NCCL_CHECK(call) ::gs::nccl_check((call), #call, __FILE__, __LINE__)
