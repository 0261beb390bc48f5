// Test helper for tests/hardening/gpu_memory.py: holds all but --leave BYTES of the
// GPU's free memory, prints "held H free F" and keeps it until stdin closes, so that
// another process can be run against a nearly full device (run-time out-of-memory).
// Exit 77 when there is no usable GPU.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 3 || std::strcmp(argv[1], "--leave") != 0) {
    std::fprintf(stderr, "usage: gpu_memory_hog --leave BYTES\n");
    return 2;
  }
  const size_t leave = std::strtoull(argv[2], nullptr, 10);
  size_t free_b = 0, total_b = 0;
  if (cudaMemGetInfo(&free_b, &total_b) != cudaSuccess) {
    std::printf("SKIPPED: no usable GPU\n");
    return 77;
  }
  // Take memory in chunks, halving the chunk whenever an allocation fails, until only
  // `leave` bytes (to within 2 MiB, the allocation granularity) stay free.
  std::vector<void*> held;
  size_t chunk = size_t(1) << 30;
  while (chunk >= (size_t(2) << 20)) {
    cudaMemGetInfo(&free_b, &total_b);
    if (free_b <= leave + (size_t(2) << 20)) break;
    const size_t want = std::min(chunk, free_b - leave);
    void* p = nullptr;
    if (cudaMalloc(&p, want) == cudaSuccess) {
      held.push_back(p);
    } else {
      cudaGetLastError();
      chunk /= 2;
    }
  }
  cudaMemGetInfo(&free_b, &total_b);
  std::printf("held %zu free %zu\n", total_b - free_b, free_b);
  std::fflush(stdout);
  char buf[256];
  while (std::fread(buf, 1, sizeof buf, stdin) > 0) {
  }
  for (void* p : held) cudaFree(p);
  return 0;
}
