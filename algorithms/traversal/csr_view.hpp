// A non-owning view of a CSR graph's structure (offsets + neighbours), so that
// the traversals do not depend on the weight type of the Csr they are given.
#pragma once

#include "common/graph.hpp"

namespace gs::traversal {

struct CsrView {
  vid_t n = 0;
  eid_t arcs = 0;
  const eid_t* offsets = nullptr;  // n + 1 entries
  const vid_t* adj = nullptr;      // arcs entries

  eid_t degree(vid_t x) const { return offsets[x + 1] - offsets[x]; }
};

template <class W>
CsrView view_of(const Csr<W>& g) {
  return CsrView{g.n, g.num_arcs(), g.offsets.data(), g.adj.data()};
}

}  // namespace gs::traversal
