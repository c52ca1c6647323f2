#include "posenc/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "internal.hpp"
#include "simd/simd.hpp"

namespace posenc {
namespace {

// Float SIMD partial sums, one f32x4 per pair of rows, reduced in double: fast, and accurate enough for d <= 2^20.
// Every product of the similarity matrix, and the row norms, go through the one accumulation below (the same
// operations in the same order), so a row's dot with itself is bit for bit its squared norm and the cosine
// diagonal is 1 to double rounding. Multiplication commutes exactly, so S[i][j] == S[j][i] bit for bit.
struct Dot {
  static simd::f32x4 step(simd::f32x4 acc, simd::f32x4 a, simd::f32x4 b) { return acc + a * b; }
  static double tail(float a, float b) { return static_cast<double>(a) * b; }
};
struct SquaredDistance {
  static simd::f32x4 step(simd::f32x4 acc, simd::f32x4 a, simd::f32x4 b) {
    const simd::f32x4 d = a - b;
    return acc + d * d;
  }
  static double tail(float a, float b) {
    const double d = static_cast<double>(a) - b;
    return d * d;
  }
};

double cosine_of(double dot, double norm_a, double norm_b) {
  return norm_a > 0 && norm_b > 0 ? dot / (norm_a * norm_b) : 0.0;
}

inline double reduce(simd::f32x4 acc) {
  alignas(16) float lanes[4];
  simd::store(lanes, acc);
  return (static_cast<double>(lanes[0]) + lanes[1]) + (static_cast<double>(lanes[2]) + lanes[3]);
}

// The similarity tile: 4 rows against 2 columns (of 3 x 3, 4 x 3, 5 x 2, 2 x 4 and 4 x 2, measured in wasm at
// 2048 x 512, 4 x 2 and 2 x 4 were fastest; the odd shapes spill).
constexpr int RT = 4, CT = 2;

// R x C values of rows a[0..R) against rows b[0..C) (d floats each, `stride` apart): R + C loads per step for
// R * C products, the accumulators in registers (R x C <= 8 leaves room in wasm's 16 vector registers).
// With `packed` (R vectors a step, row r's at 4 r: see pack), the rows of a are read from there: one address a
// step instead of R.
template <class Op, int R, int C, bool kPacked = false>
void accumulate(const float* a, const float* b, int64_t stride, int64_t d, simd::f32x4 (&acc)[R][C],
                const float* packed = nullptr) {
  using namespace simd;
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) acc[r][c] = splat(0.f);
  const int whole = static_cast<int>(d / 4 * 4), s = static_cast<int>(stride);  // int: one wasm add an address
  for (int k = 0; k < whole; k += 4) {
    f32x4 bk[C];
    for (int c = 0; c < C; ++c) bk[c] = load(b + c * s + k);
    for (int r = 0; r < R; ++r) {
      const f32x4 ak = kPacked ? load(packed + R * k + 4 * r) : load(a + r * s + k);
      for (int c = 0; c < C; ++c) acc[r][c] = Op::step(acc[r][c], ak, bk[c]);
    }
  }
}

// The values of a tile in double: its lanes, then the tail floats of its rows.
template <class Op, int R, int C>
void finish_tile(const simd::f32x4 (&acc)[R][C], const float* a, const float* b, int64_t stride, int64_t d,
                 double* values) {
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) {
      double total = reduce(acc[r][c]);
      for (int64_t k = d / 4 * 4; k < d; ++k) total += Op::tail(a[r * stride + k], b[c * stride + k]);
      values[r * C + c] = total;
    }
}

template <class Op, int R, int C>
void tile(const float* a, const float* b, int64_t stride, int64_t d, double* values) {
  simd::f32x4 acc[R][C];
  accumulate<Op, R, C>(a, b, stride, d, acc);
  finish_tile<Op, R, C>(acc, a, b, stride, d, values);
}

// (sum of a's lanes, of b's, of c's, of d's) in float: ((x0 + x2) + (x1 + x3)) each.
inline simd::f32x4 sums(simd::f32x4 a, simd::f32x4 b, simd::f32x4 c, simd::f32x4 d) {
  using namespace simd;
  const f32x4 ac = zip_lo(a, c) + zip_hi(a, c), bd = zip_lo(b, d) + zip_hi(b, d);
  return zip_lo(ac, bd) + zip_hi(ac, bd);
}

// R rows of d floats (`stride` apart), their whole vectors interleaved step by step for tile<..., true>.
template <int R>
void pack(const float* a, int64_t stride, int64_t d, float* packed) {
  for (int64_t k = 0; k + 4 <= d; k += 4)
    for (int r = 0; r < R; ++r) simd::store(packed + R * k + 4 * r, simd::load(a + r * stride + k));
}

