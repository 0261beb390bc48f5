// The select and merge passes of one Sollin level, for each strategy and input
// view (see sollin.hpp). Every merge writes `choice` for the vertices it produces.
//
// All matrices hold 16-bit weights, so the hot loops are element-wise minima
// over rows of uint16 that the compiler vectorises (the library is built with
// the building machine's -march=native where the compiler accepts it).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <omp.h>
#include <vector>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "algorithms/mst/sollin/row_block.hpp"
#include "algorithms/mst/sollin/matrix_views.hpp"

namespace gs::mst {

// The identity of the weight minimum. 65535 is also a real weight, which is
// harmless: no pass tests an entry against it; the diagonal is skipped by index.
inline constexpr std::uint16_t kNoWeight = 0xffff;

// Levels with fewer new vertices than this are merged on one thread: their
// work is smaller than the cost of waking the team.
inline constexpr vid_t kParallelMinVertices = 64;

// ---- Select ------------------------------------------------------------------

// Lightest weight in row[lo, hi): a plain 16-bit minimum, which the compiler
// vectorises at the weights' own width (twice the lanes of packed choices).
inline std::uint16_t row_min(const std::uint16_t* row, vid_t lo, vid_t hi) {
  std::uint16_t m = kNoWeight;
  for (vid_t j = lo; j < hi; ++j) m = std::min(m, row[j]);
  return m;
}

// The first column j in [lo, hi) with row[j] == w, or hi.
inline vid_t first_column_of(const std::uint16_t* row, vid_t lo, vid_t hi, std::uint16_t w) {
  vid_t j = lo;
#if defined(__AVX2__)
  const __m256i key = _mm256_set1_epi16(std::int16_t(w));
  for (; j + 16 <= hi; j += 16) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + j));
    const unsigned hits = unsigned(_mm256_movemask_epi8(_mm256_cmpeq_epi16(x, key)));
    if (hits) return j + vid_t(__builtin_ctz(hits)) / 2;
  }
#endif
  for (; j < hi; ++j)
    if (row[j] == w) return j;
  return hi;
}

// Lightest entry of a full row of `len` entries, skipping column `self`; ties go
// to the lower column (the paper's rule). Two passes: the minimum weight, then
// its first column, found again while the row is in the L1 cache; this does a
// quarter of the vector work of a minimum over packed (weight, column) choices.
inline Choice select_row(const std::uint16_t* row, vid_t len, vid_t self) {
  const vid_t stop = std::min(self, len);
  if (len <= (self < len ? 1u : 0u)) return kNoChoice;  // no entry but the diagonal
  const std::uint16_t w = std::min(row_min(row, 0, stop), row_min(row, std::min(self + 1, len), len));
  vid_t j = first_column_of(row, 0, stop, w);
  if (j == stop) j = first_column_of(row, std::min(self + 1, len), len, w);
  return make_choice(w, j);
}

// Level 1 as the paper's serial program selects: every full row scanned.
inline void select_full_rows(const FullView& in, Choice* choice) {
  for (vid_t i = 0; i < in.n; ++i) choice[i] = select_row(in.row(i), in.n, i);
}

