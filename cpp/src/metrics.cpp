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
#if defined(POSENC_SIMD_SCALAR)
constexpr int RT = 1, CT = 1;  // the lanes are scalar code: one pair a tile keeps the module within its size budget
#else
constexpr int RT = 4, CT = 2;
#endif

// R x C accumulators of rows a[0..R) against rows b[0..C) (d floats each): R + C loads per step for R * C
// products, all in registers (R x C <= 8 leaves room in wasm's 16 vector registers). The rows of a come packed
// (R vectors a step, row r's at 4 r: see pack; a single row is its own packing), so that they share one address.
// The sums stay in locals until the end: written through `acc` at every step, they would go to memory (the loads
// could alias them).
template <class Op, int R, int C>
void accumulate(const float* packed, const float* b, int64_t stride, int64_t d, simd::f32x4 (&acc)[R][C]) {
  using namespace simd;
  f32x4 sum[R][C];
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) sum[r][c] = splat(0.f);
  const int whole = static_cast<int>(d / 4 * 4), s = static_cast<int>(stride);  // int: one wasm add an address
  // not unrolled, for size: unrolled, the 1 x 1 tiles of the edges were the larger part
  POSENC_NO_UNROLL
  for (int k = 0; k < whole; k += 4) {
    f32x4 bk[C];
    for (int c = 0; c < C; ++c) bk[c] = load(b + c * s + k);
    for (int r = 0; r < R; ++r) {
      const f32x4 ak = load(packed + R * k + 4 * r);
      for (int c = 0; c < C; ++c) sum[r][c] = Op::step(sum[r][c], ak, bk[c]);
    }
  }
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) acc[r][c] = sum[r][c];
}

// The values of an R x C tile in double: each pair's lanes, then the tail floats of its rows (a and b `stride`
// apart). Once per tile, so kept small (the wasm has a size budget): one function for every tile shape and metric,
// its loops neither unrolled nor vectorized (so treated, these loops of at most three floats had taken a fifth of
// what the blocked product added). The same goes for the other loops marked so below, which run once per row or
// value.
__attribute__((noinline)) POSENC_MINSIZE void finish_tile(const simd::f32x4* acc, int rows, int cols, bool euclidean,
                                                          const float* a, const float* b, int64_t stride, int64_t d,
                                                          double* values) {
  POSENC_NO_UNROLL
  for (int r = 0; r < rows; ++r)
    POSENC_NO_UNROLL
    for (int c = 0; c < cols; ++c) {
      double total = reduce(acc[r * cols + c]);
      const float *x = a + r * stride, *y = b + c * stride;
      POSENC_PLAIN_LOOP
      for (int64_t k = d / 4 * 4; k < d; ++k)
        total += euclidean ? SquaredDistance::tail(x[k], y[k]) : Dot::tail(x[k], y[k]);
      values[r * cols + c] = total;
    }
}

// One tile of the matrix: rows i.. (their floats at a, d apart, and packed: see pack; a single row is its own
// packing) against rows j.. at b, its values going to out (rows ld apart).
struct TileJob {
  const SimilarityParams& p;
  const double* norms;
  const float* inverse;
  const float *packed, *a, *b;
  int64_t i, j;
  float* out;
  int64_t ld;
};

// (sum of a's lanes, of b's, of c's, of d's) in float: ((x0 + x2) + (x1 + x3)) each.
[[maybe_unused]] inline simd::f32x4 sums(simd::f32x4 a, simd::f32x4 b, simd::f32x4 c, simd::f32x4 d) {
  using namespace simd;
  const f32x4 ac = zip_lo(a, c) + zip_hi(a, c), bd = zip_lo(b, d) + zip_hi(b, d);
  return zip_lo(ac, bd) + zip_hi(ac, bd);
}