double dot_f32(const float* a, const float* b, int64_t n) {
  double v;
  tile<Dot, 1, 1>(a, b, 0, n, &v);
  return v;
}

// The block rows [r0, r1) x columns [c0, c1) of the matrix (dot, cosine or squared-then-rooted distance),
// row i written at out + (i - r0) * ld. Columns are taken kPanel at a time (their rows, kPanel * d floats, stay
// in L2 while every row of the block passes them), rows four at a time, columns two at a time. With `upper`,
// tiles wholly left of the diagonal are skipped. Cosines divide by the norms, or multiply by `inverse` norms when
// given (0 for a zero row), which saves a division per value. With `packed` (room for the block's rows), each
// group of four rows is first interleaved step by step, so that the tile reads it from one address: 5% faster.
template <class Op>
void block(const SimilarityParams& p, const float* table, const double* norms, const float* inverse, int64_t r0,
           int64_t r1, int64_t c0, int64_t c1, float* out, int64_t ld, bool upper, float* packed) {
  using namespace simd;
  constexpr int64_t kPanel = 64;
  const int64_t d = p.d_model;
  auto finish = [&](int64_t i, int64_t j, double v) {
    if (p.metric == Metric::euclidean) v = std::sqrt(v);
    else if (p.metric == Metric::cosine)
      v = inverse ? v * inverse[i] * inverse[j] : cosine_of(v, norms[i], norms[j]);
    out[(i - r0) * ld + j] = static_cast<float>(v);
  };
  // Dots of whole vectors from packed rows finish four at a time in float lanes (their sums, the cosine's
  // scaling) rather than one value at a time in double: 2% of the 2048 x 2048 matrix.
  const bool lanes = packed && std::is_same_v<Op, Dot> && d % 4 == 0 && (p.metric == Metric::dot || inverse);
  double v[RT * CT];
  if (packed)
    for (int64_t i = r0; i + RT <= r1; i += RT) pack<RT>(table + i * d, d, d, packed + (i - r0) * d);
  for (int64_t j0 = c0; j0 < c1; j0 += kPanel) {
    const int64_t j1 = j0 + kPanel < c1 ? j0 + kPanel : c1;
    for (int64_t i = r0; i < r1; i += RT) {
      const float* a = table + i * d;
      const float* a_packed = packed ? packed + (i - r0) * d : nullptr;
      const int64_t rows = r1 - i < RT ? r1 - i : RT;
      int64_t j = j0;
      if (rows == RT)
        for (; j + CT <= j1; j += CT) {
          if (upper && j + CT <= i) continue;  // wholly left of the diagonal: the caller mirrors it
          f32x4 acc[RT][CT];
          if (packed) accumulate<Op, RT, CT, true>(a, table + j * d, d, d, acc, a_packed);
          else accumulate<Op, RT, CT>(a, table + j * d, d, d, acc);
          if (lanes) {
            f32x4 col0 = sums(acc[0][0], acc[1][0], acc[2][0], acc[3][0]);
            f32x4 col1 = sums(acc[0][1], acc[1][1], acc[2][1], acc[3][1]);
            if (p.metric == Metric::cosine) {
              const f32x4 by_row = load(inverse + i);
              col0 = col0 * by_row * splat(inverse[j]);
              col1 = col1 * by_row * splat(inverse[j + 1]);
            }
            alignas(16) float pairs[8];  // (row 0: j, j + 1), (row 1: ...), ...
            store(pairs, zip_lo(col0, col1));
            store(pairs + 4, zip_hi(col0, col1));
            for (int r = 0; r < RT; ++r) std::memcpy(out + (i + r - r0) * ld + j, pairs + 2 * r, 2 * sizeof(float));
            continue;
          }
          finish_tile<Op, RT, CT>(acc, a, table + j * d, d, d, v);
          for (int r = 0; r < RT; ++r)
            for (int c = 0; c < CT; ++c) finish(i + r, j + c, v[CT * r + c]);
        }
      for (; j < j1; ++j)
        for (int64_t r = 0; r < rows; ++r) {
          tile<Op, 1, 1>(a + r * d, table + j * d, d, d, v);
          finish(i + r, j, v[0]);
        }
    }
  }
}

