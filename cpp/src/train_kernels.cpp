// The trainer's elementwise and row kernels (train_kernels.hpp): GELU, exponentials, LayerNorm, column sums.
#include "train_kernels.hpp"

#include <algorithm>
#include <cmath>

#include "simd/simd.hpp"

namespace posenc::train_detail {
namespace {

using namespace simd;

f32x4 vexp(f32x4 x) {
  x = min(max(x, splat(-87.33654f)), splat(88.37626f));
  const f32x4 magic = splat(12582912.f);  // 1.5·2^23: adding and subtracting it rounds to an integer
  const f32x4 biased = x * splat(1.44269504088896341f) + magic, n = biased - magic;
  x = x - n * splat(0.693359375f) - n * splat(-2.12194440e-4f);
  f32x4 y = splat(1.9875691500e-4f);
  y = y * x + splat(1.3981999507e-3f);
  y = y * x + splat(8.3334519073e-3f);
  y = y * x + splat(4.1665795894e-2f);
  y = y * x + splat(1.6666665459e-1f);
  y = y * x + splat(5.0000001201e-1f);
  y = y * (x * x) + x + splat(1.f);
  return y * exp2i_biased(biased);
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

namespace {

constexpr double kLayerNormEps = 1e-5;

template <class T>
void layernorm_t(const T* x, const T* w, const T* b, T* y, T* mu, T* rs, int64_t rows, int64_t d) {
  for (int64_t r = 0; r < rows; ++r) {
    const T* xr = x + r * d;
    T* yr = y + r * d;
    T sum = 0;
    for (int64_t c = 0; c < d; ++c) sum += xr[c];
    const T mean = sum / T(d);
    T var = 0;
    for (int64_t c = 0; c < d; ++c) var += (xr[c] - mean) * (xr[c] - mean);
    const T r_std = T(1) / std::sqrt(var / T(d) + T(kLayerNormEps));
    mu[r] = mean, rs[r] = r_std;
    for (int64_t c = 0; c < d; ++c) yr[c] = (xr[c] - mean) * r_std * w[c] + b[c];
  }
}

// dx += the gradient through y = LN(x) given dy; accumulates the gradients of w and b.
template <class T>
void layernorm_backward_t(const T* x, const T* mu, const T* rs, const T* w, const T* dy, T* gw, T* gb, T* dx,
                        int64_t rows, int64_t d) {
  for (int64_t r = 0; r < rows; ++r) {
    const T* xr = x + r * d;
    const T* dyr = dy + r * d;
    T m1 = 0, m2 = 0;
    for (int64_t c = 0; c < d; ++c) {
      const T xhat = (xr[c] - mu[r]) * rs[r], dxhat = dyr[c] * w[c];
      gw[c] += dyr[c] * xhat;
      gb[c] += dyr[c];
      m1 += dxhat;
      m2 += dxhat * xhat;
    }
    m1 /= T(d), m2 /= T(d);
    for (int64_t c = 0; c < d; ++c) {
      const T xhat = (xr[c] - mu[r]) * rs[r];
      dx[r * d + c] += rs[r] * (dyr[c] * w[c] - m1 - xhat * m2);
    }
  }
}

// Sums in four lanes (element c in lane c % 4), then the lanes in order, then the tail: one order for every
// build (the scalar one emulates the lanes).
inline float finish_sum(f32x4 acc, const float* tail, int64_t n) {
  float total = sum(acc);
  for (int64_t c = 0; c < n; ++c) total += tail[c];
  return total;
}

}  // namespace

void layernorm(const float* x, const float* w, const float* b, float* y, float* mu, float* rs, int64_t rows, int64_t d) {
  const int64_t d4 = d & ~int64_t{3};
  for (int64_t r = 0; r < rows; ++r) {
    const float* xr = x + r * d;
    float* yr = y + r * d;
    f32x4 acc = splat(0.f);
    for (int64_t c = 0; c < d4; c += 4) acc = acc + load(xr + c);
    const float mean = finish_sum(acc, xr + d4, d - d4) / static_cast<float>(d);
    const f32x4 m = splat(mean);
    acc = splat(0.f);
    for (int64_t c = 0; c < d4; c += 4) {
      const f32x4 t = load(xr + c) - m;
      acc = acc + t * t;
    }
    float var = sum(acc);
    for (int64_t c = d4; c < d; ++c) var += (xr[c] - mean) * (xr[c] - mean);
    const float r_std = 1.f / std::sqrt(var / static_cast<float>(d) + static_cast<float>(kLayerNormEps));
    mu[r] = mean, rs[r] = r_std;
    const f32x4 s = splat(r_std);
    for (int64_t c = 0; c < d4; c += 4) store(yr + c, (load(xr + c) - m) * s * load(w + c) + load(b + c));
    for (int64_t c = d4; c < d; ++c) yr[c] = (xr[c] - mean) * r_std * w[c] + b[c];
  }
}
void layernorm(const double* x, const double* w, const double* b, double* y, double* mu, double* rs, int64_t rows,
               int64_t d) {
  layernorm_t(x, w, b, y, mu, rs, rows, d);
}
void layernorm_backward(const double* x, const double* mu, const double* rs, const double* w, const double* dy,
                        double* gw, double* gb, double* dx, int64_t rows, int64_t d) {
  layernorm_backward_t(x, mu, rs, w, dy, gw, gb, dx, rows, d);
}
void layernorm_backward(const float* x, const float* mu, const float* rs, const float* w, const float* dy, float* gw,
                        float* gb, float* dx, int64_t rows, int64_t d) {
  const int64_t d4 = d & ~int64_t{3};
  for (int64_t r = 0; r < rows; ++r) {
    const float* xr = x + r * d;
    const float* dyr = dy + r * d;
    float* dxr = dx + r * d;
    const f32x4 m = splat(mu[r]), s = splat(rs[r]);
    f32x4 a1 = splat(0.f), a2 = splat(0.f);
    for (int64_t c = 0; c < d4; c += 4) {
      const f32x4 g = load(dyr + c), xhat = (load(xr + c) - m) * s, dxhat = g * load(w + c);
      store(gw + c, load(gw + c) + g * xhat);
      store(gb + c, load(gb + c) + g);
      a1 = a1 + dxhat;
      a2 = a2 + dxhat * xhat;
    }
    float m1 = sum(a1), m2 = sum(a2);
    for (int64_t c = d4; c < d; ++c) {
      const float xhat = (xr[c] - mu[r]) * rs[r], dxhat = dyr[c] * w[c];
      gw[c] += dyr[c] * xhat;
      gb[c] += dyr[c];
      m1 += dxhat;
      m2 += dxhat * xhat;
    }
    m1 /= static_cast<float>(d), m2 /= static_cast<float>(d);
    const f32x4 v1 = splat(m1), v2 = splat(m2);
    for (int64_t c = 0; c < d4; c += 4) {
      const f32x4 xhat = (load(xr + c) - m) * s;
      store(dxr + c, load(dxr + c) + s * (load(dyr + c) * load(w + c) - v1 - xhat * v2));
    }
    for (int64_t c = d4; c < d; ++c) {
      const float xhat = (xr[c] - mu[r]) * rs[r];
      dxr[c] += rs[r] * (dyr[c] * w[c] - m1 - xhat * m2);
    }
  }
}

void softmax_row(float* row, int64_t n, float scale, const float* rb) {
  const f32x4 vs = splat(scale);
  const int64_t n4 = n & ~int64_t{3};
  f32x4 top4 = splat(-INFINITY);
  for (int64_t j = 0; j < n4; j += 4) {
    const f32x4 v = rb ? load(row + j) * vs + load(rb + j) : load(row + j) * vs;
    store(row + j, v);
    top4 = max(top4, v);
  }
  alignas(16) float lanes[4];
  store(lanes, top4);
  float top = std::max(std::max(lanes[0], lanes[1]), std::max(lanes[2], lanes[3]));  // exact in any order
  for (int64_t j = n4; j < n; ++j) {
    row[j] = rb ? row[j] * scale + rb[j] : row[j] * scale;
    top = std::max(top, row[j]);
  }
  const float inv = 1.f / exp_sum(row, n, top);
  for (int64_t j = 0; j < n4; j += 4) store(row + j, load(row + j) * splat(inv));
  for (int64_t j = n4; j < n; ++j) row[j] *= inv;
}

void softmax_row(double* row, int64_t n, double scale, const double* rb) {
  double top = -INFINITY;
  for (int64_t j = 0; j < n; ++j) {
    row[j] = rb ? row[j] * scale + rb[j] : row[j] * scale;
    top = std::max(top, row[j]);
  }
  const double inv = 1 / exp_sum(row, n, top);
  for (int64_t j = 0; j < n; ++j) row[j] *= inv;
}

namespace {
template <class T>
void causal_softmax_rows(T* s, int64_t len, T scale, const T* bias) {
  for (int64_t i = 0; i < len; ++i) {
    T* row = s + i * len;
    softmax_row(row, i + 1, scale, bias ? bias + len - 1 - i : nullptr);  // rb[j] = the bias at distance i - j
    std::fill(row + i + 1, row + len, T(0));
  }
}
}  // namespace

void causal_softmax(float* s, int64_t len, float scale, const float* bias) { causal_softmax_rows(s, len, scale, bias); }
void causal_softmax(double* s, int64_t len, double scale, const double* bias) { causal_softmax_rows(s, len, scale, bias); }

namespace {

template <class T>
inline void softmax_backward_cells(const T* pr, T* row, int64_t j0, int64_t n, int64_t i, T dot, T scale, T* gdist) {
  for (int64_t j = j0; j < n; ++j) {
    const T ds = pr[j] * (row[j] - dot);
    if (gdist) gdist[i - j] += ds;
    row[j] = ds * scale;
  }
}

}  // namespace

void causal_softmax_backward(const float* p, float* dp, int64_t len, float scale, float* gdist) {
  const f32x4 vs = splat(scale);
  for (int64_t i = 0; i < len; ++i) {
    const float* pr = p + i * len;
    float* row = dp + i * len;
    const int64_t n = i + 1, n4 = n & ~int64_t{3};
    f32x4 acc = splat(0.f);
    for (int64_t j = 0; j < n4; j += 4) acc = acc + load(pr + j) * load(row + j);
    float dot = sum(acc);
    for (int64_t j = n4; j < n; ++j) dot += pr[j] * row[j];
    int64_t j = 0;
    if (!gdist)
      for (const f32x4 vd = splat(dot); j < n4; j += 4) store(row + j, load(pr + j) * (load(row + j) - vd) * vs);
    softmax_backward_cells(pr, row, j, n, i, dot, scale, gdist);
    for (j = n; j < len; ++j) row[j] = 0;
  }
}

void causal_softmax_backward(const double* p, double* dp, int64_t len, double scale, double* gdist) {
  for (int64_t i = 0; i < len; ++i) {
    const double* pr = p + i * len;
    double* row = dp + i * len;
    double dot = 0;
    for (int64_t j = 0; j <= i; ++j) dot += pr[j] * row[j];
    softmax_backward_cells(pr, row, 0, i + 1, i, dot, scale, gdist);
    for (int64_t j = i + 1; j < len; ++j) row[j] = 0;
  }
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
