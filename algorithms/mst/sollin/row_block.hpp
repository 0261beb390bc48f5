// The conflict-free merge's reduction by new vertex, kRowsPerBlock new vertices
// at a time: their folded rows are transposed in registers, so that one vector
// holds column j of all of them, and each column is folded into its new vertex
// with one vector minimum (instead of one scalar read-modify-write per row).
// The result is transposed back into the block's contracted rows.
//
// Uses AVX2 (16 rows of 16-bit weights per 256-bit vector) where the build
// targets it; otherwise the same reduction runs one row at a time.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "algorithms/mst/sollin/edge_key.hpp"

namespace gs::mst {

inline constexpr int kRowsPerBlock = 16;

// out_row[b] = min of r[j] over the columns j with new_id[j] == b (one row).
inline void min_by_new_vertex(const std::uint16_t* r, const vid_t* new_id, vid_t n, vid_t nn2, std::uint16_t* out_row) {
  std::fill(out_row, out_row + nn2, std::uint16_t(0xffff));
  for (vid_t j = 0; j < n; ++j) {
    std::uint16_t& o = out_row[new_id[j]];
    o = std::min(o, r[j]);
  }
}

#if defined(__AVX2__)
// Transposes the 8 x 8 block of uint16 in each 128-bit half of in[0..7]:
// half h of out[k], lane s = half h of in[s], lane k.
inline void transpose8_halves(const __m256i in[8], __m256i out[8]) {
  __m256i a[8], b[8];
  for (int p = 0; p < 4; ++p) {
    a[2 * p] = _mm256_unpacklo_epi16(in[2 * p], in[2 * p + 1]);
    a[2 * p + 1] = _mm256_unpackhi_epi16(in[2 * p], in[2 * p + 1]);
  }
  for (int p = 0; p < 2; ++p)
    for (int h = 0; h < 2; ++h) {  // pairs (a0, a2), (a1, a3), then (a4, a6), (a5, a7)
      b[4 * p + 2 * h] = _mm256_unpacklo_epi32(a[4 * p + h], a[4 * p + h + 2]);
      b[4 * p + 2 * h + 1] = _mm256_unpackhi_epi32(a[4 * p + h], a[4 * p + h + 2]);
    }
  for (int k = 0; k < 4; ++k) {
    out[2 * k] = _mm256_unpacklo_epi64(b[k], b[k + 4]);
    out[2 * k + 1] = _mm256_unpackhi_epi64(b[k], b[k + 4]);
  }
}

// Transposes a 16 x 16 block of uint16: out[k] lane s = in[s] lane k.
inline void transpose16(const __m256i in[16], __m256i out[16]) {
  __m256i lo[8], hi[8];
  transpose8_halves(in, lo);      // rows 0-7: columns k (low half) and 8 + k (high half)
  transpose8_halves(in + 8, hi);  // rows 8-15
  for (int k = 0; k < 8; ++k) {
    out[k] = _mm256_permute2x128_si256(lo[k], hi[k], 0x20);
    out[k + 8] = _mm256_permute2x128_si256(lo[k], hi[k], 0x31);
  }
}
#endif

// Scratch (entries) of one block's reduction for an input of n vertices: the
// folded rows and the per-new-vertex columns (a level has at most n / 2 new vertices).
inline std::size_t row_block_scratch(vid_t n) { return std::size_t(kRowsPerBlock) * (n + n / 2 + 1) + 64; }

// rows[s] (s < kRowsPerBlock, each n entries) are the folded rows of the
// block's new vertices; out_rows[s] (s < count) receive their nn2-entry
// contracted rows. `folded` (kRowsPerBlock * nn2 entries) is scratch.
inline void min_by_new_vertex_block(std::uint16_t* const rows[kRowsPerBlock], const vid_t* new_id, vid_t n, vid_t nn2,
                                    int count, std::uint16_t* const out_rows[kRowsPerBlock], std::uint16_t* folded) {
#if defined(__AVX2__)
  __m256i in[16], t[16];
  auto* acc = reinterpret_cast<__m256i*>(folded);
  const __m256i none = _mm256_set1_epi16(-1);
  for (vid_t b = 0; b < nn2; ++b) _mm256_storeu_si256(acc + b, none);
  vid_t j = 0;
  for (; j + 16 <= n; j += 16) {
    for (int s = 0; s < 16; ++s) in[s] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[s] + j));
    transpose16(in, t);
    for (int k = 0; k < 16; ++k) {
      __m256i* o = acc + new_id[j + k];
      _mm256_storeu_si256(o, _mm256_min_epu16(_mm256_loadu_si256(o), t[k]));
    }
  }
  for (; j < n; ++j) {
    alignas(32) std::uint16_t column[16];
    for (int s = 0; s < 16; ++s) column[s] = rows[s][j];
    __m256i* o = acc + new_id[j];
    _mm256_storeu_si256(
        o, _mm256_min_epu16(_mm256_loadu_si256(o), _mm256_load_si256(reinterpret_cast<const __m256i*>(column))));
  }
  vid_t b = 0;
  for (; b + 16 <= nn2; b += 16) {
    for (int k = 0; k < 16; ++k) in[k] = _mm256_loadu_si256(acc + b + k);
    transpose16(in, t);
    for (int s = 0; s < count; ++s) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out_rows[s] + b), t[s]);
  }
  for (; b < nn2; ++b)
    for (int s = 0; s < count; ++s) out_rows[s][b] = folded[std::size_t(b) * 16 + s];
#else
  (void)folded;
  for (int s = 0; s < count; ++s) min_by_new_vertex(rows[s], new_id, n, nn2, out_rows[s]);
#endif
}

// Folds the pairs (a, b), b < a, of the tile [a0, a1) x [b0, b1) of an nn2 x nn2
// matrix into both directions: out[a][b] = out[b][a] = min of the two. 16 x 16
// blocks strictly below the diagonal go through two transposes; the rest is scalar.
inline void symmetrise_tile(std::uint16_t* out, vid_t nn2, vid_t a0, vid_t a1, vid_t b0, vid_t b1) {
  constexpr vid_t kSide = 16;
  auto at = [out, nn2](vid_t x, vid_t y) { return out + std::size_t(x) * nn2 + y; };
  for (vid_t a = a0; a < a1; a += kSide)
    for (vid_t b = b0; b < b1; b += kSide) {
#if defined(__AVX2__)
      if (a + kSide <= a1 && b + kSide <= b1 && b + kSide <= a) {
        __m256i x[16], y[16], yt[16], m[16];
        for (int k = 0; k < 16; ++k) x[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(at(a + k, b)));
        for (int k = 0; k < 16; ++k) y[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(at(b + k, a)));
        transpose16(y, yt);
        for (int k = 0; k < 16; ++k) {
          m[k] = _mm256_min_epu16(x[k], yt[k]);
          _mm256_storeu_si256(reinterpret_cast<__m256i*>(at(a + k, b)), m[k]);
        }
        transpose16(m, yt);
        for (int k = 0; k < 16; ++k) _mm256_storeu_si256(reinterpret_cast<__m256i*>(at(b + k, a)), yt[k]);
        continue;
      }
#endif
      for (vid_t x = a; x < std::min(a + kSide, a1); ++x)
        for (vid_t y = b; y < std::min({b + kSide, b1, x}); ++y) *at(x, y) = *at(y, x) = std::min(*at(x, y), *at(y, x));
    }
}

}  // namespace gs::mst
