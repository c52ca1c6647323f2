// The trainer's matrix products (train_kernels.hpp): a register-blocked kernel for the causal shapes of
// attention, and packed panels for the rest.
#include <algorithm>

#include "simd/simd.hpp"
#include "train_kernels.hpp"

namespace posenc::train_detail {
namespace {

inline void block_range(const GemmShape& s, int64_t i, int64_t rows, int64_t& p0, int64_t& p1, int64_t& n1) {
  p0 = 0, p1 = s.k, n1 = s.n;
  if (s.causal == Causal::k_upto_row && i + rows < p1) p1 = i + rows;
  if (s.causal == Causal::k_from_row) p0 = i < s.k ? i : s.k;
  if (s.causal == Causal::n_upto_row && i + rows < n1) n1 = i + rows;
}

// Generic element loop (float64 and column tails): the same order of operations as the vector kernel.
template <class T>
inline void gemm_cells(const GemmShape& s, const T* a, const T* b, T* c, int64_t i, int64_t rows, int64_t j0,
                       int64_t j1, int64_t p0, int64_t p1) {
  for (int64_t r = i; r < i + rows; ++r)
    for (int64_t j = j0; j < j1; ++j) {
      T acc = s.accumulate ? c[r * s.ldc + j] : T(0);
      for (int64_t p = p0; p < p1; ++p) acc = acc + a[r * s.sai + p * s.sap] * b[p * s.ldb + j];
      c[r * s.ldc + j] = acc;
    }
}

template <class T>
void gemm_generic(const GemmShape& s, const T* a, const T* b, T* c) {
  for (int64_t i = 0; i < s.m; i += 4) {
    const int64_t rows = i + 4 <= s.m ? 4 : s.m - i;
    int64_t p0, p1, n1;
    block_range(s, i, rows, p0, p1, n1);
    gemm_cells(s, a, b, c, i, rows, 0, n1, p0, p1);
  }
}

template <int R, int V>
inline void gemm_block(const GemmShape& s, const float* a, const float* b, float* c, int64_t i, int64_t j,
                       int64_t p0, int64_t p1) {
  using namespace simd;
  f32x4 acc[R][V];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < V; ++v)
      acc[r][v] = s.accumulate ? load(c + (i + r) * s.ldc + j + 4 * v) : splat(0.f);
  const float* ap = a + i * s.sai;
  for (int64_t p = p0; p < p1; ++p) {
    f32x4 bv[V];
    for (int v = 0; v < V; ++v) bv[v] = load(b + p * s.ldb + j + 4 * v);
    for (int r = 0; r < R; ++r) {
      const f32x4 av = splat(ap[r * s.sai + p * s.sap]);
      for (int v = 0; v < V; ++v) acc[r][v] = acc[r][v] + av * bv[v];
    }
  }
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < V; ++v) store(c + (i + r) * s.ldc + j + 4 * v, acc[r][v]);
}

template <int R>
inline void gemm_rows(const GemmShape& s, const float* a, const float* b, float* c, int64_t i) {
  int64_t p0, p1, n1;
  block_range(s, i, R, p0, p1, n1);
  int64_t j = 0;
  for (; j + 8 <= n1; j += 8) gemm_block<R, 2>(s, a, b, c, i, j, p0, p1);
  for (; j + 4 <= n1; j += 4) gemm_block<R, 1>(s, a, b, c, i, j, p0, p1);
  if (j < n1) gemm_cells(s, a, b, c, i, R, j, n1, p0, p1);
}

