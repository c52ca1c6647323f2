#include "posenc/error.hpp"

#include <cmath>
#include <cstdio>

#include "simd/simd.hpp"

namespace posenc {

std::string format_number(double value) {
  // 15 significant digits: what a reader typed comes back unchanged (0.1, 1e-300), with no strtod loop to
  // find the shortest form (that alone added 12 KiB to the wasm)
  char text[32];
  // JavaScript's names for the values a reader passed from there; a whole number as a whole number (2^53 is
  // 9007199254740992, not 9.00719925474099e+15, which reads as a non-integer)
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == std::floor(value) && std::fabs(value) < 1e21) {
    std::snprintf(text, sizeof text, "%.0f", value);
    return text;
  }
  std::snprintf(text, sizeof text, "%.15g", value);
  return text;
}

void check(const Error& e) {
  if (e.kind == ErrorKind::range) throw RangeError(e.message);
  if (e.kind == ErrorKind::type) throw TypeError(e.message);
}

Error check_count(int64_t value, const char* name, int64_t max) {
  if (value < 1 || value > max)
    return range_error(std::string(name) + " must be an integer from 1 to " + std::to_string(max) + " (got " +
                       std::to_string(value) + ")");
  return {};
}

Error check_finite(double value, const char* name) {
  if (!(value - value == 0)) return range_error(std::string(name) + " must be a finite number");
  return {};
}

Error check_product(int64_t a, int64_t b, int64_t c, const char* what, int64_t max) {
  // Each factor is already bounded by kMaxDim-ish limits, so compare in long double to avoid overflow.
  const long double n = static_cast<long double>(a) * b * c;
  if (n > static_cast<long double>(max))
    return range_error(std::string(what) + " would hold " + format_number(static_cast<double>(n)) +
                       " elements; the limit is " + std::to_string(max));
  return {};
}

Error check_finite_values(const float* data, int64_t count, int64_t base_index, const std::string& name) {
  if (simd::all_finite(data, count)) return {};
  for (int64_t i = 0; i < count; ++i)
    if (!std::isfinite(data[i]))
      // a float64 value past float32's range (1e39) arrives here as infinity, so the range is named too
      return range_error(name + "[" + std::to_string(base_index + i) +
                         "] must be a finite number within float32's range (magnitude at most 3.40282346638529e+38)");
  return {};
}

}  // namespace posenc
