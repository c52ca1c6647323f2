#include "train_kernels.hpp"

#include <cmath>

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

namespace {

using namespace simd;

f32x4 vexp(f32x4 x) {
  x = min(max(x, splat(-87.33654f)), splat(88.37626f));
  const f32x4 magic = splat(12582912.f);  // 1.5·2^23: adding and subtracting it rounds to an integer
  const f32x4 n = (x * splat(1.44269504088896341f) + magic) - magic;
  x = x - n * splat(0.693359375f) - n * splat(-2.12194440e-4f);
  f32x4 y = splat(1.9875691500e-4f);
  y = y * x + splat(1.3981999507e-3f);
  y = y * x + splat(8.3334519073e-3f);
  y = y * x + splat(4.1665795894e-2f);
  y = y * x + splat(1.6666665459e-1f);
  y = y * x + splat(5.0000001201e-1f);
  y = y * (x * x) + x + splat(1.f);
  return y * exp2i(n);
}

// Φ(z) = ½(1 + erf(z/√2)) and φ(z) = exp(−z²/2)/√(2π), sharing the exponential.
void phi(f32x4 z, f32x4& cdf, f32x4& pdf) {
  const f32x4 x = z * splat(0.70710678118654752f);
  const f32x4 ax = max(x, splat(0.f) - x);
  const f32x4 t = splat(1.f) / (splat(1.f) + splat(0.3275911f) * ax);
  f32x4 r = splat(1.061405429f);
  r = r * t + splat(-1.453152027f);
  r = r * t + splat(1.421413741f);
  r = r * t + splat(-0.284496736f);
  r = r * t + splat(0.254829592f);
  const f32x4 e = vexp(splat(0.f) - x * x);
  const f32x4 erf = copysign(splat(1.f) - r * t * e, x);
  cdf = splat(0.5f) + splat(0.5f) * erf;
  pdf = e * splat(0.39894228040143267794f);
}

// The vector code on a scalar: the same values for the tails as for the bulk.
template <class F>
void tail(float* x, int64_t n, F&& f) {
  alignas(16) float t[4] = {0, 0, 0, 0};
  for (int64_t i = 0; i < n; ++i) t[i] = x[i];
  f(t);
  for (int64_t i = 0; i < n; ++i) x[i] = t[i];
}

}  // namespace

void gelu(float* z, float* g, int64_t n) {
  auto four = [](float* zp, float* gp) {
    const f32x4 v = load(zp);
    f32x4 cdf, pdf;
    phi(v, cdf, pdf);
    store(gp, v * cdf);
    store(zp, cdf + v * pdf);
  };
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) four(z + i, g + i);
  if (i < n) {
    alignas(16) float gt[4];
    tail(z + i, n - i, [&](float* t) { four(t, gt); });
    for (int64_t k = 0; k < n - i; ++k) g[i + k] = gt[k];
  }
}

void gelu(double* z, double* g, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const double cdf = 0.5 * (1 + std::erf(z[i] * 0.70710678118654752440));
    g[i] = z[i] * cdf;
    z[i] = cdf + z[i] * std::exp(-0.5 * z[i] * z[i]) * 0.39894228040143267794;
  }
}

float exp_sum(float* x, int64_t n, float shift) {
  f32x4 acc = splat(0.f);
  const f32x4 s = splat(shift);
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const f32x4 e = vexp(load(x + i) - s);
    store(x + i, e);
    acc = acc + e;
  }
  float total = sum(acc);
  if (i < n)
    tail(x + i, n - i, [&](float* t) { store(t, vexp(load(t) - s)); });
  for (; i < n; ++i) total += x[i];
  return total;
}

double exp_sum(double* x, int64_t n, double shift) {
  double total = 0;
  for (int64_t i = 0; i < n; ++i) total += (x[i] = std::exp(x[i] - shift));
  return total;
}

void add_column_sums(const float* x, int64_t rows, int64_t n, int64_t ld, float* out) {
  int64_t c = 0;
  for (; c + 4 <= n; c += 4) {
    f32x4 acc = load(out + c);
    for (int64_t r = 0; r < rows; ++r) acc = acc + load(x + r * ld + c);
    store(out + c, acc);
  }
  for (; c < n; ++c)
    for (int64_t r = 0; r < rows; ++r) out[c] += x[r * ld + c];
}

void add_column_sums(const double* x, int64_t rows, int64_t n, int64_t ld, double* out) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < n; ++c) out[c] += x[r * ld + c];
}

}  // namespace posenc::train_detail