// Rows [lo, hi) of the lower triangle, each edge counted for both endpoints:
// out[i] gets row i's lightest edge, out[j] the edges (i, j) as seen from j.
// Four rows per pass, so that `out` is read and written once per four rows
// (its read-modify-write, not the matrix, would otherwise bound the pass).
template <class View>
requires kLowerView<View>
void select_lower_rows(const View& in, vid_t lo, vid_t hi, Choice* out) {
  constexpr vid_t kBand = 4;
  vid_t i = lo;
  for (; i + kBand <= hi; i += kBand) {
    const std::uint16_t *r0 = in.row(i), *r1 = in.row(i + 1), *r2 = in.row(i + 2), *r3 = in.row(i + 3);
    Choice m0 = kNoChoice, m1 = kNoChoice, m2 = kNoChoice, m3 = kNoChoice;
    for (vid_t j = 0; j < i; ++j) {
      m0 = std::min(m0, make_choice(r0[j], j));
      m1 = std::min(m1, make_choice(r1[j], j));
      m2 = std::min(m2, make_choice(r2[j], j));
      m3 = std::min(m3, make_choice(r3[j], j));
      const Choice seen = std::min(std::min(make_choice(r0[j], i), make_choice(r1[j], i + 1)),
                                   std::min(make_choice(r2[j], i + 2), make_choice(r3[j], i + 3)));
      out[j] = std::min(out[j], seen);
    }
    Choice m[kBand] = {m0, m1, m2, m3};
    for (vid_t k = 1; k < kBand; ++k)  // the band's corner: row i + k, columns i .. i + k - 1
      for (vid_t j = i; j < i + k; ++j) {
        const std::uint16_t w = in.row(i + k)[j];
        m[k] = std::min(m[k], make_choice(w, j));
        out[j] = std::min(out[j], make_choice(w, i + k));
      }
    for (vid_t k = 0; k < kBand; ++k) out[i + k] = std::min(out[i + k], m[k]);
  }
  for (; i < hi; ++i) {
    const std::uint16_t* row = in.row(i);
    Choice m = out[i];
    for (vid_t j = 0; j < i; ++j) {
      m = std::min(m, make_choice(row[j], j));
      out[j] = std::min(out[j], make_choice(row[j], i));
    }
    out[i] = m;
  }
}

// The first row of the c-th of C chunks holding equal numbers of triangle entries.
inline vid_t triangle_share_start(vid_t n, std::int64_t c, std::int64_t chunks) {
  return c >= chunks ? n : vid_t(std::llround(double(n) * std::sqrt(double(c) / double(chunks))));
}

// Level 1 over the lower triangle, each edge read once for both endpoints: the
// whole triangular input, or half of the full one (the conflict-free programs:
// half the bytes of a full-row scan; experiments/sollin_multicore/NOTES.md).
// Serial: both endpoints updated in place. Parallel: an edge would update the
// choices of two vertices, so each thread keeps its own choice array for the
// rows it takes and the arrays are reduced afterwards (no shared writes).
template <class View>
requires kLowerView<View>
void select_lower_triangle(const View& in, Choice* choice, int threads, std::vector<Choice>& scratch) {
  const vid_t n = in.n;
  if (threads <= 1) {
    std::fill(choice, choice + n, kNoChoice);
    select_lower_rows(in, 0, n, choice);
    return;
  }
#pragma omp parallel num_threads(threads)
  {
    const int T = omp_get_num_threads(), me = omp_get_thread_num();
    Choice* mine = scratch.data() + std::size_t(me) * n;
    std::fill(mine, mine + n, kNoChoice);
    // One share of equal entries per thread: a thread's choices for the columns
    // below its share are read and written once per band of rows, so every
    // further chunk of rows would cost another pass over them (the schedules
    // compared: experiments/sollin_multicore/NOTES.md).
    select_lower_rows(in, triangle_share_start(n, me, T), triangle_share_start(n, me + 1, T), mine);
#pragma omp barrier
#pragma omp for schedule(static)
    for (std::int64_t v = 0; v < std::int64_t(n); ++v) {
      Choice m = kNoChoice;
      for (int u = 0; u < T; ++u) m = std::min(m, scratch[std::size_t(u) * n + v]);
      choice[v] = m;
    }
  }
}

// ---- Merge edges, fused with the next select -----------------------------------
// `cur` has cur.n old vertices; `new_id` maps them to nn2 new ones; `out` gets
// the nn2 x nn2 contracted matrix (minimum weight between two new vertices) and
// `choice` the new vertices' selections.

// Serial, by old edges in storage order: every edge scattered into the new
// matrix, and the new vertex's choice updated on the way.
inline void merge_serial(const FullView& cur, const vid_t* new_id, vid_t nn2, std::uint16_t* out, Choice* choice) {
  std::fill(out, out + std::size_t(nn2) * nn2, kNoWeight);
  std::fill(choice, choice + nn2, kNoChoice);
  for (vid_t i = 0; i < cur.n; ++i) {
    const vid_t a = new_id[i];
    std::uint16_t* out_row = out + std::size_t(a) * nn2;
    const std::uint16_t* row = cur.row(i);
    Choice best = choice[a];
    for (vid_t j = 0; j < cur.n; ++j) {
      const vid_t b = new_id[j];
      if (b == a) continue;  // an edge inside a (or the diagonal)
      out_row[b] = std::min(out_row[b], row[j]);
      best = std::min(best, make_choice(row[j], b));
    }
    choice[a] = best;
  }
}

