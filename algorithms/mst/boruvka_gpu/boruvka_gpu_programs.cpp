#include "algorithms/mst/boruvka_gpu/boruvka_gpu_programs.hpp"

#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"
#include "algorithms/mst/csr_gpu_program.hpp"

namespace gs::mst {
namespace {

class BoruvkaGpu final : public CsrGpuProgram {
 protected:
  MsfResult solve(const Csr<std::uint32_t>& g) override { return boruvka_gpu(g); }
  std::uint64_t prepared_device_bytes(const Csr<std::uint32_t>& g) const override {
    return boruvka_gpu_device_bytes(g);
  }
};

}  // namespace

std::unique_ptr<CsrMsfProgram> make_boruvka_gpu() { return std::make_unique<BoruvkaGpu>(); }

}  // namespace gs::mst
