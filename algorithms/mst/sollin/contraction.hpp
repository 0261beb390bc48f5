// Contraction of one Sollin level (serial, O(vertices)): the paper's array
// "linked list" in which every vertex points to a lower-indexed vertex of its
// tree, an ascending renumbering pass, and the member lists that the
// conflict-free version walks.
#pragma once

#include "algorithms/mst/sollin/edge_key.hpp"

namespace gs::mst {

// Links every vertex to a lower-indexed vertex of the tree its selected edge
// puts it in (the tree's lowest vertex links to itself), then numbers the new
// vertices in the order of their lowest members: new_id[v] = new_id[link[v]].
// Returns the number of new vertices.
inline vid_t contract(const Choice* choice, vid_t nn, vid_t* link, vid_t* new_id) {
  for (vid_t v = 0; v < nn; ++v) link[v] = v;
  auto root = [link](vid_t x) {
    while (link[x] != x) x = link[x] = link[link[x]];  // path halving keeps link[x] <= x
    return x;
  };
  for (vid_t v = 0; v < nn; ++v) {
    const vid_t a = root(v), b = root(choice_target(choice[v]));
    if (a < b) link[b] = a;
    else if (b < a) link[a] = b;
  }
  vid_t count = 0;
  for (vid_t v = 0; v < nn; ++v) new_id[v] = link[v] == v ? count++ : new_id[link[v]];
  return count;
}

// Member lists of the new vertices in ascending order (a counting sort):
// offset has new_count + 1 entries, members nn.
inline void build_member_lists(const vid_t* new_id, vid_t nn, vid_t new_count, vid_t* offset, vid_t* members) {
  for (vid_t a = 0; a <= new_count; ++a) offset[a] = 0;
  for (vid_t v = 0; v < nn; ++v) ++offset[new_id[v] + 1];
  for (vid_t a = 0; a < new_count; ++a) offset[a + 1] += offset[a];
  for (vid_t v = 0; v < nn; ++v) members[offset[new_id[v]]++] = v;
  for (vid_t a = new_count; a > 0; --a) offset[a] = offset[a - 1];  // the pass above moved each to the next's start
  offset[0] = 0;
}

}  // namespace gs::mst
