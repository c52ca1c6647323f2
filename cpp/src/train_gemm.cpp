#include "train_gemm.hpp"

#include "simd/simd.hpp"

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

}  // namespace

void gemm(const GemmShape& s, const float* a, const float* b, float* c) {
  int64_t i = 0;
  for (; i + 4 <= s.m; i += 4) gemm_rows<4>(s, a, b, c, i);
  for (; i < s.m; ++i) gemm_rows<1>(s, a, b, c, i);
}


void gemm(const GemmShape& s, const double* a, const double* b, double* c) { gemm_generic(s, a, b, c); }

}  // namespace posenc::train_detail
