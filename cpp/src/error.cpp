#include "posenc/error.hpp"

#include <cmath>
#include <cstdio>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

#include "simd/simd.hpp"

namespace posenc {

#ifdef __EMSCRIPTEN__
// The wasm builds format in JavaScript, which prints a number's digits correctly rounded
// (toExponential, BigInt) without C's printf: musl's printf brings its 128-bit float arithmetic along, 9 KB of
// wasm (4.5 KiB of gzip in every file that carries the engine). The text is C's %.0f and %.15g, so native and
// wasm messages are the same; the one difference, a tie (a number of exactly 16 significant digits ending in
// 5), rounds up in JavaScript and to even in C.
EM_JS(void, posenc_format_number, (double v, int whole, char* out), {
  var text;
  if (whole) {
    text = Object.is(v, -0) ? "-0" : BigInt(v) + "";  // %.0f: a whole number's exact digits
  } else {
    // %.15g: 15 significant digits, correctly rounded; fixed from 1e-4 to below 1e15, without trailing zeros
    var parts = v.toExponential(14).split("e"), e = +parts[1], d = parts[0].replace(/[-.]/g, "");
    var trim = function(t) { return t.replace(/[.]?0*$/, ""); };
    text = (v < 0 ? "-" : "") + (e < -4 || e > 14
      ? trim(d[0] + "." + d.slice(1)) + (e < 0 ? "e-" : "e+") + (e > -10 && e < 10 ? "0" : "") + Math.abs(e)
      : trim(e < 0 ? "0." + "0".repeat(-e - 1) + d : d.slice(0, e + 1) + "." + d.slice(e + 1)));
  }
  for (var i = 0; i < text.length; i++) HEAPU8[out + i] = text.charCodeAt(i);
  HEAPU8[out + text.length] = 0;
});
#endif

std::string format_number(double value) {
  // 15 significant digits: what a reader typed comes back unchanged (0.1, 1e-300), with no strtod loop to
  // find the shortest form (that alone added 12 KiB to the wasm). JavaScript's names for the values a reader
  // passed from there; a whole number as a whole number (2^53 is 9007199254740992, not 9.00719925474099e+15,
  // which reads as a non-integer)
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  char text[32];  // at most 22 characters: -1.23456789012345e-308, or a whole number below 1e21
  const bool whole = value == std::floor(value) && std::fabs(value) < 1e21;
#ifdef __EMSCRIPTEN__
  posenc_format_number(value, whole, text);
#else
  std::snprintf(text, sizeof text, whole ? "%.0f" : "%.15g", value);
#endif
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
  // In double, which cannot overflow here: the product is exact below 2^53 and every limit is below 2^53, so
  // the comparison is exact too (long double would bring 128-bit float arithmetic into the wasm, 2 KB)
  const double n = static_cast<double>(a) * static_cast<double>(b) * static_cast<double>(c);
  if (n > static_cast<double>(max))
    return range_error(std::string(what) + " would hold " + format_number(n) +
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