// rows x cols values v of the matrix at rows i.., columns j.., into out (rows ld apart): rooted (Euclidean) or
// scaled by the norms (cosine).
__attribute__((noinline)) POSENC_MINSIZE void finish_values(const SimilarityParams& p, const double* norms,
                                                            const float* inverse, int64_t i, int64_t j, int rows,
                                                            int cols, const double* v, float* out, int64_t ld) {
  POSENC_PLAIN_LOOP
  for (int r = 0; r < rows; ++r)
    POSENC_PLAIN_LOOP
    for (int c = 0; c < cols; ++c) {
      double x = v[r * cols + c];
      if (p.metric == Metric::euclidean) x = std::sqrt(x);
      else if (p.metric == Metric::cosine)
        x = inverse ? x * inverse[i + r] * inverse[j + c] : cosine_of(x, norms[i + r], norms[j + c]);
      out[r * ld + c] = static_cast<float>(x);
    }
}

// A tile, computed and written. Whole-vector dots of 4 x 2 tiles finish in float lanes (their sums, the cosine's
// scaling); in double, one value at a time through finish_tile and finish_values, the 2048 x 2048 matrix took 20%
// longer.
template <class Op, int R, int C>
void tile(const TileJob& t) {
  using namespace simd;
  const int64_t d = t.p.d_model;
  f32x4 acc[R][C];
  accumulate<Op, R, C>(t.packed, t.b, d, d, acc);
  if constexpr (std::is_same_v<Op, Dot> && R == 4 && C == 2) {
    if (d % 4 == 0 && (t.p.metric == Metric::dot || t.inverse)) {
      f32x4 col0 = sums(acc[0][0], acc[1][0], acc[2][0], acc[3][0]);
      f32x4 col1 = sums(acc[0][1], acc[1][1], acc[2][1], acc[3][1]);
      if (t.p.metric == Metric::cosine) {
        const f32x4 by_row = load(t.inverse + t.i);
        col0 = col0 * by_row * splat(t.inverse[t.j]);
        col1 = col1 * by_row * splat(t.inverse[t.j + 1]);
      }
      alignas(16) float pairs[8];  // (row 0: j, j + 1), (row 1: ...), ...
      store(pairs, zip_lo(col0, col1));
      store(pairs + 4, zip_hi(col0, col1));
      for (int r = 0; r < R; ++r) std::memcpy(t.out + r * t.ld, pairs + 2 * r, 2 * sizeof(float));
      return;
    }
  }
  double v[R * C];
  finish_tile(&acc[0][0], R, C, std::is_same_v<Op, SquaredDistance>, t.a, t.b, d, d, v);
  finish_values(t.p, t.norms, t.inverse, t.i, t.j, R, C, v, t.out, t.ld);
}

// R rows of d floats (`stride` apart), their whole vectors interleaved step by step for accumulate.
template <int R>
void pack(const float* a, int64_t stride, int64_t d, float* packed) {
  for (int64_t k = 0; k + 4 <= d; k += 4)
    for (int r = 0; r < R; ++r) simd::store(packed + R * k + 4 * r, simd::load(a + r * stride + k));
}

double dot_f32(const float* a, const float* b, int64_t n) {
  simd::f32x4 acc[1][1];
  accumulate<Dot, 1, 1>(a, b, n, n, acc);
  double v;
  finish_tile(&acc[0][0], 1, 1, false, a, b, n, n, &v);
  return v;
}

