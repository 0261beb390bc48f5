// RAII device, pinned-host and mapped-host arrays.
#pragma once

#include <cstddef>
#include <vector>

#include "common/cuda/check.cuh"

namespace gs {

template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t n) { resize(n); }
  ~DeviceBuffer() { release(); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& o) noexcept : p_(o.p_), n_(o.n_) {
    o.p_ = nullptr;
    o.n_ = 0;
  }
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      release();
      p_ = o.p_;
      n_ = o.n_;
      o.p_ = nullptr;
      o.n_ = 0;
    }
    return *this;
  }

  // Discards the contents.
  void resize(std::size_t n) {
    if (n == n_) return;
    release();
    if (n) CUDA_CHECK(cudaMalloc(&p_, n * sizeof(T)));
    n_ = n;
  }
  void upload(const T* host, std::size_t n, cudaStream_t s = 0) {
    resize(n);
    if (n) CUDA_CHECK(cudaMemcpyAsync(p_, host, n * sizeof(T), cudaMemcpyHostToDevice, s));
  }
  void upload(const std::vector<T>& host, cudaStream_t s = 0) { upload(host.data(), host.size(), s); }
  void download(T* host, std::size_t n, cudaStream_t s = 0) const {
    if (n) CUDA_CHECK(cudaMemcpyAsync(host, p_, n * sizeof(T), cudaMemcpyDeviceToHost, s));
  }
  std::vector<T> to_host() const {
    std::vector<T> h(n_);
    download(h.data(), n_);
    CUDA_CHECK(cudaDeviceSynchronize());
    return h;
  }
  void fill_bytes(int byte, cudaStream_t s = 0) {
    if (n_) CUDA_CHECK(cudaMemsetAsync(p_, byte, n_ * sizeof(T), s));
  }

  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }

 private:
  void release() {
    if (p_) cudaFree(p_);  // not checked: may run during unwinding
    p_ = nullptr;
    n_ = 0;
  }
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

// Page-locked host memory, for copies at full PCIe/NVLink speed.
template <class T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t n) { resize(n); }
  ~PinnedBuffer() {
    if (p_) cudaFreeHost(p_);
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  void resize(std::size_t n) {
    if (p_) cudaFreeHost(p_);
    p_ = nullptr;
    if (n) CUDA_CHECK(cudaMallocHost(&p_, n * sizeof(T)));
    n_ = n;
  }
  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return p_[i]; }
  const T& operator[](std::size_t i) const { return p_[i]; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

// Page-locked host memory that kernels write directly (through device()):
// a few words a kernel hands the host without a copy queued behind others.
template <class T>
class MappedBuffer {
 public:
  explicit MappedBuffer(std::size_t n) {
    CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void**>(&host_), n * sizeof(T), cudaHostAllocMapped));
    CUDA_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_), host_, 0));
  }
  ~MappedBuffer() { cudaFreeHost(host_); }
  MappedBuffer(const MappedBuffer&) = delete;
  MappedBuffer& operator=(const MappedBuffer&) = delete;
  const volatile T* host() const { return host_; }  // read after the writing kernel has been synchronised
  T* device() { return device_; }

 private:
  T* host_ = nullptr;
  T* device_ = nullptr;
};

}  // namespace gs
