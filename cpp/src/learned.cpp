#include "posenc/learned.hpp"

#include <cfloat>
#include <cmath>

#include "internal.hpp"

namespace posenc {
namespace {

using detail::splitmix64;

// Uniform in (-1, 1) with 53 random bits.
double uniform_signed(uint64_t& state) {
  return static_cast<double>(splitmix64(state) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

// Natural log of x in (0, 1] from +, *, / and frexp only, so every platform gets the same bits
// (libm logs may differ in the last place between glibc and musl).
double portable_log(double x) {
  int e = 0;
  double m = std::frexp(x, &e);  // x = m * 2^e, m in [0.5, 1)
  if (m < 0.70710678118654752440) { m *= 2; --e; }
  const double t = (m - 1) / (m + 1), t2 = t * t;  // |t| < 0.172: atanh series converges fast
  double term = t, sum = 0;
  for (int k = 1; k < 40; k += 2) {
    sum += term / k;
    term *= t2;
  }
  return 2 * sum + e * 0.69314718055994530942;
}

}  // namespace

Error validate(const LearnedParams& p) {
  if (auto e = check_count(p.max_length, "maxLength", kMaxOutputElements)) return e;
  if (auto e = check_count(p.d_model, "dModel", kMaxDim)) return e;
  if (auto e = check_product(p.max_length, p.d_model, 1, "maxLength x dModel table", kMaxOutputElements)) return e;
  if (auto e = check_finite(p.std, "std")) return e;
  // Normal draws reach ~6 std; beyond 1e6 float32 outputs would overflow to infinity.
  if (!(p.std >= 0 && p.std <= 1e6))
    return range_error("std must be a number from 0 to 1e6 (got " + format_number(p.std) + ")");
  return {};
}

Error validate_position(const LearnedParams& p, int64_t position) {
  if (position < 0 || position >= p.max_length)
    return range_error("positions: position " + std::to_string(position) +
                       " has no learned embedding (the table covers 0 to maxLength - 1 = " +
                       std::to_string(p.max_length - 1) + ")");
  return {};
}

void learned_row(const LearnedParams& p, int64_t position, float* out) {
  // Marsaglia's polar method on a stream keyed by (seed, position).
  uint64_t key = (static_cast<uint64_t>(p.seed) << 32) ^ static_cast<uint64_t>(position);
  uint64_t state = splitmix64(key);
  for (int64_t i = 0; i < p.d_model; i += 2) {
    double u, v, s;
    do {
      u = uniform_signed(state);
      v = uniform_signed(state);
      s = u * u + v * v;
    } while (s >= 1 || s == 0);
    const double k = std::sqrt(-2 * portable_log(s) / s);
    out[i] = static_cast<float>(p.std * u * k);
    if (i + 1 < p.d_model) out[i + 1] = static_cast<float>(p.std * v * k);
  }
}

void learned_rows(const LearnedParams& p, int64_t first, int64_t count, float* out) {
  for (int64_t r = 0; r < count; ++r) learned_row(p, first + r, out + r * p.d_model);
}

void learned(const LearnedParams& p, float* out) {
  check(validate(p));
  learned_rows(p, 0, p.max_length, out);
}

}  // namespace posenc
