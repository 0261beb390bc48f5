// The CUDA Prims of the prim_gpu family as harness programs (in gs_prim_gpu).
#include <cstdint>
#include <string>

#include "algorithms/mst/csr_gpu_program.hpp"
#include "algorithms/mst/prim_gpu/prim_gpu.hpp"
#include "algorithms/mst/prim_gpu/prim_gpu_programs.hpp"
#include "algorithms/mst/prim_gpu/prim_input_checks.hpp"
#include "common/errors.hpp"
#include "common/results.hpp"

namespace gs::mst {
namespace {

using W = std::uint32_t;

// The paper's Prims and the resident one: every step scans every remaining
// vertex, n steps on n vertices with edges, so n^2 "steps x vertices scanned
// per step" by design; above --prim-max-work they skip the graph. Weight
// UINT32_MAX is their "no edge" (the paper's max_weight).
class QuadraticPrim : public CsrGpuProgram {
 public:
  explicit QuadraticPrim(const PrimGpuOptions& o) : max_work_(o.prim_max_work) {}

 protected:
  std::string refusal(const Csr<W>& g) const override {
    try {  // the programs' own preconditions (a reserved weight), as a skip rather than an error
      check_prim_input(g, "this Prim");
    } catch (const InputError& e) {
      return e.what();
    }
    const double work = double(g.n) * double(g.n);
    if (work > double(max_work_))
      return "estimated work " + fmt_number(work) + " (" + std::to_string(g.n) +
             " steps x vertices scanned per step, vertices with edges) is above --prim-max-work " +
             std::to_string(max_work_);
    return {};
  }
  std::uint64_t prepared_device_bytes(const Csr<W>& g) const override { return prim_gpu_device_bytes(g); }

 private:
  std::int64_t max_work_;
};

// The launch-per-step Prims take |V| dependent steps of 3-4 launches each plus
// O(|V|) work per step (experiments/prim_gpu/NOTES.md).
std::uint64_t launch_per_step_max_n(bool paper_scale) { return paper_scale ? 1u << 16 : 1u << 15; }

class PrimNaive final : public QuadraticPrim {
 public:
  using QuadraticPrim::QuadraticPrim;
  std::uint64_t max_generated_n(bool paper_scale) const override { return launch_per_step_max_n(paper_scale); }

 protected:
  MsfResult solve(const Csr<W>& g) override { return prim_naive_gpu(g); }
};

class PrimMinReduce final : public QuadraticPrim {
 public:
  explicit PrimMinReduce(const PrimGpuOptions& o) : QuadraticPrim(o), max_blocks_(unsigned(o.max_blocks)) {}
  std::uint64_t max_generated_n(bool paper_scale) const override { return launch_per_step_max_n(paper_scale); }

 protected:
  MsfResult solve(const Csr<W>& g) override { return prim_minreduce_gpu(g, max_blocks_); }

 private:
  unsigned max_blocks_;
};

class PrimResident final : public QuadraticPrim {
 public:
  using QuadraticPrim::QuadraticPrim;
  // Its single block scans every key on every step.
  std::uint64_t max_generated_n(bool paper_scale) const override { return paper_scale ? 1u << 17 : 1u << 16; }

 protected:
  MsfResult solve(const Csr<W>& g) override { return prim_resident_gpu(g); }
};

}  // namespace

std::unique_ptr<CsrMsfProgram> make_prim_naive_gpu(const PrimGpuOptions& o) { return std::make_unique<PrimNaive>(o); }
std::unique_ptr<CsrMsfProgram> make_prim_minreduce_gpu(const PrimGpuOptions& o) {
  return std::make_unique<PrimMinReduce>(o);
}
std::unique_ptr<CsrMsfProgram> make_prim_resident_gpu(const PrimGpuOptions& o) {
  return std::make_unique<PrimResident>(o);
}

}  // namespace gs::mst
