// The matrix multiply of the trainer: C[i][j] (+)= sum_p A(i, p) * B[p][j], vectorised over j with the SIMD
// layer (a 4-row x 8-column register block: one broadcast of A per row, two loads of B per p), any strides for
// A (so A^T costs nothing) and contiguous rows of B and C. Each C element is summed over p in order, one
// multiply and one add at a time (no FMA), in every build: the float64 instantiation used by the tests and
// the scalar build compute exactly what the SIMD one computes, lane by lane.
#pragma once
#include <cstdint>

#include "simd/simd.hpp"

namespace posenc::train_detail {

// Causal shapes skip the products the attention mask makes zero (the sums are unchanged: only +0 is skipped).
enum class Causal {
  none,
  k_upto_row,    // A(i, p) = 0 for p > i (P·V, dS·K): p < i + rows of the block
  k_from_row,    // A(i, p) = 0 for p < i (Pᵀ·dA, dSᵀ·Q): p from the block's first row
  n_upto_row,    // only C[i][j] for j <= i is wanted (Q·Kᵀ, dA·Vᵀ)
};

struct GemmShape {
  int64_t m, n, k;
  int64_t sai, sap;  // A(i, p) = a[i * sai + p * sap]
  int64_t ldb, ldc;
  bool accumulate;   // C += (else C =)
  Causal causal = Causal::none;
};

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
inline void gemm(const GemmShape& s, const T* a, const T* b, T* c) {
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

template <>
inline void gemm<float>(const GemmShape& s, const float* a, const float* b, float* c) {
  int64_t i = 0;
  for (; i + 4 <= s.m; i += 4) gemm_rows<4>(s, a, b, c, i);
  for (; i < s.m; ++i) gemm_rows<1>(s, a, b, c, i);
}

}  // namespace posenc::train_detail
