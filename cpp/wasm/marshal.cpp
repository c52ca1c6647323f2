// JS values in, errors out (see marshal.hpp).
#include "marshal.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace posenc::wasm {

val js_error(const Error& e) {
  return val::global(e.kind == ErrorKind::type ? "TypeError" : "RangeError").new_(val(e.message));
}

val out_of_memory(const std::string& what) {
  return js_error(range_error("not enough memory for " + what));
}

bool is_buffer_ref(const val& v) {
  return v.typeOf().as<std::string>() == "object" && !v.isNull() && val(v["posencBuffer"]).isString();
}

std::string describe(const val& v) {
  const std::string type = v.typeOf().as<std::string>();
  if (type == "number" || type == "boolean") return v.call<std::string>("toString");
  if (v.isNull()) return "null";
  if (type == "object" && v.isArray()) return "an array";
  if (is_buffer_ref(v)) return "a pe.buffer";
  return type;
}

std::string clipped(const std::string& s) {
  if (s.size() <= 80) return s;
  size_t n = 79;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;  // not inside a UTF-8 sequence
  return s.substr(0, n) + "\xE2\x80\xA6";
}

bool is_typed_array(const val& v) {
  return val::global("ArrayBuffer").call<bool>("isView", v) && !v.instanceof(val::global("DataView"));
}
bool is_array_like(const val& v) { return v.isArray() || is_typed_array(v); }

namespace {

bool is_bigint_array(const val& v) {
  for (const char* type : {"BigInt64Array", "BigUint64Array"})
    if (val::global(type).isUndefined() ? false : v.instanceof(val::global(type))) return true;
  return false;
}

}  // namespace

Error read_array(const val& v, const std::string& name, ArrayArg& a) {
  if (!is_buffer_ref(v)) {
    if (!is_array_like(v))
      return type_error(name + " must be an array, a typed array or a pe.buffer (got " + describe(v) + ")");
    if (is_bigint_array(v)) return type_error(name + " must hold numbers (got a BigInt typed array)");
    a.js = v;
    a.length = static_cast<int64_t>(v["length"].as<double>());
    return {};
  }
  const std::string state = v["posencBuffer"].as<std::string>();
  if (state == "freed") return type_error(name + " is a pe.buffer that was freed");
  if (state == "stale")
    return type_error(name + " is a view of engine memory from before the memory grew (read buffer.array again)");
  if (state == "foreign") return type_error(name + " is a view of engine memory that is not a Float32Array");
  const val address = v["address"], length = v["length"];
  const double at = address.isNumber() ? address.as<double>() : -1, n = length.isNumber() ? length.as<double>() : -1;
  const bool well_formed = state == "live" && at >= 0 && at < 4294967296.0 && std::fmod(at, 4.0) == 0 && n >= 0 &&
                           n == std::floor(n) && n <= static_cast<double>(kMaxOutputElements);
  float* data = reinterpret_cast<float*>(static_cast<uintptr_t>(well_formed ? at : 0));
  if (!well_formed || !g_buffers.contains(data, static_cast<int64_t>(n)))
    return type_error(name + (well_formed && g_buffers.was_freed(data)
                                  ? " is a view of a pe.buffer that was freed"
                                  : " is a view of engine memory outside every live pe.buffer"));
  a.engine = data;
  a.length = static_cast<int64_t>(n);
  return {};
}

bool partly_overlapping_views(const val& a, const val& b) {
  if (!is_typed_array(a) || !is_typed_array(b) || !val(a["buffer"]).strictlyEquals(b["buffer"])) return false;
  const double a0 = a["byteOffset"].as<double>(), a1 = a0 + a["byteLength"].as<double>();
  const double b0 = b["byteOffset"].as<double>(), b1 = b0 + b["byteLength"].as<double>();
  return a0 < b1 && b0 < a1 && !(a0 == b0 && a1 == b1);
}

Error check_length(const ArrayArg& array, int64_t expected, const std::string& name, const char* shape) {
  const int64_t n = array.length;
  if (n != expected)
    return range_error(name + " must have " + std::to_string(expected) + " elements (" + shape + "), got " +
                       std::to_string(n));
  return {};
}