// Packed path (Causal::none): panels of A and B copied into contiguous blocks, the way of GotoBLAS, so that the
// register block streams both from L1/L2 whatever the strides (dW = Xᵀ·dY reads A down columns, and the
// power-of-two row lengths of the model put a block's rows into a few cache sets). The sums run over p in the
// same order as in gemm_block: a panel of kKc values of p is added to C, stored, and C is loaded again for the
// next, so the bits are those of one pass. Rows and columns past m and n are zeros in the panels, computed in
// a scratch tile and not stored.
constexpr int64_t kKc = 256, kMc = 64, kNc = 256;
// A block of 4 rows (B strip of 8 columns) every a_stride (b_stride) floats: kc values of p and one cache line more,
// so that the blocks, written side by side while a row of the source is read, do not share the cache's sets.
inline int64_t a_stride(int64_t kc) { return 4 * kc + 16; }
inline int64_t b_stride(int64_t kc) { return 8 * kc + 16; }
alignas(16) float packed_a[kMc / 4 * (4 * kKc + 16)];
alignas(16) float packed_b[kNc / 8 * (8 * kKc + 16)];

// Reads the source along its rows whichever way A is stored (A(i, p) = a[i * sai + p * sap]).
void pack_a(const GemmShape& s, const float* a, int64_t i0, int64_t mc, int64_t p0, int64_t kc, float* out) {
  const int64_t stride = a_stride(kc);
  if (s.sai == 1) {  // Aᵀ stored: a row of the source is A(i0.., p)
    for (int64_t p = 0; p < kc; ++p) {
      const float* src = a + i0 + (p0 + p) * s.sap;
      for (int64_t i = 0; i < mc; i += 4) {
        float* dst = out + (i / 4) * stride + 4 * p;
        if (i + 4 <= mc) {
          simd::store(dst, simd::load(src + i));
        } else {
          for (int64_t r = 0; r < 4; ++r) dst[r] = i + r < mc ? src[i + r] : 0.f;
        }
      }
    }
    return;
  }
  for (int64_t i = 0; i < mc; i += 4)
    for (int64_t r = 0; r < 4; ++r) {
      float* dst = out + (i / 4) * stride + r;
      const float* src = a + (i0 + i + r) * s.sai + p0 * s.sap;
      for (int64_t p = 0; p < kc; ++p) dst[4 * p] = i + r < mc ? src[p * s.sap] : 0.f;
    }
}

void pack_b(const GemmShape& s, const float* b, int64_t j0, int64_t nc, int64_t p0, int64_t kc, float* out) {
  const int64_t stride = b_stride(kc);
  for (int64_t p = 0; p < kc; ++p) {
    const float* src = b + (p0 + p) * s.ldb + j0;
    for (int64_t j = 0; j < nc; j += 8) {
      float* dst = out + (j / 8) * stride + 8 * p;
      if (j + 8 <= nc) {
        simd::store(dst, simd::load(src + j));
        simd::store(dst + 4, simd::load(src + j + 4));
      } else {
        for (int64_t c = 0; c < 8; ++c) dst[c] = j + c < nc ? src[j + c] : 0.f;
      }
    }
  }
}

// C[0..3][0..7] (+)= the packed 4-row block of A times the packed 8-column strip of B over kc values of p.
inline void micro_4x8(const float* ap, const float* bp, int64_t kc, float* c, int64_t ldc, bool load_c) {
  using namespace simd;
  f32x4 c00, c01, c10, c11, c20, c21, c30, c31;
  if (load_c) {
    c00 = load(c), c01 = load(c + 4), c10 = load(c + ldc), c11 = load(c + ldc + 4);
    c20 = load(c + 2 * ldc), c21 = load(c + 2 * ldc + 4), c30 = load(c + 3 * ldc), c31 = load(c + 3 * ldc + 4);
  } else {
    c00 = c01 = c10 = c11 = c20 = c21 = c30 = c31 = splat(0.f);
  }
  for (int64_t p = 0; p < kc; ++p, ap += 4, bp += 8) {
    const f32x4 b0 = load(bp), b1 = load(bp + 4);
    f32x4 a = splat(ap[0]);
    c00 = c00 + a * b0, c01 = c01 + a * b1;
    a = splat(ap[1]);
    c10 = c10 + a * b0, c11 = c11 + a * b1;
    a = splat(ap[2]);
    c20 = c20 + a * b0, c21 = c21 + a * b1;
    a = splat(ap[3]);
    c30 = c30 + a * b0, c31 = c31 + a * b1;
  }
  store(c, c00), store(c + 4, c01), store(c + ldc, c10), store(c + ldc + 4, c11);
  store(c + 2 * ldc, c20), store(c + 2 * ldc + 4, c21), store(c + 3 * ldc, c30), store(c + 3 * ldc + 4, c31);
}

