// Contraction of one Sollin level (O(vertices)): the paper's array "linked
// list" in which every vertex points to a lower-indexed vertex of its tree, an
// ascending renumbering pass, and the member lists that the conflict-free
// version walks; and a parallel form of the first two that gives the same
// numbering.
#pragma once

#include <algorithm>
#include <cstdint>
#include <omp.h>
#include <vector>

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

// Below this many vertices a level is contracted on one thread: the parallel
// form's eight or so barriers cost more than the serial walk.
inline constexpr vid_t kParallelContractMinVertices = 2048;

// contract() for `threads` threads, giving the same new_id (trees numbered in
// the order of their lowest members).
//  1. Each vertex points along its selected edge; the lower vertex of a mutual
//     pair points to itself and names the tree. With ties to the lower index the
//     selected edges hold no longer cycle (along a cycle the weights cannot fall,
//     so all are equal, and each vertex would have chosen a lower index than the
//     next one's, all the way round), so these pointers form in-trees.
//  2. Pointer jumping, reading one array and writing the other (no races), until
//     every vertex points to its tree's name: O(log depth) rounds.
//  3. One thread numbers the trees in one ascending pass (a tree gets its number
//     at its lowest member: one read and write per vertex, cheaper than atomics),
//     and all threads then copy the numbers to the members.
// `jump`, `jump2` and `number` are scratch of nn entries.
inline vid_t contract_parallel(const Choice* choice, vid_t nn, vid_t* jump, vid_t* jump2, vid_t* number, vid_t* new_id,
                               int threads, std::vector<vid_t>& flags) {
  flags.assign(2 * std::size_t(threads), 0);  // two slots of per-thread "changed" flags
  vid_t count = 0;
  const vid_t* tree = jump;
#pragma omp parallel num_threads(threads)
  {
    const int T = omp_get_num_threads(), me = omp_get_thread_num();
    const vid_t lo = vid_t(std::uint64_t(nn) * me / T), hi = vid_t(std::uint64_t(nn) * (me + 1) / T);
    for (vid_t v = lo; v < hi; ++v) {
      const vid_t t = choice_target(choice[v]);
      jump[v] = choice_target(choice[t]) == v && v < t ? v : t;
      number[v] = kNoVertex;
    }
    vid_t *from = jump, *to = jump2;
    for (int round = 0;; ++round) {
#pragma omp barrier
      vid_t changed = 0;
      for (vid_t v = lo; v < hi; ++v) {
        to[v] = from[from[v]];
        changed |= to[v] != from[v];
      }
      flags[(round & 1) * T + me] = changed;  // slots alternate: a slot is rewritten after two more barriers
#pragma omp barrier
      vid_t any = 0;
      for (int u = 0; u < T; ++u) any |= flags[(round & 1) * T + u];
      std::swap(from, to);
      if (!any) break;
    }
#pragma omp single
    {
      tree = from;
      for (vid_t v = 0; v < nn; ++v)
        if (number[from[v]] == kNoVertex) number[from[v]] = count++;
    }  // (the single's barrier publishes the numbers)
    for (vid_t v = lo; v < hi; ++v) new_id[v] = number[tree[v]];
  }
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