template <class T>
void copy_in(const ArrayArg& src, int64_t begin, int64_t end, T* dst) {
  if (src.engine) {
    std::copy(src.engine + begin, src.engine + end, dst);
    return;
  }
  val part = is_typed_array(src.js)
                 ? src.js.call<val>("subarray", static_cast<double>(begin), static_cast<double>(end))
                 : src.js.call<val>("slice", static_cast<double>(begin), static_cast<double>(end));
  val(typed_memory_view(static_cast<size_t>(end - begin), dst)).call<void>("set", part);
}
template void copy_in<float>(const ArrayArg&, int64_t, int64_t, float*);
template void copy_in<double>(const ArrayArg&, int64_t, int64_t, double*);

Error check_plain_elements(const ArrayArg& array, const std::string& name, const char* predicate) {
  const val& src = array.js;
  if (!src.isArray()) return {};
  // every() walks the whole length, holes included: no valid array is longer, and a sparse one of 2^29 would
  // take tens of seconds to walk
  if (array.length > kMaxOutputElements)
    return range_error(name + " has " + std::to_string(array.length) + " values (at most 2^28)");
  const val test = val::global("Number")[predicate];
  if (src.call<bool>("every", test)) return {};
  // Error path only: find the first offending element.
  int64_t bad = 0;
  while (test(val(src[static_cast<double>(bad)])).as<bool>()) ++bad;
  val element = src[static_cast<double>(bad)];
  const std::string at = name + "[" + std::to_string(bad) + "]";
  if (!element.isNumber()) return type_error(at + " must be a number (got " + describe(element) + ")");
  return range_error(at + (std::string(predicate) == "isInteger" ? " must be an integer" : " must be a finite number") +
                     " (got " + describe(element) + ")");
}

const float* resident_floats(Buffer& buffer, const ArrayArg& src, int64_t count, const std::string& name,
                             Error& error) {
  if (src.engine) {
    error = check_finite_values(src.engine, count, 0, name);
    return error ? nullptr : src.engine;
  }
  if (count > kMaxResidentElements) {
    error = range_error(name + " is too large (" + std::to_string(count) + " elements; the limit is " +
                        std::to_string(kMaxResidentElements) + ")");
    return nullptr;
  }
  if ((error = check_plain_elements(src, name, "isFinite"))) return nullptr;
  float* data = static_cast<float*>(buffer.get(sizeof(float) * static_cast<size_t>(count)));
  if (!data) {
    error = range_error("not enough memory for " + name);
    return nullptr;
  }
  copy_in(src, 0, count, data);
  error = check_finite_values(data, count, 0, name);
  return error ? nullptr : data;
}

const int32_t* integers(Buffer& buffer, const ArrayArg& src, const std::string& name, int64_t min, int64_t max,
                        Error& error) {
  const int64_t n = src.length;
  if (n < 1 || n > kMaxResidentElements) {
    error = range_error(name + " must have 1 to " + std::to_string(kMaxResidentElements) + " elements (got " +
                        std::to_string(n) + ")");
    return nullptr;
  }
  if ((error = check_plain_elements(src, name, "isInteger"))) return nullptr;
  double* raw = static_cast<double*>(g_extra.get(sizeof(double) * static_cast<size_t>(n)));
  int32_t* out = static_cast<int32_t*>(buffer.get(sizeof(int32_t) * static_cast<size_t>(n)));
  if (!raw || !out) {
    error = range_error("not enough memory for " + name);
    return nullptr;
  }
  copy_in(src, 0, n, raw);
  for (int64_t i = 0; i < n; ++i) {
    const double x = raw[i];
    if (!std::isfinite(x) || x != std::floor(x)) {  // NaN, an infinity or a fraction (a typed array skips the check above)
      error = range_error(name + "[" + std::to_string(i) + "] must be an integer (got " + format_number(x) + ")");
      return nullptr;
    }
    if (x < static_cast<double>(min) || x > static_cast<double>(max)) {
      error = range_error(name + "[" + std::to_string(i) + "] must be an integer from " + std::to_string(min) +
                          " to " + std::to_string(max) + " (got " + format_number(x) + ")");
      return nullptr;
    }
    out[i] = static_cast<int32_t>(x);
  }
  return out;
}

}  // namespace posenc::wasm
