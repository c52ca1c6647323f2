#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "simd/simd.hpp"

// all_finite guards every float input; it has a 16-wide body, a 4-wide tail and a scalar tail.
TEST_CASE("all_finite finds a NaN or an infinity at any index, whatever the length") {
  const float bad[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                       -std::numeric_limits<float>::infinity()};
  for (long long n = 0; n <= 41; ++n) {
    std::vector<float> v(static_cast<size_t>(n), 0.5f);
    CHECK(posenc::simd::all_finite(v.data(), n));
    for (long long i = 0; i < n; ++i)
      for (float b : bad) {
        v[static_cast<size_t>(i)] = b;
        CHECK_FALSE(posenc::simd::all_finite(v.data(), n));
        v[static_cast<size_t>(i)] = std::numeric_limits<float>::max();  // huge but finite
        CHECK(posenc::simd::all_finite(v.data(), n));
        v[static_cast<size_t>(i)] = 0.5f;
      }
  }
}

// all_finite_sum adds the values instead: a sum that overflows (huge finite values) must still say finite.
TEST_CASE("all_finite_sum agrees with all_finite, sums that overflow included") {
  const float bad[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                       -std::numeric_limits<float>::infinity()};
  const float huge = std::numeric_limits<float>::max();
  for (long long n = 0; n <= 41; ++n) {
    std::vector<float> v(static_cast<size_t>(n), huge);  // every sum of two or more overflows
    CHECK(posenc::simd::all_finite_sum(v.data(), n));
    for (long long i = 0; i < n; ++i)
      for (float b : bad) {
        v[static_cast<size_t>(i)] = b;
        CHECK_FALSE(posenc::simd::all_finite_sum(v.data(), n));
        v[static_cast<size_t>(i)] = huge;
      }
  }
}
