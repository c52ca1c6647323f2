#include "posenc/t5.hpp"

#include <cmath>

namespace posenc {

Error validate(const T5BucketParams& p) {
  // Bidirectional halves the buckets and the exact region is half of that again: at least 2 exact
  // buckets must remain, else the logarithmic formula divides by log(1) = 0.
  const int64_t min_buckets = p.bidirectional ? 4 : 2;
  if (p.num_buckets < min_buckets || p.num_buckets > 65536)
    return range_error("numBuckets must be an integer from " + std::to_string(min_buckets) +
                       " to 65536 (got " + std::to_string(p.num_buckets) + ")");
  const int64_t max_exact = (p.bidirectional ? p.num_buckets / 2 : p.num_buckets) / 2;
  if (p.max_distance <= max_exact || p.max_distance > kMaxPosition)
    return range_error("maxDistance must be an integer greater than the exact-bucket count " +
                       std::to_string(max_exact) + " (got " + std::to_string(p.max_distance) + ")");
  return {};
}

int32_t t5_bucket(int64_t relative_position, const T5BucketParams& p) {
  int64_t buckets = p.num_buckets, result = 0, n;
  if (p.bidirectional) {
    buckets /= 2;
    if (relative_position > 0) result += buckets;
    n = relative_position < 0 ? -relative_position : relative_position;
  } else {
    n = relative_position < 0 ? -relative_position : 0;
  }
  const int64_t max_exact = buckets / 2;
  if (n < max_exact) return static_cast<int32_t>(result + n);
  // Only reached with n >= max_exact >= 1, so the log is of a value >= 1 (no log(0) as in the tensor code).
  // Float32 like transformers (a float tensor; the constant log(max_distance / max_exact) is Python's
  // double, rounded to float when it meets the tensor): in double, positions where the quotient lands on
  // an integer can round to the other side and give the neighbouring bucket.
  const float log_ratio = static_cast<float>(std::log(static_cast<double>(p.max_distance) / max_exact));
  const float scaled = std::log(static_cast<float>(n) / static_cast<float>(max_exact)) / log_ratio *
                       static_cast<float>(buckets - max_exact);
  int64_t large = max_exact + static_cast<int64_t>(scaled < 1e15f ? scaled : 1e15f);
  if (large > buckets - 1) large = buckets - 1;
  return static_cast<int32_t>(result + large);
}

Error validate(const T5GridParams& p) {
  if (auto e = check_count(p.query_length, "queryLength", kMaxOutputElements)) return e;
  if (auto e = check_count(p.key_length, "keyLength", kMaxOutputElements)) return e;
  if (auto e = check_product(p.query_length, p.key_length, 1, "queryLength x keyLength grid", kMaxOutputElements))
    return e;
  return validate(p.buckets);
}

void t5_bucket_rows(const T5GridParams& p, int64_t first, int64_t count, int32_t* out) {
  for (int64_t r = 0; r < count; ++r)
    for (int64_t k = 0; k < p.key_length; ++k)
      out[r * p.key_length + k] = t5_bucket(k - (first + r), p.buckets);
}

}  // namespace posenc
