// Contraction of one Sollin level (serial, O(vertices)): the paper's array
// "linked list" in which every vertex points to a lower-indexed vertex of its
// tree, an ascending renumbering pass, and the head/next member lists of the
// conflict-free version.
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

// Member lists of the new vertices, in ascending order: head[a] is the lowest
// old vertex of a, next[v] the next one after v (kNoVertex ends a list).
inline void build_member_lists(const vid_t* new_id, vid_t nn, vid_t new_count, vid_t* head, vid_t* next) {
  for (vid_t a = 0; a < new_count; ++a) head[a] = kNoVertex;
  for (vid_t v = nn; v-- > 0;) {
    next[v] = head[new_id[v]];
    head[new_id[v]] = v;
  }
}

}  // namespace gs::mst
