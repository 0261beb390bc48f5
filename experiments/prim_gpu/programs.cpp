#include "experiments/prim_gpu/programs.hpp"

#include <stdexcept>

#include "common/memory.hpp"
#include "common/timer.hpp"
#if GS_HAVE_CUDA
#include "algorithms/mst/boruvka_gpu/boruvka_gpu.hpp"
#include "algorithms/mst/prim_gpu/prim_gpu.hpp"
#endif

namespace gs::prim_gpu_exp {

const std::vector<AlgorithmInfo>& programs() {
  static const std::vector<AlgorithmInfo> all = {
      {"bgl_prim", "BGL prim_minimum_spanning_tree, CPU serial (the paper's baseline)", false, false},
      {"prim_naive_gpu", "paper's non-primitive CUDA Prim (one plain min kernel per step)", true, false},
      {"prim_minreduce_gpu", "paper's CUDA Prim with the two-kernel min-reduction primitive", true, false},
      {"prim_resident_gpu", "beyond: Prim loop in one persistent single-block kernel", true, false},
      {"boruvka_gpu", "beyond: GPU Boruvka minimum spanning forest (CUB)", true, false},
  };
  return all;
}

#if GS_HAVE_CUDA
namespace {
ProgramRun from_gpu(mst_gpu::GpuMsfResult r) {
  ProgramRun out;
  out.forest = std::move(r.forest);
  out.gpu = true;
  out.h2d_s = r.h2d_s;
  out.compute_s = r.compute_s;
  out.d2h_s = r.d2h_s;
  out.phases = std::move(r.phases);
  out.seconds = r.compute_s;
  return out;
}
}  // namespace
#endif

ProgramRun run_program(const std::string& name, const Csr<W>& g, const bgl::Digraph<W>& bgl,
                       const ProgramOptions& opt) {
  if (name == "bgl_prim") {
    ProgramRun out;
    WallTimer t;
    out.forest = bgl::prim(bgl);
    out.seconds = t.seconds();
    return out;
  }
#if GS_HAVE_CUDA
  if (name == "prim_naive_gpu") return from_gpu(mst_gpu::prim_naive_gpu(g));
  if (name == "prim_minreduce_gpu") return from_gpu(mst_gpu::prim_minreduce_gpu(g, opt.max_blocks));
  if (name == "prim_resident_gpu") return from_gpu(mst_gpu::prim_resident_gpu(g));
  if (name == "boruvka_gpu") return from_gpu(mst_gpu::boruvka_gpu(g));
#endif
  throw std::logic_error("prim_gpu: program " + name + " is not built into this executable");
}

void require_memory(const std::string& name, const Csr<W>& g) {
#if GS_HAVE_CUDA
  if (name == "boruvka_gpu") return require_device_memory(mst_gpu::boruvka_gpu_device_bytes(g), name);
  if (name != "bgl_prim") return require_device_memory(mst_gpu::prim_gpu_device_bytes(g), name);
#endif
  (void)name;
  (void)g;
}

}  // namespace gs::prim_gpu_exp
