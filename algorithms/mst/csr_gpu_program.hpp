// A GPU minimum-spanning-forest program on the CSR as the harness runs it: one
// call on the graph without its isolated vertices (prepared untimed; the
// forest maps back to the original ids); `seconds` is its device compute time
// (compute_s), the phases (h2d_s, compute_s, d2h_s and any parts) are columns.
// Compiled into the CUDA libraries only (prim_gpu, boruvka_gpu adapters).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "algorithms/mst/msf_program.hpp"
#include "algorithms/mst/without_isolated.hpp"

namespace gs::mst {

class CsrGpuProgram : public CsrMsfProgram {
 public:
  harness::Prepared prepare(const Csr<std::uint32_t>& g, int) override {
    graph_.emplace(g);
    return {.refusal = refusal(graph()), .device_bytes = prepared_device_bytes(graph())};
  }
  harness::Outcome<Forest> run(const Csr<std::uint32_t>&, const harness::NoQuery&, int) override {
    MsfResult r = solve(graph());
    harness::Outcome<Forest> out;
    out.answer = graph_->to_original(std::move(r.forest));
    out.seconds = r.time("compute_s");
    out.phases = phase_columns(r);  // boruvka_gpu's parts of compute_s and counts
    for (const char* name : {"h2d_s", "compute_s", "d2h_s"}) out.phases[name] = r.time(name);
    return out;
  }
  void release() override { graph_.reset(); }

 protected:
  const Csr<std::uint32_t>& graph() const { return graph_->graph(); }
  virtual MsfResult solve(const Csr<std::uint32_t>& g) = 0;
  // Why it does not run on the graph without isolated vertices ("": it runs).
  virtual std::string refusal(const Csr<std::uint32_t>&) const { return {}; }
  virtual std::uint64_t prepared_device_bytes(const Csr<std::uint32_t>& g) const = 0;

 private:
  std::optional<WithoutIsolated<std::uint32_t>> graph_;
};

}  // namespace gs::mst