void block(const SimilarityParams& p, const float* table, const double* norms, const float* inverse, int64_t r0,
           int64_t r1, int64_t c0, int64_t c1, float* out, int64_t ld, bool upper, float* packed) {
  if (p.metric == Metric::euclidean) block<SquaredDistance>(p, table, norms, inverse, r0, r1, c0, c1, out, ld, upper, packed);
  else block<Dot>(p, table, norms, inverse, r0, r1, c0, c1, out, ld, upper, packed);
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
  if (!wide) {  // no value can leave float32's range: every |value| <= 4 max|x|^2 d <= 1e36
    block(p, table, norms, nullptr, first, first + count, 0, p.length, out, p.length, false, nullptr);
    return {};
  }
  const int64_t d = p.d_model;
  for (int64_t r = 0; r < count; ++r) {
    const int64_t i = first + r;
    const float* a = table + i * d;
    float* row = out + r * p.length;
    for (int64_t j = 0; j < p.length; ++j) {
      const Comparison c = compare(a, table + j * d, d);
      double value = p.metric == Metric::euclidean ? c.euclidean : c.dot;
      if (p.metric == Metric::cosine) value = cosine_of(value, norms[i], norms[j]);
      if (std::fabs(value) > std::numeric_limits<float>::max()) return {i, j, value};
      row[j] = static_cast<float>(value);
    }
  }
  return {};
}

size_t SymmetricSimilarity::workspace_bytes(const SimilarityParams& p, int64_t max_rows) {
  return detail::round16(sizeof(float) * static_cast<size_t>(p.length)) +
         detail::round16(sizeof(float) * static_cast<size_t>(max_rows * p.d_model)) +
         detail::round16(sizeof(float) * static_cast<size_t>(p.length * (p.length - 1) / 2));
}

SymmetricSimilarity::SymmetricSimilarity(const SimilarityParams& p, const float* table, const double* norms,
                                         int64_t max_rows, void* workspace)
    : p_(p), table_(table), norms_(norms) {
  detail::Carver c{static_cast<unsigned char*>(workspace)};
  inverse_ = c.take<float>(p.length);
  packed_ = c.take<float>(max_rows * p.d_model);
  lower_ = c.take<float>(p.length * (p.length - 1) / 2);
  for (int64_t i = 0; i < p.length; ++i) inverse_[i] = norms[i] > 0 ? static_cast<float>(1 / norms[i]) : 0.f;
}

// Row j of the strict lower triangle (S[j][0..j)) starts at j (j - 1) / 2.
void SymmetricSimilarity::rows(int64_t first, int64_t count, float* out) {
  const int64_t n = p_.length, last = first + count;
  // on and right of the diagonal: computed (tiles that straddle it in full); left of it in the diagonal block:
  // mirrored
  block(p_, table_, norms_, inverse_, first, last, first, n, out, n, true, packed_);
  for (int64_t i = first + 1; i < last; ++i)
    for (int64_t j = first; j < i; ++j) out[(i - first) * n + j] = out[(j - first) * n + i];
  // left of it: what earlier chunks computed
  for (int64_t i = first; i < last; ++i)
    std::memcpy(out + (i - first) * n, lower_ + i * (i - 1) / 2, sizeof(float) * static_cast<size_t>(first));
  // and what this chunk computed, transposed for the chunks below: 4 x 4 blocks through vectors (one value at a
  // time, this copy took a tenth of the matrix's time), the edges one value at a time
  using namespace simd;
  const int64_t i4 = first + (count / 4) * 4;
  int64_t j = last;
  for (; j + 4 <= n; j += 4) {
    float* to[4];
    for (int c = 0; c < 4; ++c) to[c] = lower_ + (j + c) * (j + c - 1) / 2;
    for (int64_t i = first; i < i4; i += 4) {
      const float* from = out + (i - first) * n + j;
      const f32x4 r0 = load(from), r1 = load(from + n), r2 = load(from + 2 * n), r3 = load(from + 3 * n);
      const f32x4 lo02 = zip_lo(r0, r2), lo13 = zip_lo(r1, r3), hi02 = zip_hi(r0, r2), hi13 = zip_hi(r1, r3);
      store(to[0] + i, zip_lo(lo02, lo13));
      store(to[1] + i, zip_hi(lo02, lo13));
      store(to[2] + i, zip_lo(hi02, hi13));
      store(to[3] + i, zip_hi(hi02, hi13));
    }
    for (int64_t i = i4; i < last; ++i)
      for (int c = 0; c < 4; ++c) to[c][i] = out[(i - first) * n + j + c];
  }
  for (; j < n; ++j)
    for (int64_t i = first; i < last; ++i) lower_[j * (j - 1) / 2 + i] = out[(i - first) * n + j];
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
