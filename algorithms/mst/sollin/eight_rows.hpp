// The conflict-free merge's reduction by new vertex, eight new vertices at a
// time: their folded rows are transposed so that one 16-byte vector holds
// column j of all eight, and each column is then folded into its new vertex
// with one vector minimum (instead of eight scalar read-modify-writes). The
// result is transposed back into the eight contracted rows.
//
// Uses SSE4.1 (_mm_min_epu16) where the build targets it; otherwise the same
// reduction runs one row at a time.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#if defined(__SSE4_1__)
#include <smmintrin.h>
#endif

#include "algorithms/mst/sollin/edge_key.hpp"

namespace gs::mst {

inline constexpr int kRowsPerBlock = 8;

// out_row[b] = min of r[j] over the columns j with new_id[j] == b (one row).
inline void min_by_new_vertex(const std::uint16_t* r, const vid_t* new_id, vid_t n, vid_t nn2, std::uint16_t* out_row) {
  std::fill(out_row, out_row + nn2, std::uint16_t(0xffff));
  for (vid_t j = 0; j < n; ++j) {
    std::uint16_t& o = out_row[new_id[j]];
    o = std::min(o, r[j]);
  }
}

#if defined(__SSE4_1__)
// Transposes an 8 x 8 block of uint16: out[k] lane s = in[s] lane k.
inline void transpose8(const __m128i in[8], __m128i out[8]) {
  const __m128i a0 = _mm_unpacklo_epi16(in[0], in[1]), a1 = _mm_unpackhi_epi16(in[0], in[1]);
  const __m128i a2 = _mm_unpacklo_epi16(in[2], in[3]), a3 = _mm_unpackhi_epi16(in[2], in[3]);
  const __m128i a4 = _mm_unpacklo_epi16(in[4], in[5]), a5 = _mm_unpackhi_epi16(in[4], in[5]);
  const __m128i a6 = _mm_unpacklo_epi16(in[6], in[7]), a7 = _mm_unpackhi_epi16(in[6], in[7]);
  const __m128i b0 = _mm_unpacklo_epi32(a0, a2), b1 = _mm_unpackhi_epi32(a0, a2);
  const __m128i b2 = _mm_unpacklo_epi32(a1, a3), b3 = _mm_unpackhi_epi32(a1, a3);
  const __m128i b4 = _mm_unpacklo_epi32(a4, a6), b5 = _mm_unpackhi_epi32(a4, a6);
  const __m128i b6 = _mm_unpacklo_epi32(a5, a7), b7 = _mm_unpackhi_epi32(a5, a7);
  out[0] = _mm_unpacklo_epi64(b0, b4);
  out[1] = _mm_unpackhi_epi64(b0, b4);
  out[2] = _mm_unpacklo_epi64(b1, b5);
  out[3] = _mm_unpackhi_epi64(b1, b5);
  out[4] = _mm_unpacklo_epi64(b2, b6);
  out[5] = _mm_unpackhi_epi64(b2, b6);
  out[6] = _mm_unpacklo_epi64(b3, b7);
  out[7] = _mm_unpackhi_epi64(b3, b7);
}
#endif

// rows[s] (s < 8, each n entries) are the folded rows of eight new vertices;
// out_rows[s] (s < count) receive their nn2-entry contracted rows. `columns`
// (8 * n entries) and `folded` (8 * nn2 + 64 entries) are scratch.
// `background()` is called twice per column of the reduction, which reads only
// cached data: the merge issues the next block's prefetches there.
template <class Background>
void min_by_new_vertex_x8(std::uint16_t* const rows[kRowsPerBlock], const vid_t* new_id, vid_t n, vid_t nn2, int count,
                          std::uint16_t* const out_rows[kRowsPerBlock], std::uint16_t* columns, std::uint16_t* folded,
                          Background&& background) {
#if defined(__SSE4_1__)
  __m128i in[8], t[8];
  auto* col = reinterpret_cast<__m128i*>(columns);
  vid_t j = 0;
  for (; j + 8 <= n; j += 8) {
    for (int s = 0; s < 8; ++s) in[s] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows[s] + j));
    transpose8(in, t);
    for (int k = 0; k < 8; ++k) _mm_storeu_si128(col + j + k, t[k]);
  }
  for (; j < n; ++j)
    for (int s = 0; s < 8; ++s) columns[std::size_t(j) * 8 + s] = rows[s][j];
  auto* acc = reinterpret_cast<__m128i*>(folded);
  const __m128i none = _mm_set1_epi16(-1);
  for (vid_t b = 0; b < nn2; ++b) _mm_storeu_si128(acc + b, none);
  for (j = 0; j < n; ++j) {
    background();
    background();
    __m128i* o = acc + new_id[j];
    _mm_storeu_si128(o, _mm_min_epu16(_mm_loadu_si128(o), _mm_loadu_si128(col + j)));
  }
  vid_t b = 0;
  for (; b + 8 <= nn2; b += 8) {
    for (int k = 0; k < 8; ++k) in[k] = _mm_loadu_si128(acc + b + k);
    transpose8(in, t);
    for (int s = 0; s < count; ++s) _mm_storeu_si128(reinterpret_cast<__m128i*>(out_rows[s] + b), t[s]);
  }
  for (; b < nn2; ++b)
    for (int s = 0; s < count; ++s) out_rows[s][b] = folded[std::size_t(b) * 8 + s];
#else
  (void)columns;
  (void)folded;
  (void)background;
  for (int s = 0; s < count; ++s) min_by_new_vertex(rows[s], new_id, n, nn2, out_rows[s]);
#endif
}

// Folds the pairs (a, b), b < a, of the tile [a0, a1) x [b0, b1) of an nn2 x nn2
// matrix into both directions: out[a][b] = out[b][a] = min of the two. 8 x 8
// blocks strictly below the diagonal go through two transposes; the rest is scalar.
inline void symmetrise_tile(std::uint16_t* out, vid_t nn2, vid_t a0, vid_t a1, vid_t b0, vid_t b1) {
  auto at = [out, nn2](vid_t x, vid_t y) { return out + std::size_t(x) * nn2 + y; };
  for (vid_t a = a0; a < a1; a += 8)
    for (vid_t b = b0; b < b1; b += 8) {
#if defined(__SSE4_1__)
      if (a + 8 <= a1 && b + 8 <= b1 && b + 8 <= a) {
        __m128i x[8], y[8], yt[8], m[8];
        for (int k = 0; k < 8; ++k) x[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at(a + k, b)));
        for (int k = 0; k < 8; ++k) y[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at(b + k, a)));
        transpose8(y, yt);
        for (int k = 0; k < 8; ++k) {
          m[k] = _mm_min_epu16(x[k], yt[k]);
          _mm_storeu_si128(reinterpret_cast<__m128i*>(at(a + k, b)), m[k]);
        }
        transpose8(m, yt);
        for (int k = 0; k < 8; ++k) _mm_storeu_si128(reinterpret_cast<__m128i*>(at(b + k, a)), yt[k]);
        continue;
      }
#endif
      for (vid_t x = a; x < std::min(a + 8, a1); ++x)
        for (vid_t y = b; y < std::min({b + 8, b1, x}); ++y) *at(x, y) = *at(y, x) = std::min(*at(x, y), *at(y, x));
    }
}

}  // namespace gs::mst
