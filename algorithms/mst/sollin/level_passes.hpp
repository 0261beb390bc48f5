// The select and merge passes of one Sollin level, for each strategy and input
// view (see sollin.hpp). Every pass writes `choice` for the vertices it produces.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <omp.h>
#include <vector>

#include "algorithms/mst/sollin/matrix_views.hpp"

namespace gs::mst {

// ---- Select on the input (level 1) -------------------------------------------

inline Choice select_full_row(const std::uint16_t* row, vid_t n, vid_t i) {
  Choice m = kNoChoice;
  for (vid_t j = 0; j < i; ++j) m = std::min(m, make_choice(row[j], j));
  for (vid_t j = i + 1; j < n; ++j) m = std::min(m, make_choice(row[j], j));
  return m;
}

// One row per vertex; rows are independent, so the parallel form has no conflicts.
inline void select_input(const FullInputView& in, Choice* choice, int threads, std::vector<Choice>&) {
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
  for (std::int64_t i = 0; i < std::int64_t(in.n); ++i) choice[i] = select_full_row(in.row(vid_t(i)), in.n, vid_t(i));
}

// Rows [lo, hi) of the lower triangle, each edge counted for both endpoints.
inline void select_triangular_rows(const TriangularInputView& in, vid_t lo, vid_t hi, Choice* out) {
  for (vid_t i = lo; i < hi; ++i) {
    const std::uint16_t* row = in.row(i);
    Choice m = out[i];
    for (vid_t j = 0; j < i; ++j) {
      m = std::min(m, make_choice(row[j], j));
      out[j] = std::min(out[j], make_choice(row[j], i));
    }
    out[i] = m;
  }
}

// The first row of the t-th of T shares holding equal numbers of triangle entries.
inline vid_t triangle_share_start(vid_t n, int t, int T) {
  return t >= T ? n : vid_t(std::llround(double(n) * std::sqrt(double(t) / double(T))));
}

// Serial: both endpoints updated in place. Parallel: an edge would update the
// choices of two vertices, so each thread keeps its own choice array for its
// share of rows and the arrays are reduced afterwards (no shared writes).
inline void select_input(const TriangularInputView& in, Choice* choice, int threads, std::vector<Choice>& scratch) {
  const vid_t n = in.n;
  if (threads <= 1) {
    std::fill(choice, choice + n, kNoChoice);
    select_triangular_rows(in, 0, n, choice);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num(), T = omp_get_num_threads();
    Choice* mine = scratch.data() + std::size_t(t) * n;
    std::fill(mine, mine + n, kNoChoice);
    select_triangular_rows(in, triangle_share_start(n, t, T), triangle_share_start(n, t + 1, T), mine);
#pragma omp barrier
#pragma omp for schedule(static)
    for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
      Choice m = kNoChoice;
      for (int u = 0; u < T; ++u) m = std::min(m, scratch[std::size_t(u) * n + v]);
      choice[v] = m;
    }
  }
}

// Select over a finished contracted row (the diagonal, kNoEdgeKey, is skipped).
inline Choice select_contracted_row(const EdgeKey* row, vid_t n, vid_t a) {
  Choice m = kNoChoice;
  for (vid_t b = 0; b < a; ++b) m = std::min(m, make_choice(key_weight(row[b]), b));
  for (vid_t b = a + 1; b < n; ++b) m = std::min(m, make_choice(key_weight(row[b]), b));
  return m;
}

// Levels with fewer new vertices than this are merged on one thread: their
// work is smaller than the cost of waking the team.
inline constexpr vid_t kParallelMinVertices = 64;

// ---- Merge edges, fused with the next select -----------------------------------
// `cur` has cur.n old vertices; `new_id` maps them to nn2 new ones; `out` gets
// the nn2 x nn2 contracted matrix and `choice` the new vertices' selections.

// Serial, by old edges in storage order: every edge scattered into the new
// matrix, and the new vertex's choice updated on the way.
template <class View>
void merge_serial(const View& cur, const vid_t* new_id, vid_t nn2, EdgeKey* out, Choice* choice) {
  std::fill(out, out + std::size_t(nn2) * nn2, kNoEdgeKey);
  std::fill(choice, choice + nn2, kNoChoice);
  for (vid_t i = 0; i < cur.n; ++i) {
    const vid_t a = new_id[i];
    EdgeKey* out_row = out + std::size_t(a) * nn2;
    const auto* row = cur.row(i);
    Choice best = choice[a];
    auto visit = [&](vid_t j, EdgeKey k) {
      const vid_t b = new_id[j];
      if (b == a) return;
      out_row[b] = std::min(out_row[b], k);
      best = std::min(best, make_choice(key_weight(k), b));
    };
    for (vid_t j = 0; j < i; ++j) visit(j, View::lower(row[j], i, j));
    for (vid_t j = i + 1; j < cur.n; ++j) visit(j, View::upper(row[j], i, j));
    choice[a] = best;
  }
}

