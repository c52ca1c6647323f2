#include "posenc/alibi.hpp"

#include <cmath>
#include <limits>

namespace posenc {

Error validate_alibi_heads(int64_t heads) { return check_count(heads, "heads", kMaxHeads); }

void alibi_slopes(int64_t heads, float* out) {
  int64_t c = 1;
  while (c * 2 <= heads) c *= 2;
  for (int64_t k = 1; k <= c; ++k) out[k - 1] = static_cast<float>(std::exp2(-8.0 * k / c));
  for (int64_t k = 0; k < heads - c; ++k)  // odd powers of the 2c-head ratio 2^(-4/c)
    out[c + k] = static_cast<float>(std::exp2(-4.0 * (2 * k + 1) / c));
}

Error validate(const AlibiParams& p) {
  if (auto e = validate_alibi_heads(p.heads)) return e;
  if (auto e = check_count(p.length, "length", kMaxDim)) return e;
  return check_product(p.heads, p.length, p.length, "heads x length x length bias", kMaxOutputElements);
}

void alibi_bias_rows(const AlibiParams& p, const float* slopes, int64_t first, int64_t count, float* out) {
  const float neg_inf = -std::numeric_limits<float>::infinity();
  for (int64_t r = 0; r < count; ++r) {
    const int64_t h = (first + r) / p.length, i = (first + r) % p.length;
    const double slope = slopes[h];
    float* row = out + r * p.length;
    for (int64_t j = 0; j < p.length; ++j) {
      const int64_t distance = i >= j ? i - j : j - i;
      // distance 0 gives +0, not -0: the bias is exactly zero on the diagonal.
      row[j] = p.causal && j > i ? neg_inf : distance == 0 ? 0.f : static_cast<float>(-slope * static_cast<double>(distance));
    }
  }
}

}  // namespace posenc