// C[r][q] = init[r][q] + bias[q] (either may be null) for a tile of C (or a scratch tile, ldt).
template <class T>
inline void start_values(const T* init, const T* bias, int64_t ld, int64_t rows, int64_t cols, T* t, int64_t ldt) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t q = 0; q < cols; ++q)
      t[r * ldt + q] = init && bias ? init[r * ld + q] + bias[q] : init ? init[r * ld + q] : bias[q];
}

void gemm_packed(const GemmShape& s, const float* a, const float* b, float* c, const float* init,
                 const float* bias) {
  for (int64_t j0 = 0; j0 < s.n; j0 += kNc) {
    const int64_t nc = std::min(kNc, s.n - j0);
    for (int64_t p0 = 0; p0 < s.k; p0 += kKc) {
      const int64_t kc = std::min(kKc, s.k - p0);
      const bool start = p0 == 0 && (init || bias), load_c = s.accumulate || p0 > 0 || start;
      pack_b(s, b, j0, nc, p0, kc, packed_b);
      for (int64_t i0 = 0; i0 < s.m; i0 += kMc) {
        const int64_t mc = std::min(kMc, s.m - i0);
        pack_a(s, a, i0, mc, p0, kc, packed_a);
        for (int64_t j = 0; j < nc; j += 8) {
          const float* bp = packed_b + (j / 8) * b_stride(kc);
          const int64_t cols = std::min<int64_t>(8, nc - j);
          for (int64_t i = 0; i < mc; i += 4) {
            const float* ap = packed_a + (i / 4) * a_stride(kc);
            const int64_t rows = std::min<int64_t>(4, mc - i);
            float* cp = c + (i0 + i) * s.ldc + j0 + j;
            const float* ip = init ? init + (i0 + i) * s.ldc + j0 + j : nullptr;
            const float* bq = bias ? bias + j0 + j : nullptr;
            if (rows == 4 && cols == 8) {
              if (start) start_values(ip, bq, s.ldc, 4, 8, cp, s.ldc);  // while the tile is in L1
              micro_4x8(ap, bp, kc, cp, s.ldc, load_c);
              continue;
            }
            alignas(16) float tile[4 * 8] = {};
            if (start) start_values(ip, bq, s.ldc, rows, cols, tile, 8);
            for (int64_t r = 0; r < rows && !start; ++r)
              for (int64_t q = 0; q < cols; ++q) tile[r * 8 + q] = load_c ? cp[r * s.ldc + q] : 0.f;
            micro_4x8(ap, bp, kc, tile, 8, true);
            for (int64_t r = 0; r < rows; ++r)
              for (int64_t q = 0; q < cols; ++q) cp[r * s.ldc + q] = tile[r * 8 + q];
          }
        }
      }
    }
  }
}

}  // namespace

void gemm(const GemmShape& s, const float* a, const float* b, float* c, const float* init, const float* bias) {
  if (s.causal == Causal::none) return gemm_packed(s, a, b, c, init, bias);
  GemmShape t = s;
  if (init || bias) start_values(init, bias, s.ldc, s.m, s.n, c, s.ldc), t.accumulate = true;
  int64_t i = 0;
  for (; i + 4 <= t.m; i += 4) gemm_rows<4>(t, a, b, c, i);
  for (; i < t.m; ++i) gemm_rows<1>(t, a, b, c, i);
}

void gemm(const GemmShape& s, const double* a, const double* b, double* c, const double* init, const double* bias) {
  GemmShape t = s;
  if (init || bias) start_values(init, bias, s.ldc, s.m, s.n, c, s.ldc), t.accumulate = true;
  gemm_generic(t, a, b, c);
}

}  // namespace posenc::train_detail
