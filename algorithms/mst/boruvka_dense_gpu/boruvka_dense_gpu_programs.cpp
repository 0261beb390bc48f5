#include "algorithms/mst/boruvka_dense_gpu/boruvka_dense_gpu_programs.hpp"

#include <utility>

#include "algorithms/mst/boruvka_dense_gpu/boruvka_dense_gpu.hpp"
#include "common/timer.hpp"

namespace gs::mst {
namespace {

// The solve on the device-resident matrix is `seconds` (compute_s); the matrix copy is h2d_s.
class BoruvkaDenseGpu final : public CompleteMsfProgram {
 public:
  std::uint64_t device_bytes(const harness::GraphSize& size) const override {
    return DenseBoruvkaGpu::device_bytes(vid_t(size.n));
  }
  harness::Prepared prepare(const CompleteGraph& g, int) override {
    WallTimer setup;
    gpu_ = std::make_unique<DenseBoruvkaGpu>(g.full.n);
    return matrix_reads(MatrixStorage::full, g, setup.seconds());
  }
  harness::Outcome<Forest> run(const CompleteGraph& g, const harness::NoQuery&, int) override {
    harness::Outcome<Forest> r;
    const double h2d = gpu_->upload(g.full);
    MsfResult m = gpu_->solve();
    r.answer = std::move(m.forest);
    r.seconds = m.time("compute_s");
    r.phases = {{"h2d_s", h2d}, {"compute_s", m.time("compute_s")}, {"d2h_s", m.time("d2h_s")}};
    return r;
  }
  void release() override { gpu_.reset(); }

 private:
  std::unique_ptr<DenseBoruvkaGpu> gpu_;
};

}  // namespace

std::unique_ptr<CompleteMsfProgram> make_boruvka_dense_gpu(const harness::NoOptions&) {
  return std::make_unique<BoruvkaDenseGpu>();
}

}  // namespace gs::mst
