#include "posenc/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "internal.hpp"
#include "simd/simd.hpp"

namespace posenc {
namespace {

// Float SIMD partial sums in 4 lanes, reduced in double: fast, and accurate enough for d <= 2^20.
double dot_f32(const float* a, const float* b, int64_t n) {
  using namespace simd;
  f32x4 acc0 = splat(0.f), acc1 = splat(0.f);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    acc0 = acc0 + load(a + i) * load(b + i);
    acc1 = acc1 + load(a + i + 4) * load(b + i + 4);
  }
  double total = static_cast<double>(sum(acc0)) + sum(acc1);
  for (; i < n; ++i) total += static_cast<double>(a[i]) * b[i];
  return total;
}

double squared_distance_f32(const float* a, const float* b, int64_t n) {
  using namespace simd;
  f32x4 acc = splat(0.f);
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const f32x4 d = load(a + i) - load(b + i);
    acc = acc + d * d;
  }
  double total = sum(acc);
  for (; i < n; ++i) {
    const double d = static_cast<double>(a[i]) - b[i];
    total += d * d;
  }
  return total;
}

double cosine_of(double dot, double norm_a, double norm_b) {
  return norm_a > 0 && norm_b > 0 ? dot / (norm_a * norm_b) : 0.0;
}

}  // namespace

Comparison compare(const float* a, const float* b, int64_t n) {
  double dot = 0, aa = 0, bb = 0, dd = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double x = a[i], y = b[i];
    dot += x * y;
    aa += x * x;
    bb += y * y;
    dd += (x - y) * (x - y);
  }
  return {dot, cosine_of(dot, std::sqrt(aa), std::sqrt(bb)), std::sqrt(dd)};
}

Error validate(const SimilarityParams& p) {
  if (auto e = check_count(p.length, "length", kMaxDim)) return e;
  if (auto e = check_count(p.d_model, "dModel", kMaxDim)) return e;
  if (auto e = check_product(p.length, p.d_model, 1, "length x dModel table", kMaxResidentElements)) return e;
  return check_product(p.length, p.length, 1, "length x length matrix", kMaxOutputElements);
}

bool similarity_norms(const SimilarityParams& p, const float* table, double* norms) {
  // A float partial sum adds d terms of at most (2 max|x|)^2 (Euclidean); rows whose largest value is
  // below 1e-15 would square into float32's denormals.
  float largest = 0, smallest_row = 1;
  for (int64_t r = 0; r < p.length; ++r) {
    float row_max = 0;
    for (int64_t c = 0; c < p.d_model; ++c) row_max = std::max(row_max, std::fabs(table[r * p.d_model + c]));
    largest = std::max(largest, row_max);
    if (row_max > 0) smallest_row = std::min(smallest_row, row_max);
  }
  const bool wide = 4.0 * largest * largest * static_cast<double>(p.d_model) > 1e36 || smallest_row < 1e-15f;
  for (int64_t r = 0; r < p.length; ++r) {
    const float* row = table + r * p.d_model;
    norms[r] = wide ? std::sqrt(compare(row, row, p.d_model).dot) : std::sqrt(dot_f32(row, row, p.d_model));
  }
  return wide;
}

SimilarityOverflow similarity_rows(const SimilarityParams& p, const float* table, const double* norms, bool wide,
                                   int64_t first, int64_t count, float* out) {
  const int64_t d = p.d_model;
  for (int64_t r = 0; r < count; ++r) {
    const int64_t i = first + r;
    const float* a = table + i * d;
    float* row = out + r * p.length;
    for (int64_t j = 0; j < p.length; ++j) {
      const float* b = table + j * d;
      double value;
      if (p.metric == Metric::euclidean) value = wide ? compare(a, b, d).euclidean : std::sqrt(squared_distance_f32(a, b, d));
      else {
        value = wide ? compare(a, b, d).dot : dot_f32(a, b, d);
        if (p.metric == Metric::cosine) value = cosine_of(value, norms[i], norms[j]);
      }
      if (std::fabs(value) > std::numeric_limits<float>::max()) return {i, j, value};
      row[j] = static_cast<float>(value);
    }
  }
  return {};
}

size_t ToeplitzSimilarity::workspace_bytes(const SimilarityParams& p) {
  const int64_t pairs = p.d_model / 2;
  return detail::round16(sizeof(float) * p.length) + detail::round16(sizeof(double) * pairs) +
         AngleRotor::workspace_bytes(pairs);
}

ToeplitzSimilarity::ToeplitzSimilarity(const SimilarityParams& p, const SinusoidalParams& t, void* workspace) : p_(p) {
  detail::Carver c{static_cast<unsigned char*>(workspace)};
  profile_ = c.take<float>(p.length);
  const int64_t pairs = p.d_model / 2;
  double* freqs = c.take<double>(pairs);
  // dot(lag) = sum cos(lag w); euclidean^2(lag) = 2 sum (1 - cos(lag w)) = 4 sum sin^2(lag w / 2), the
  // second form free of cancellation near lag 0. Rows have norm sqrt(d/2), so cosine = dot / (d/2).
  const bool euclidean = p.metric == Metric::euclidean;
  for (int64_t i = 0; i < pairs; ++i)
    freqs[i] = sinusoidal_frequency(t.base, t.d_model, i) * (euclidean ? 0.5 : 1.0);
  AngleRotor rotor(freqs, pairs, 1.0, c.at);
  const double half = static_cast<double>(pairs);
  rotor.for_positions(0, p.length, [&](int64_t lag, int64_t k) {
    rotor.combine(k);
    const float* s = rotor.row_sin();
    const float* co = rotor.row_cos();
    double total = 0;
    for (int64_t i = 0; i < pairs; ++i) total += euclidean ? static_cast<double>(s[i]) * s[i] : co[i];
    double value = total;
    if (p.metric == Metric::cosine) value = total / half;
    if (euclidean) value = 2 * std::sqrt(total);
    profile_[lag] = static_cast<float>(value);
  });
}

void ToeplitzSimilarity::rows(int64_t first, int64_t count, float* out) const {
  for (int64_t r = 0; r < count; ++r) {
    const int64_t i = first + r;
    float* row = out + r * p_.length;
    for (int64_t j = 0; j < i; ++j) row[j] = profile_[i - j];
    std::memcpy(row + i, profile_, sizeof(float) * static_cast<size_t>(p_.length - i));
  }
}

}  // namespace posenc
