// table1's read benchmark as a program: every word of one array read once in
// order, or words at pseudo-random positions, the array on the host
// (bench::CpuReadBench, in ReadArrays::cpu) or on the device
// (bench::GpuReadBench, ReadArrays::gpu; instantiated only in the CUDA
// library). Made once per graph and kept for every trial.
#pragma once

#include <memory>

#include "algorithms/traversal/traversal_programs.hpp"

namespace gs::traversal {

template <class Bench, std::shared_ptr<Bench> ReadArrays::*kArray, bool kOnDevice>
class ArrayRead final : public ReadProgram {
 public:
  explicit ArrayRead(bool random) : random_(random) {}
  std::uint64_t host_bytes(const harness::GraphSize& size) const override { return kOnDevice ? 0 : size.n * 8; }
  std::uint64_t device_bytes(const harness::GraphSize& size) const override { return kOnDevice ? size.n * 8 : 0; }
  // A host array is filled on every thread the rows record, so that first touch
  // spreads its pages as they read.
  harness::Prepared prepare(const ReadGraph& g, int) override {
    ReadArrays& a = *g.arrays;
    if (!(a.*kArray)) a.*kArray = std::make_shared<Bench>(a.words);
    expected_ =
        random_ ? bench::expected_random_checksum(a.words, a.reads) : bench::expected_sequential_checksum(a.words);
    return {};
  }
  harness::Outcome<ReadAnswer> run(const ReadGraph& g, const harness::NoQuery&, int) override {
    const ReadArrays& a = *g.arrays;
    ReadAnswer answer;
    answer.measured = random_ ? (a.*kArray)->random(a.reads) : (a.*kArray)->sequential();
    answer.expected_checksum = expected_;
    return {.seconds = answer.measured.seconds, .answer = answer, .phases = {{"gbs", answer.measured.gbs()}}};
  }

 private:
  bool random_;
  std::uint64_t expected_ = 0;  // every read's checksum, computed without reading the array
};

}  // namespace gs::traversal
