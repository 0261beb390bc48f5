// Beyond paper E: a work-efficient GPU SSSP, the near-far method of Davidson,
// Baxter, Garland and Owens (IPDPS 2014). Only the vertices whose distance
// changed are expanded (frontier queues), in distance bands of width delta:
// the near queue holds improved vertices below the current threshold, the far
// pile those above it; when the near queue empties the threshold advances and
// the far pile is split again.
#pragma once

#include <memory>
#include <vector>

#include "algorithms/sssp/sssp_run.hpp"
#include "common/graph.hpp"

namespace gs::sssp {

class NearFarGpu {
 public:
  NearFarGpu();
  ~NearFarGpu();
  NearFarGpu(const NearFarGpu&) = delete;
  NearFarGpu& operator=(const NearFarGpu&) = delete;

  // Copies the graph to the device. `delta` > 0: the band width (0: default_delta(g, 4)).
  void load(const Csr<float>& g, float delta = 0);
  double upload_seconds() const;
  float delta() const;

  std::vector<SsspRun> run(const std::vector<vid_t>& sources);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace gs::sssp
