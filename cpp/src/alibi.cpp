#include "posenc/alibi.hpp"

#include <cmath>
#include <limits>

namespace posenc {

namespace {

// Row i of one head's bias.
void bias_row(const AlibiParams& p, double slope, int64_t i, float* row) {
  const float neg_inf = -std::numeric_limits<float>::infinity();
  for (int64_t j = 0; j < p.length; ++j) {
    const int64_t distance = i >= j ? i - j : j - i;
    // distance 0 gives +0, not -0: the bias is exactly zero on the diagonal.
    row[j] = p.causal && j > i ? neg_inf : distance == 0 ? 0.f : static_cast<float>(-slope * static_cast<double>(distance));
  }
}

}  // namespace

Error validate_alibi_heads(int64_t heads) { return check_count(heads, "heads", kMaxHeads); }

float alibi_slope(int64_t heads, int64_t h) {
  int64_t c = 1;
  while (c * 2 <= heads) c *= 2;
  // the first c heads: geometric 2^(-8k/c); the rest: odd powers of the 2c-head ratio 2^(-4/c)
  return static_cast<float>(h < c ? std::exp2(-8.0 * (h + 1) / c) : std::exp2(-4.0 * (2 * (h - c) + 1) / c));
}

void alibi_slopes(int64_t heads, float* out) {
  for (int64_t h = 0; h < heads; ++h) out[h] = alibi_slope(heads, h);
}

Error validate(const AlibiParams& p) {
  if (auto e = validate_alibi_heads(p.heads)) return e;
  if (auto e = check_count(p.length, "length", kMaxDim)) return e;
  return check_product(p.heads, p.length, p.length, "heads x length x length bias", kMaxOutputElements);
}

void alibi_bias_rows(const AlibiParams& p, const float* slopes, int64_t first, int64_t count, float* out) {
  for (int64_t r = 0; r < count; ++r)
    bias_row(p, slopes[(first + r) / p.length], (first + r) % p.length, out + r * p.length);
}

void alibi_bias_rows(const AlibiParams& p, int64_t first, int64_t count, float* out) {
  int64_t head = -1;
  double slope = 0;
  for (int64_t r = 0; r < count; ++r) {
    const int64_t h = (first + r) / p.length;
    if (h != head) head = h, slope = alibi_slope(p.heads, h);
    bias_row(p, slope, (first + r) % p.length, out + r * p.length);
  }
}

}  // namespace posenc