// The block rows [r0, r1) x columns [c0, c1) of the matrix (dot, cosine or squared-then-rooted distance),
// row i written at out + (i - r0) * ld. Columns are taken kPanel at a time (their rows, kPanel * d floats, stay
// in L2 while every row of the block passes them), rows four at a time, columns two at a time. With `upper`,
// tiles wholly left of the diagonal are skipped. Cosines divide by the norms, or multiply by `inverse` norms when
// given (0 for a zero row), which saves a division per value. Whole tiles need `packed` (room for the block's
// rows): each group of four rows is interleaved step by step first, so that the tile reads it from one address
// (5% faster than four); without it, every value is a tile of its own.
template <class Op>
void block(const SimilarityParams& p, const float* table, const double* norms, const float* inverse, int64_t r0,
           int64_t r1, int64_t c0, int64_t c1, float* out, int64_t ld, bool upper, float* packed) {
  constexpr int64_t kPanel = 64;
  const int64_t d = p.d_model;
  if (packed)
    for (int64_t i = r0; i + RT <= r1; i += RT) pack<RT>(table + i * d, d, d, packed + (i - r0) * d);
  TileJob t{p, norms, inverse, nullptr, nullptr, nullptr, 0, 0, nullptr, ld};
  for (int64_t j0 = c0; j0 < c1; j0 += kPanel) {
    const int64_t j1 = j0 + kPanel < c1 ? j0 + kPanel : c1;
    for (int64_t i = r0; i < r1; i += RT) {
      const int64_t rows = r1 - i < RT ? r1 - i : RT;
      int64_t j = j0;
      t.a = table + i * d;
      t.packed = packed ? packed + (i - r0) * d : nullptr;  // no packing (scalar build, narrow tables)
      t.i = i;
      if (rows == RT && packed)
        for (; j + CT <= j1; j += CT) {
          if (upper && j + CT <= i) continue;  // wholly left of the diagonal: the caller mirrors it
          t.b = table + j * d;
          t.j = j;
          t.out = out + (i - r0) * ld + j;
          tile<Op, RT, CT>(t);
        }
      for (; j < j1; ++j)
        for (int64_t r = 0; r < rows; ++r) {
          t.a = t.packed = table + (i + r) * d;
          t.b = table + j * d;
          t.i = i + r;
          t.j = j;
          t.out = out + (i + r - r0) * ld + j;
          tile<Op, 1, 1>(t);
        }
    }
  }
}

void block(const SimilarityParams& p, const float* table, const double* norms, const float* inverse, int64_t r0,
           int64_t r1, int64_t c0, int64_t c1, float* out, int64_t ld, bool upper, float* packed) {
  if (p.metric == Metric::euclidean)
    block<SquaredDistance>(p, table, norms, inverse, r0, r1, c0, c1, out, ld, upper, packed);
  else
    block<Dot>(p, table, norms, inverse, r0, r1, c0, c1, out, ld, upper, packed);
}

}  // namespace

// Not inlined into the wide paths below (their per-value cost is the loop): the wasm has a size budget.
__attribute__((noinline)) Comparison compare(const float* a, const float* b, int64_t n) {
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
                                   int64_t first, int64_t count, float* out, float* packed) {
  if (!wide) {  // no value can leave float32's range: every |value| <= 4 max|x|^2 d <= 1e36
    block(p, table, norms, nullptr, first, first + count, 0, p.length, out, p.length, false, packed);
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
  POSENC_PLAIN_LOOP
  for (int64_t i = 0; i < p.length; ++i) inverse_[i] = norms[i] > 0 ? static_cast<float>(1 / norms[i]) : 0.f;
}

// Row j of the strict lower triangle (S[j][0..j)) starts at j (j - 1) / 2.
void SymmetricSimilarity::rows(int64_t first, int64_t count, float* out) {
  const int64_t n = p_.length, last = first + count;
  // on and right of the diagonal: computed (tiles that straddle it in full); left of it in the diagonal block:
  // mirrored
  block(p_, table_, norms_, inverse_, first, last, first, n, out, n, true, packed_);
  for (int64_t i = first + 1; i < last; ++i)
    POSENC_PLAIN_LOOP
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
    POSENC_PLAIN_LOOP
    for (int64_t i = i4; i < last; ++i)
      for (int c = 0; c < 4; ++c) to[c][i] = out[(i - first) * n + j + c];
  }
  for (; j < n; ++j)
    POSENC_PLAIN_LOOP
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
