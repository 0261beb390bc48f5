// Random weighted multigraphs for the GPU MST tests: uniform endpoints, so self
// loops and parallel edges occur, uniform weights in 1..max_w.
#pragma once

#include <random>

#include "common/graph.hpp"

namespace gs::test {

template <class W>
EdgeList<W> random_multigraph(vid_t n, eid_t m, W max_w, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<vid_t> vd(0, n - 1);
  std::uniform_int_distribution<W> wd(1, max_w);
  EdgeList<W> el;
  el.n = n;
  for (eid_t e = 0; e < m; ++e) el.add(vd(rng), vd(rng), wd(rng));
  return el;
}

}  // namespace gs::test