// Serial over the lower triangle: each stored edge updates both directions.
inline void merge_serial(const TriangularInputView& cur, const vid_t* new_id, vid_t nn2, EdgeKey* out, Choice* choice) {
  std::fill(out, out + std::size_t(nn2) * nn2, kNoEdgeKey);
  std::fill(choice, choice + nn2, kNoChoice);
  for (vid_t i = 0; i < cur.n; ++i) {
    const vid_t a = new_id[i];
    const std::uint16_t* row = cur.row(i);
    for (vid_t j = 0; j < i; ++j) {
      const vid_t b = new_id[j];
      if (b == a) continue;
      const EdgeKey k = edge_key(row[j], j, i);
      EdgeKey& ab = out[std::size_t(a) * nn2 + b];
      EdgeKey& ba = out[std::size_t(b) * nn2 + a];
      ab = std::min(ab, k);
      ba = std::min(ba, k);
      choice[a] = std::min(choice[a], make_choice(row[j], b));
      choice[b] = std::min(choice[b], make_choice(row[j], a));
    }
  }
}

// Conflict-free, by new edges: the thread that owns new vertex a walks a's
// members and builds row a alone (branch-free: edges inside a land on the
// diagonal, which is reset), then selects over the row while it is in cache.
template <class View>
void merge_conflict_free(const View& cur, const vid_t* new_id, const vid_t* head, const vid_t* next, vid_t nn2,
                         EdgeKey* out, Choice* choice, int threads, std::vector<Choice>&) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (threads > 1 && nn2 >= kParallelMinVertices)
  for (std::int64_t a = 0; a < std::int64_t(nn2); ++a) {
    EdgeKey* out_row = out + std::size_t(a) * nn2;
    std::fill(out_row, out_row + nn2, kNoEdgeKey);
    for (vid_t i = head[a]; i != kNoVertex; i = next[i]) {
      const auto* row = cur.row(i);
      for (vid_t j = 0; j < i; ++j) {
        EdgeKey& o = out_row[new_id[j]];
        o = std::min(o, View::lower(row[j], i, j));
      }
      for (vid_t j = i + 1; j < cur.n; ++j) {
        EdgeKey& o = out_row[new_id[j]];
        o = std::min(o, View::upper(row[j], i, j));
      }
    }
    out_row[a] = kNoEdgeKey;
    choice[vid_t(a)] = select_contracted_row(out_row, nn2, vid_t(a));
  }
}

// Conflict-free over the lower triangle, in two conflict-free phases: (1) the
// owner of new vertex a walks a's members' stored rows (j < i) into row a, so
// each edge lands in only one direction; (2) the owner of row a folds each pair
// b < a into both directions and records both endpoints' choices in its own
// per-thread array; the arrays are reduced at the end.
inline void merge_conflict_free(const TriangularInputView& cur, const vid_t* new_id, const vid_t* head,
                                const vid_t* next, vid_t nn2, EdgeKey* out, Choice* choice, int threads,
                                std::vector<Choice>& scratch) {
#pragma omp parallel num_threads(threads) if (threads > 1 && nn2 >= kParallelMinVertices)
  {
    const int t = omp_get_thread_num(), T = omp_get_num_threads();
    Choice* mine = scratch.data() + std::size_t(t) * nn2;
    std::fill(mine, mine + nn2, kNoChoice);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t a = 0; a < std::int64_t(nn2); ++a) {
      EdgeKey* out_row = out + std::size_t(a) * nn2;
      std::fill(out_row, out_row + nn2, kNoEdgeKey);
      for (vid_t i = head[a]; i != kNoVertex; i = next[i]) {
        const std::uint16_t* row = cur.row(i);
        for (vid_t j = 0; j < i; ++j) {
          EdgeKey& o = out_row[new_id[j]];
          o = std::min(o, edge_key(row[j], j, i));
        }
      }
      out_row[a] = kNoEdgeKey;
    }
    // Consecutive rows go to one thread, so the column lines it reads stay in cache.
#pragma omp for schedule(dynamic, 8)
    for (std::int64_t a = 0; a < std::int64_t(nn2); ++a) {
      EdgeKey* out_row = out + std::size_t(a) * nn2;
      Choice best = mine[a];
      for (vid_t b = 0; b < vid_t(a); ++b) {
        EdgeKey& ba = out[std::size_t(b) * nn2 + a];
        const EdgeKey k = std::min(out_row[b], ba);
        out_row[b] = ba = k;
        best = std::min(best, make_choice(key_weight(k), b));
        mine[b] = std::min(mine[b], make_choice(key_weight(k), vid_t(a)));
      }
      mine[a] = best;
    }
#pragma omp for schedule(static)
    for (std::int64_t v = 0; v < std::int64_t(nn2); ++v) {
      Choice m = kNoChoice;
      for (int u = 0; u < T; ++u) m = std::min(m, scratch[std::size_t(u) * nn2 + v]);
      choice[v] = m;
    }
  }
}

}  // namespace gs::mst
