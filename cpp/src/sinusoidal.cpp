#include "posenc/sinusoidal.hpp"

#include <cmath>
#include <cstring>

#include "internal.hpp"
#include "simd/simd.hpp"

namespace posenc {
using detail::Carver;
using detail::round16;

// ---------------------------------------------------------------------------------------------- rotor

size_t AngleRotor::workspace_bytes(int64_t n) {
  const int64_t stride = (n + 3) & ~int64_t{3};  // whole f32x4 vectors, tail padded
  return 4 * round16(sizeof(double) * n) + (4 + 2 * kBlock) * round16(sizeof(float) * stride);
}

AngleRotor::AngleRotor(const double* freqs, int64_t n, double scale, void* workspace)
    : freqs_(freqs), n_(n), stride_((n + 3) & ~int64_t{3}), scale_(scale) {
  Carver c{static_cast<unsigned char*>(workspace)};
  anchor_sin_ = c.take<double>(n);
  anchor_cos_ = c.take<double>(n);
  step_sin_ = c.take<double>(n);
  step_cos_ = c.take<double>(n);
  anchor_sin_f_ = c.take<float>(stride_);
  anchor_cos_f_ = c.take<float>(stride_);
  row_sin_ = c.take<float>(stride_);
  row_cos_ = c.take<float>(stride_);
  offset_sin_ = c.take<float>(stride_ * kBlock);
  offset_cos_ = c.take<float>(stride_ * kBlock);
  for (int64_t i = 0; i < stride_; ++i) anchor_sin_f_[i] = anchor_cos_f_[i] = 0.f;
  for (int64_t j = 0; j < kBlock; ++j) {
    float* os = offset_sin_ + j * stride_;
    float* oc = offset_cos_ + j * stride_;
    for (int64_t i = 0; i < stride_; ++i) {
      const double a = i < n ? static_cast<double>(j) * freqs[i] : 0.0;
      os[i] = static_cast<float>(std::sin(a));
      oc[i] = static_cast<float>(std::cos(a));
    }
  }
  for (int64_t i = 0; i < n; ++i) {
    const double a = static_cast<double>(kBlock) * freqs[i];
    step_sin_[i] = std::sin(a);
    step_cos_[i] = std::cos(a);
  }
}

void AngleRotor::seed(int64_t position) {
  const double p = static_cast<double>(position);
  for (int64_t i = 0; i < n_; ++i) {
    const double a = p * freqs_[i];
    anchor_sin_[i] = std::sin(a) * scale_;
    anchor_cos_[i] = std::cos(a) * scale_;
    anchor_sin_f_[i] = static_cast<float>(anchor_sin_[i]);
    anchor_cos_f_[i] = static_cast<float>(anchor_cos_[i]);
  }
}

// The arrays never overlap: saying so lets the compiler vectorize the loop (f64x2); one pair at a time it was
// 9% of the profile of an 8192 x 1024 table.
void AngleRotor::advance() {
  double* __restrict as = anchor_sin_;
  double* __restrict ac = anchor_cos_;
  const double* __restrict ss = step_sin_;
  const double* __restrict sc = step_cos_;
  float* __restrict fs = anchor_sin_f_;
  float* __restrict fc = anchor_cos_f_;
  for (int64_t i = 0; i < n_; ++i) {
    const double s = as[i], c = ac[i];
    as[i] = s * sc[i] + c * ss[i];
    ac[i] = c * sc[i] - s * ss[i];
    fs[i] = static_cast<float>(as[i]);
    fc[i] = static_cast<float>(ac[i]);
  }
}

// sin(A + B) = sA cB + cA sB and cos(A + B) = cA cB - sA sB, A the anchor angle and B = k w. Whole
// vectors go through f32x4; the tail uses the same float operations one lane at a time (same rounding).
struct AngleRotor::Pairs {
  const float *as, *ac, *bs, *bc;
  simd::f32x4 sin4(int64_t i) const {
    using namespace simd;
    return load(as + i) * load(bc + i) + load(ac + i) * load(bs + i);
  }
  simd::f32x4 cos4(int64_t i) const {
    using namespace simd;
    return load(ac + i) * load(bc + i) - load(as + i) * load(bs + i);
  }
  float sin1(int64_t i) const { return as[i] * bc[i] + ac[i] * bs[i]; }
  float cos1(int64_t i) const { return ac[i] * bc[i] - as[i] * bs[i]; }
};

AngleRotor::Pairs AngleRotor::pairs(int64_t k) const {
  return {anchor_sin_f_, anchor_cos_f_, offset_sin_ + k * stride_, offset_cos_ + k * stride_};
}

void AngleRotor::combine(int64_t k) {
  using namespace simd;
  const Pairs p = pairs(k);
  for (int64_t i = 0; i < stride_; i += 4) {  // row buffers are padded to whole vectors
    store(row_sin_ + i, p.sin4(i));
    store(row_cos_ + i, p.cos4(i));
  }
}

// Table values are clamped to [-1, 1]: rounding can give 1.0000001, and |sin|, |cos| <= 1 exactly, so the
// clamp only ever moves a value toward the exact one (and keeps "every value is bounded" literally true).
namespace {
inline simd::f32x4 unit(simd::f32x4 v) { return simd::min(simd::max(v, simd::splat(-1.f)), simd::splat(1.f)); }
inline float unit(float v) { return v < -1.f ? -1.f : v > 1.f ? 1.f : v; }
}  // namespace

// Visits cell(k, i, pairs) for rows k < rows and whole vectors i < vectors (multiples of 4), kChunk pairs of
// every row before the next kChunk: the offset tables (2 * kBlock * n floats, 64 KiB at dModel 1024) outgrow
// L1, their chunk slice does not. An interleaved A/B in wasm at 8192 x 1024 measured it ~5% faster than
// whole rows; the table's stores, not these loads, dominate.
template <class Cell>
void AngleRotor::each_cell(int64_t rows, int64_t vectors, Cell&& cell) const {
  constexpr int64_t kChunk = 64;
  for (int64_t i0 = 0; i0 < vectors; i0 += kChunk) {
    const int64_t i1 = i0 + kChunk < vectors ? i0 + kChunk : vectors;
    for (int64_t k = 0; k < rows; ++k) {
      const Pairs p = pairs(k);
      for (int64_t i = i0; i < i1; i += 4) cell(k, i, p);
    }
  }
}

namespace {
// K rows of an interleaved block, four pairs a step: the anchor's sines and cosines are loaded once for the K
// rows, each row's offsets once, and each step stores two vectors of (sin, cos) pairs per row.
template <int K>
void interleaved_rows(const float* as, const float* ac, const float* bs, const float* bc, int64_t stride,
                      int64_t vectors, float* out, int64_t width) {
  using namespace simd;
  for (int64_t i = 0; i < vectors; i += 4) {
    const f32x4 a = load(as + i), c = load(ac + i);
    // not unrolled: smaller, and as fast
    POSENC_NO_UNROLL
    for (int r = 0; r < K; ++r) {
      const f32x4 s_b = load(bs + r * stride + i), c_b = load(bc + r * stride + i);
      const f32x4 sin = unit(a * c_b + c * s_b), cos = unit(c * c_b - a * s_b);
      float* o = out + r * width + 2 * i;
      store(o, zip_lo(sin, cos));
      store(o + 4, zip_hi(sin, cos));
    }
  }
}
}  // namespace

// Four rows a pass: measured in wasm at 8192 x 1024, rows bound for memory took 1.9x the time of a loop that
// only stores them, one row a pass 2.6x, and the shuffle-free layout ((sin, cos)-ordered tables, twice the
// loads) 2.9x. Stores that wait for memory appear to stall the loads issued between them, so the fewer loads
// per stored vector (here 1.25) the better.
void AngleRotor::block_interleaved(int64_t rows, float* out, int64_t width) const {
  const int64_t vectors = width / 8 * 4;  // pairs written by whole vectors
  int64_t k = 0;
  for (; k + kRowsPerPass <= rows; k += kRowsPerPass)
    interleaved_rows<kRowsPerPass>(anchor_sin_f_, anchor_cos_f_, offset_sin_ + k * stride_, offset_cos_ + k * stride_,
                                   stride_, vectors, out + k * width, width);
  const int64_t whole_rows = k;  // the last rows of a table (at most three) and every row's tail: one at a time
  for (k = 0; k < rows; ++k) {
    const Pairs p = pairs(k);
    float* o = out + k * width;
    for (int64_t i = k < whole_rows ? vectors : 0; 2 * i < width; ++i) {
      o[2 * i] = unit(p.sin1(i));
      if (2 * i + 1 < width) o[2 * i + 1] = unit(p.cos1(i));
    }
  }
}

void AngleRotor::block_split(int64_t rows, float* out, int64_t width) const {
  using namespace simd;
  const int64_t cosines = width - n_, vectors = cosines / 4 * 4;
  each_cell(rows, vectors, [&](int64_t k, int64_t i, const Pairs& p) {
    float* o = out + k * width;
    store(o + i, unit(p.sin4(i)));
    store(o + n_ + i, unit(p.cos4(i)));
  });
  for (int64_t k = 0; k < rows && vectors < n_; ++k) {
    const Pairs p = pairs(k);
    float* o = out + k * width;
    for (int64_t i = vectors; i < n_; ++i) {
      o[i] = unit(p.sin1(i));
      if (i < cosines) o[n_ + i] = unit(p.cos1(i));
    }
  }
}

// ---------------------------------------------------------------------------------------- sinusoidal

Error validate(const SinusoidalParams& p) {
  if (auto e = check_count(p.length, "length", kMaxOutputElements)) return e;
  if (auto e = check_count(p.d_model, "dModel", kMaxDim)) return e;
  if (auto e = check_product(p.length, p.d_model, 1, "length x dModel table", kMaxOutputElements)) return e;
  if (auto e = check_finite(p.base, "base")) return e;
  if (!(p.base > 1)) return range_error("base must be greater than 1 (got " + format_number(p.base) + ")");
  if (p.offset < 0 || p.offset > kMaxPosition - p.length)
    return range_error("offset must be an integer from 0 to 2^53 - 1 - length (got " + std::to_string(p.offset) + ")");
  if (p.layout != Layout::interleaved && p.layout != Layout::split) return range_error("layout is unknown");
  return {};
}

double sinusoidal_frequency(double base, int64_t d_model, int64_t i) {
  return std::exp(-static_cast<double>(2 * i) / static_cast<double>(d_model) * std::log(base));
}

size_t SinusoidalPlan::workspace_bytes(int64_t d_model) {
  const int64_t n = sinusoidal_pairs(d_model);
  return round16(sizeof(double) * n) + AngleRotor::workspace_bytes(n);
}

static double* fill_frequencies(const SinusoidalParams& p, void* workspace) {
  double* f = static_cast<double*>(workspace);
  for (int64_t i = 0; i < sinusoidal_pairs(p.d_model); ++i) f[i] = sinusoidal_frequency(p.base, p.d_model, i);
  return f;
}

SinusoidalPlan::SinusoidalPlan(const SinusoidalParams& p, void* workspace)
    : p_(p),
      freqs_(fill_frequencies(p, workspace)),
      rotor_(freqs_, sinusoidal_pairs(p.d_model), 1.0,
             static_cast<unsigned char*>(workspace) + round16(sizeof(double) * sinusoidal_pairs(p.d_model))) {}

bool SinusoidalPlan::serves(const SinusoidalParams& p) const { return p.d_model == p_.d_model && p.base == p_.base; }

void SinusoidalPlan::retarget(const SinusoidalParams& p) { p_ = p; }

void SinusoidalPlan::rows(int64_t first, int64_t count, float* out) {
  const int64_t d = p_.d_model;
  const bool split = p_.layout == Layout::split;
  rotor_.for_blocks(p_.offset + first, count, [&](int64_t j0, int64_t rows) {
    if (split) rotor_.block_split(rows, out + j0 * d, d);
    else rotor_.block_interleaved(rows, out + j0 * d, d);
  });
}

void sinusoidal(const SinusoidalParams& p, float* out) {
  check(validate(p));
  detail::OwnedWorkspace ws(SinusoidalPlan::workspace_bytes(p.d_model));
  SinusoidalPlan plan(p, ws.get());
  plan.rows(0, p.length, out);
}

}  // namespace posenc