// Serial over the lower triangle: each stored edge updates both directions.
inline void merge_serial(const TriangularInputView& cur, const vid_t* new_id, vid_t nn2, std::uint16_t* out,
                         Choice* choice) {
  std::fill(out, out + std::size_t(nn2) * nn2, kNoWeight);
  std::fill(choice, choice + nn2, kNoChoice);
  for (vid_t i = 0; i < cur.n; ++i) {
    const vid_t a = new_id[i];
    const std::uint16_t* row = cur.row(i);
    for (vid_t j = 0; j < i; ++j) {
      const vid_t b = new_id[j];
      if (b == a) continue;
      std::uint16_t& ab = out[std::size_t(a) * nn2 + b];
      std::uint16_t& ba = out[std::size_t(b) * nn2 + a];
      ab = std::min(ab, row[j]);
      ba = std::min(ba, row[j]);
      choice[a] = std::min(choice[a], make_choice(row[j], b));
      choice[b] = std::min(choice[b], make_choice(row[j], a));
    }
  }
}

// r[j] = min over the members i of new vertex a of cur(i, j), for every column j
// (full rows): an element-wise minimum, two member rows per pass over r.
inline void fold_member_rows(const FullView& cur, const MemberLists& m, vid_t a, std::uint16_t* r) {
  const vid_t* p = m.members + m.offset[a];
  const vid_t* const end = m.members + m.offset[a + 1];
  const vid_t n = cur.n;
  std::memcpy(r, cur.row(*p++), std::size_t(n) * sizeof(std::uint16_t));
  for (; p + 1 < end; p += 2) {
    const std::uint16_t *x = cur.row(p[0]), *y = cur.row(p[1]);
    for (vid_t j = 0; j < n; ++j) r[j] = std::min(r[j], std::min(x[j], y[j]));
  }
  if (p < end) {
    const std::uint16_t* x = cur.row(*p);
    for (vid_t j = 0; j < n; ++j) r[j] = std::min(r[j], x[j]);
  }
}

// Lower triangle: r[j] = min over the members i > j of a of the stored A(i, j);
// the pairs (i, j > i) are in row j and reach a through the other direction.
inline void fold_member_rows(const TriangularInputView& cur, const MemberLists& m, vid_t a, std::uint16_t* r) {
  std::fill(r, r + cur.n, kNoWeight);
  for (vid_t k = m.offset[a]; k < m.offset[a + 1]; ++k) {
    const vid_t i = m.members[k];
    const std::uint16_t* x = cur.row(i);
    for (vid_t j = 0; j < i; ++j) r[j] = std::min(r[j], x[j]);
  }
}

// Per-thread scratch (entries) of the conflict-free merge for an input of n vertices.
inline std::size_t conflict_free_scratch(vid_t n) { return row_block_scratch(n); }

// Rows a0 .. a0 + kRowsPerBlock - 1 (those below nn2) of the contracted matrix:
// each new vertex's members' rows are folded into one row, and the block's rows are
// reduced by new vertex together (row_block.hpp).
template <class View>
void build_row_block(const View& cur, const MemberLists& m, const vid_t* new_id, vid_t nn2, vid_t a0,
                     std::uint16_t* out, std::uint16_t* scratch) {
  const vid_t n = cur.n;
  const int count = int(std::min<vid_t>(kRowsPerBlock, nn2 - a0));
  std::uint16_t* rows[kRowsPerBlock];
  std::uint16_t* out_rows[kRowsPerBlock];
  for (int s = 0; s < kRowsPerBlock; ++s) {
    rows[s] = s < count ? scratch + std::size_t(s) * n : rows[0];  // a short last block repeats row 0
    out_rows[s] = s < count ? out + std::size_t(a0 + s) * nn2 : nullptr;
    if (s < count) fold_member_rows(cur, m, a0 + vid_t(s), rows[s]);
  }
  min_by_new_vertex_block(rows, new_id, n, nn2, count, out_rows, scratch + kRowsPerBlock * std::size_t(n));
}

