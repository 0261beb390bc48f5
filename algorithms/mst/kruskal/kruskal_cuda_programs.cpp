// The CUDA programs of the kruskal_100m family as harness programs (in gs_kruskal_cuda).
#include <memory>
#include <utility>

#include "algorithms/mst/kruskal/kruskal_gpu.hpp"
#include "algorithms/mst/kruskal/kruskal_programs.hpp"
#include "common/timer.hpp"

namespace gs::mst {
namespace {

using Outcome = harness::Outcome<Forest>;

// The paper's GPU sorts, timed end to end: Thrust (Cdp = false) or the CDP2 quicksort kernel.
template <bool Cdp>
class DeviceSort final : public KruskalProgram {
 public:
  // Thrust: 3 input + 3 sorted vectors of u32 and the radix sort's buffers; CDP: data + scratch.
  std::uint64_t device_bytes(const harness::GraphSize& size) const override { return size.m * (Cdp ? 24 : 36); }
  Outcome run(const KruskalInput& in, const harness::NoQuery&, int) override {
    std::vector<KEdge>& e = in.work;
    WallTimer t;
    MsfResult r = Cdp ? kruskal_cdp(in.el.n, e.data(), e.size()) : kruskal_thrust(in.el.n, e.data(), e.size());
    const double seconds = t.seconds();
    return {.seconds = seconds, .answer = std::move(r.forest), .phases = phase_columns(r)};
  }
};

class CubKruskal final : public KruskalProgram {
 public:
  std::uint64_t device_bytes(const harness::GraphSize& size) const override {
    return CubKruskalPipeline::device_bytes(vid_t(size.n), size.m);
  }
  harness::Prepared prepare(const KruskalInput& in, int) override {
    pipeline_ = std::make_unique<CubKruskalPipeline>(in.edges.size());
    // Trials read the program's own copy: the copy each trial gets is not pinned.
    pinned_ = in.edges;
    return {.columns = {{"pin_s", pipeline_->pin(pinned_.data(), pinned_.size())}}};
  }
  Outcome run(const KruskalInput& in, const harness::NoQuery&, int) override {
    WallTimer t;
    MsfResult r = pipeline_->run(in.el.n, pinned_.data(), pinned_.size());
    const double seconds = t.seconds();
    Outcome o{.seconds = seconds, .answer = std::move(r.forest), .phases = phase_columns(r)};
    o.phases["cub_sortpairs_s"] = pipeline_->cub_sort_pairs_seconds(pinned_.size());
    return o;
  }
  void release() override {
    pipeline_.reset();
    pinned_ = {};
  }

 private:
  std::unique_ptr<CubKruskalPipeline> pipeline_;
  std::vector<KEdge> pinned_;
};

}  // namespace

std::unique_ptr<KruskalProgram> make_kruskal_thrust(const harness::NoOptions&) {
  return std::make_unique<DeviceSort<false>>();
}
std::unique_ptr<KruskalProgram> make_kruskal_cdp(const harness::NoOptions&) {
  return std::make_unique<DeviceSort<true>>();
}
std::unique_ptr<KruskalProgram> make_kruskal_cub_gpu(const harness::NoOptions&) {
  return std::make_unique<CubKruskal>();
}

}  // namespace gs::mst