// Conflict-free, by new vertices: the thread that owns new vertex a folds its
// members' rows into one row (in cache), reduces it by new vertex into row a of
// the contracted matrix, and selects over the row while it is in cache. No two
// threads write the same entry. Threads take blocks of kRowsPerBlock new
// vertices. (The variants tried: experiments/sollin_multicore/NOTES.md.)
//
// `high_first`: take the blocks from the highest new vertices down. New ids
// follow the trees' lowest members, so the highest new vertices have only high
// members; when the pass before read cur's rows in ascending order those rows
// are the ones still in the last-level cache, and taking them first reads them
// before they are evicted. The next level goes the other way, as this pass
// wrote its highest rows first. (It is meant for matrices larger than the
// last-level cache; where the input fits, the order made no difference:
// experiments/sollin_multicore/NOTES.md.)
inline void merge_conflict_free(const FullView& cur, const vid_t* new_id, const MemberLists& m, vid_t nn2,
                                std::uint16_t* out, Choice* choice, int threads, std::vector<std::uint16_t>& rows,
                                std::vector<Choice>&, bool high_first) {
  const std::int64_t blocks = (std::int64_t(nn2) + kRowsPerBlock - 1) / kRowsPerBlock;
#pragma omp parallel num_threads(threads) if (threads > 1 && nn2 >= kParallelMinVertices)
  {
    std::uint16_t* mine = rows.data() + std::size_t(omp_get_thread_num()) * conflict_free_scratch(cur.n);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t q = 0; q < blocks; ++q) {
      const vid_t a0 = vid_t((high_first ? blocks - 1 - q : q) * kRowsPerBlock);
      const vid_t a1 = std::min(nn2, a0 + kRowsPerBlock);
      build_row_block(cur, m, new_id, nn2, a0, out, mine);
      for (vid_t a = a0; a < a1; ++a) {
        std::uint16_t* out_row = out + std::size_t(a) * nn2;
        out_row[a] = kNoWeight;  // a's inner edges and the diagonal: never read as an edge
        choice[a] = select_row(out_row, nn2, a);
      }
    }
  }
}

// Contracted rows are symmetrised in square tiles that fit the L1 cache together.
inline constexpr vid_t kTile = 64;

// Conflict-free over the lower triangle, in three conflict-free phases: (1) the
// owner of new vertex a folds its members' stored rows (j < i) into half-row a,
// so each edge lands in one direction only; (2) the owner of a row of tiles
// folds each pair b < a of its tiles into both directions; (3) each row's select.
// The block order is ascending whatever the last parameter (high_first above)
// says: the triangular select's per-thread shares leave no single order in the cache.
inline void merge_conflict_free(const TriangularInputView& cur, const vid_t* new_id, const MemberLists& m, vid_t nn2,
                                std::uint16_t* out, Choice* choice, int threads, std::vector<std::uint16_t>& rows,
                                std::vector<Choice>&, bool) {
#pragma omp parallel num_threads(threads) if (threads > 1 && nn2 >= kParallelMinVertices)
  {
    std::uint16_t* my_rows = rows.data() + std::size_t(omp_get_thread_num()) * conflict_free_scratch(cur.n);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t a0 = 0; a0 < std::int64_t(nn2); a0 += kRowsPerBlock)
      build_row_block(cur, m, new_id, nn2, vid_t(a0), out, my_rows);
    const std::int64_t tiles = (nn2 + kTile - 1) / kTile;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t q = 0; q < tiles; ++q) {
      const vid_t a0 = vid_t(tiles - 1 - q) * kTile;  // the longest rows of tiles first
      for (vid_t b0 = 0; b0 <= a0; b0 += kTile)
        symmetrise_tile(out, nn2, a0, std::min(nn2, a0 + kTile), b0, std::min(nn2, b0 + kTile));
    }
#pragma omp for schedule(dynamic, 16)
    for (std::int64_t a = 0; a < std::int64_t(nn2); ++a)
      choice[a] = select_row(out + std::size_t(a) * nn2, nn2, vid_t(a));
  }
}

}  // namespace gs::mst
