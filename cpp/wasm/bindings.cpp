// The only file that knows embind. Each exported function takes the JS arguments as they came,
// reads and type-checks them, lets the engine validate the values, streams the result into a JS-owned
// typed array (a fresh one or the caller's `into`) in cache-sized chunks, and returns it; a pe.buffer (engine
// memory the caller holds a view of) is read and written in place instead, with no copy. Errors are
// returned (not thrown) as JS RangeError/TypeError objects for the facade to throw: nothing unwinds
// through C++ frames, so no allocation leaks and the module stays usable after any bad input.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <type_traits>
#include <string>
#include <utility>
#include <vector>

#include "posenc/alibi.hpp"
#include "posenc/attention.hpp"
#include "posenc/buffer_pool.hpp"
#include "posenc/learned.hpp"
#include "posenc/metrics.hpp"
#include "posenc/position_ids.hpp"
#include "posenc/rope.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/t5.hpp"
#include "simd/simd.hpp"

using emscripten::typed_memory_view;
using emscripten::val;
using namespace posenc;

namespace {

val js_error(const Error& e) {
  return val::global(e.kind == ErrorKind::type ? "TypeError" : "RangeError").new_(val(e.message));
}

val out_of_memory(const std::string& what) {
  return js_error(range_error("not enough memory for " + what));
}

// The facade passes a pe.buffer, or any view of engine memory, as {posencBuffer: state, address, length}
// (an object only it makes: it drops that key from every object it copies from the caller).
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

bool is_typed_array(const val& v) {
  return val::global("ArrayBuffer").call<bool>("isView", v) && !v.instanceof(val::global("DataView"));
}
bool is_array_like(const val& v) { return v.isArray() || is_typed_array(v); }

// Buffers handed to JS by pe.buffer().
BufferPool g_buffers;

// An array argument: a JS array or typed array (read through JS), or a live pe.buffer range used in place.
struct ArrayArg {
  val js = val::undefined();
  float* engine = nullptr;
  int64_t length = 0;
  bool present() const { return engine || !js.isUndefined(); }
};

bool is_bigint_array(const val& v) {
  for (const char* type : {"BigInt64Array", "BigUint64Array"})
    if (val::global(type).isUndefined() ? false : v.instanceof(val::global(type))) return true;
  return false;
}

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

bool overlaps(const float* a, int64_t n, const float* b, int64_t m) { return a < b + m && b < a + n; }

// Two typed arrays over the same memory whose byte ranges overlap without coinciding (the facade's plain
// views: reading buffer, byteOffset and byteLength runs no caller code).
bool partly_overlapping_views(const val& a, const val& b) {
  if (!is_typed_array(a) || !is_typed_array(b) || !val(a["buffer"]).strictlyEquals(b["buffer"])) return false;
  const double a0 = a["byteOffset"].as<double>(), a1 = a0 + a["byteLength"].as<double>();
  const double b0 = b["byteOffset"].as<double>(), b1 = b0 + b["byteLength"].as<double>();
  return a0 < b1 && b0 < a1 && !(a0 == b0 && a1 == b1);
}

// Reads a JS options object; the first problem found is kept and later reads become no-ops.
class Options {
 public:
  Options(val obj, std::string prefix, bool allow_missing = false) : obj_(std::move(obj)), prefix_(std::move(prefix)) {
    const bool missing = obj_.isUndefined() || obj_.isNull();
    if (missing && allow_missing) obj_ = val::object();
    else if (missing || obj_.typeOf().as<std::string>() != "object" || is_array_like(obj_) || is_buffer_ref(obj_))
      fail(type_error((prefix_.empty() ? std::string("options") : prefix_) + " must be an object (got " +
                      describe(obj_) + ")"));
  }

  bool failed() const { return static_cast<bool>(error_); }
  const Error& error() const { return error_; }
  void fail(Error e) {
    if (!error_) error_ = std::move(e);
  }
  std::string name(const std::string& key) const { return prefix_.empty() ? key : prefix_ + "." + key; }
  val get(const char* key) {
    read_.push_back(key);
    return failed() ? val::undefined() : val(obj_[key]);
  }
  // The verdict once every option has been read: the first error, else a key that is not an option (a
  // transformers config pasted as is, or a typo, would otherwise be ignored and give quietly wrong numbers).
  Error finish() {
    if (failed()) return error_;
    const val keys = val::global("Object").call<val>("keys", obj_);
    const int n = keys["length"].as<int>();
    for (int i = 0; i < n; ++i) {
      const std::string key = keys[i].as<std::string>();
      // inherited methods of an options class are copied too; no option takes a function
      if (known(key.c_str()) || obj_[key].typeOf().as<std::string>() == "function") continue;
      // appended piece by piece: each `a + b` temporary costs wasm bytes
      std::string m = name(key);
      m += " is not an option";
      if (const char* hint = suggest(key)) {
        m += "; did you mean ";
        m += name(hint);
        m += '?';
      }
      m += " (the options here are ";
      for (size_t k = 0; k < read_.size(); ++k) {
        if (k) m += ", ";
        m += read_[k];
      }
      m += ')';
      fail(type_error(std::move(m)));
      break;
    }
    return error_;
  }

  std::optional<double> optional_number(const char* key) {
    val v = get(key);
    if (failed() || v.isUndefined()) return std::nullopt;
    if (!v.isNumber()) {
      fail(type_error(name(key) + " must be a number (got " + describe(v) + ")"));
      return std::nullopt;
    }
    const double x = v.as<double>();
    if (!std::isfinite(x)) {
      fail(range_error(name(key) + " must be a finite number (got " + describe(v) + ")"));
      return std::nullopt;
    }
    return x;
  }
  std::optional<double> optional_integer(const char* key) {
    const std::optional<double> x = optional_number(key);
    if (x) checked_integer(*x, name(key));
    return failed() ? std::nullopt : x;
  }
  double number(const char* key, std::optional<double> fallback = std::nullopt) {
    if (auto x = optional_number(key)) return *x;
    if (!failed() && !fallback) fail(type_error(name(key) + " must be a number (got undefined)"));
    return fallback.value_or(0);
  }
  int64_t integer(const char* key, std::optional<int64_t> fallback = std::nullopt) {
    const std::optional<double> x = optional_number(key);
    if (!x) {
      if (!failed() && !fallback) fail(type_error(name(key) + " must be an integer (got undefined)"));
      return fallback.value_or(0);
    }
    return checked_integer(*x, name(key));
  }
  int64_t checked_integer(double x, const std::string& what) {
    if (x != std::floor(x) || std::fabs(x) > 9007199254740991.0) {
      fail(range_error(what + " must be an integer (got " + format_number(x) + ")"));
      return 0;
    }
    return static_cast<int64_t>(x);
  }
  bool boolean(const char* key, bool fallback) {
    val v = get(key);
    if (failed() || v.isUndefined()) return fallback;
    if (v.typeOf().as<std::string>() != "boolean") {
      fail(type_error(name(key) + " must be a boolean (got " + describe(v) + ")"));
      return fallback;
    }
    return v.as<bool>();
  }
  template <class E>
  E choice(const char* key, std::optional<E> fallback, std::initializer_list<std::pair<const char*, E>> options) {
    val v = get(key);
    std::string expected;
    for (auto& [label, value] : options) expected += (expected.empty() ? "'" : ", '") + std::string(label) + "'";
    if (failed()) return options.begin()->second;
    if (v.isUndefined() && fallback) return *fallback;
    if (!v.isString()) {
      fail(type_error(name(key) + " must be one of " + expected + " (got " + describe(v) + ")"));
      return options.begin()->second;
    }
    const std::string s = v.as<std::string>();
    for (auto& [label, value] : options)
      if (s == label) return value;
    fail(range_error(name(key) + " must be one of " + expected + " (got '" + s + "')"));
    return options.begin()->second;
  }
  // An array, typed array or pe.buffer; absent (present() false) when missing and optional.
  ArrayArg array(const char* key, bool required) {
    ArrayArg a;
    val v = get(key);
    if (failed() || (v.isUndefined() && !required)) return a;
    if (auto e = read_array(v, name(key), a)) fail(e);
    return a;
  }

 private:
  bool known(const char* key) const {
    for (const char* k : read_)
      if (std::strcmp(k, key) == 0) return true;
    return false;
  }
  // The option a misspelt key most likely meant: transformers' snake_case name in camelCase (rope_type and
  // rope_theta are spelt type and base here), else the closest name within two edits; null if none.
  const char* suggest(const std::string& key) const {
    std::string camel;
    for (size_t i = 0; i < key.size(); ++i)
      camel += key[i] == '_' && i + 1 < key.size() && key[i + 1] >= 'a' && key[i + 1] <= 'z' ? key[++i] - 'a' + 'A' : key[i];
    if (camel == "ropeType") camel = "type";
    if (camel == "ropeTheta") camel = "base";
    const char* best = nullptr;
    size_t best_distance = 3;
    for (const char* k : read_) {
      if (camel == k) return k;
      const size_t d = edit_distance(key, k);
      if (d < best_distance) best_distance = d, best = k;
    }
    return best;
  }
  static size_t edit_distance(const std::string& a, const std::string& b) {
    if (a.size() > 40 || b.size() > 40) return 99;  // option names are short
    size_t row[41];
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
      size_t diagonal = row[0];
      row[0] = i;
      for (size_t j = 1; j <= b.size(); ++j) {
        const size_t up = row[j];
        const size_t replace = diagonal + (a[i - 1] != b[j - 1]);
        row[j] = std::min(std::min(row[j], row[j - 1]) + 1, replace);
        diagonal = up;
      }
    }
    return row[b.size()];
  }

  val obj_;
  std::string prefix_;
  Error error_;
  std::vector<const char*> read_;  // every key looked up, in order: the options this call takes
};

int64_t length_of(const val& array) { return static_cast<int64_t>(array["length"].as<double>()); }

Error check_length(const ArrayArg& array, int64_t expected, const std::string& name, const char* shape) {
  const int64_t n = array.length;
  if (n != expected)
    return range_error(name + " must have " + std::to_string(expected) + " elements (" + shape + "), got " +
                       std::to_string(n));
  return {};
}

// Engine-side buffers, reused across calls (large ones are released after the call: see CallScope).
struct Buffer {
  void* data = nullptr;
  size_t capacity = 0;
  void* get(size_t bytes) {
    if (bytes <= capacity) return data;
    std::free(data);
    // 16-byte alignment for the SIMD loads; malloc returns nullptr (no abort) when memory cannot grow, and
    // then the freed pe.buffer blocks the pool keeps are handed back for one more try.
    data = std::aligned_alloc(16, (bytes + 15) & ~size_t{15});
    if (!data) {
      g_buffers.trim();
      data = std::aligned_alloc(16, (bytes + 15) & ~size_t{15});
    }
    capacity = data ? bytes : 0;
    return data;
  }
  void release_if_larger(size_t bytes) {
    if (capacity > bytes) {
      std::free(data);
      data = nullptr;
      capacity = 0;
    }
  }
};
Buffer g_workspace, g_chunk, g_input, g_input2, g_input3, g_extra, g_plan_space;

// The last sinusoidal plan, kept between calls: widgets ask for the same (dModel, base) table at other
// offsets or lengths on every frame, and the plan's setup (16 x dModel/2 sin/cos) is the expensive part.
std::optional<SinusoidalPlan> g_plan;

// Keeps steady-state memory small: buffers above 8 MiB are returned when the call ends.
struct CallScope {
  ~CallScope() {
    for (Buffer* b : {&g_workspace, &g_chunk, &g_input, &g_input2, &g_input3, &g_extra}) b->release_if_larger(8u << 20);
    if (g_plan_space.capacity > (8u << 20)) {
      g_plan.reset();
      g_plan_space.release_if_larger(8u << 20);
    }
  }
};

// A plan for p (valid), reused when dModel and base match the previous one; nullptr when out of memory.
SinusoidalPlan* plan_for(const SinusoidalParams& p) {
  if (g_plan && g_plan->serves(p)) {
    g_plan->retarget(p);
    return &*g_plan;
  }
  g_plan.reset();
  void* ws = g_plan_space.get(SinusoidalPlan::workspace_bytes(p.d_model));
  if (!ws) return nullptr;
  g_plan.emplace(p, ws);
  return &*g_plan;
}

constexpr int64_t kChunkElements = 1 << 15;  // 128 KiB of float32: stays in L2 while it is copied out

// Rows per chunk: a multiple of the rotor block so streamed tables never re-seed mid-table.
int64_t chunk_rows(int64_t row_elements) {
  int64_t rows = kChunkElements / row_elements;
  rows -= rows % AngleRotor::kBlock;
  return rows < AngleRotor::kBlock ? AngleRotor::kBlock : rows;
}

template <class T>
struct JsType;
template <>
struct JsType<float> { static constexpr const char* name = "Float32Array"; };
template <>
struct JsType<int32_t> { static constexpr const char* name = "Int32Array"; };
template <>
struct JsType<double> { static constexpr const char* name = "Float64Array"; };

// The result: the caller's `into` (checked), a fresh array, or a pe.buffer written in place (`engine`; then
// `array` stays undefined and the facade hands the buffer back).
template <class T>
struct Output {
  val array = val::undefined();
  T* engine = nullptr;
  Error error;
  Output(const val& into, int64_t elements) {
    if (into.isUndefined() || into.isNull()) {
      // Made by the facade's newTypedArray: null (not a thrown exception) when the JS heap refuses it.
      array = val::module_property("newTypedArray")(std::string(JsType<T>::name), static_cast<double>(elements));
      if (array.isNull())
        error = range_error("not enough memory for a result of " + std::to_string(elements) + " elements");
    } else if (is_buffer_ref(into)) {
      ArrayArg target;
      if (!std::is_same_v<T, float>)
        error = type_error(std::string("into must be an ") + JsType<T>::name +
                           " outside engine memory (got a pe.buffer or a view of engine memory; pe.buffers hold float32)");
      else if (!(error = read_array(into, "into", target)) && target.length != elements)
        error = range_error("into must have length " + std::to_string(elements) + " (got " +
                            std::to_string(target.length) + ")");
      if (!error) engine = reinterpret_cast<T*>(target.engine);
    } else if (!into.instanceof(val::global(JsType<T>::name))) {
      error = type_error(std::string("into must be a ") + JsType<T>::name + " (got " + describe(into) + ")");
    } else if (length_of(into) != elements) {
      error = range_error("into must have length " + std::to_string(elements) + " (got " +
                          std::to_string(length_of(into)) + ")");
    } else {
      array = into;
    }
  }
  void write(int64_t offset, const T* data, int64_t count) {
    if (engine) std::memcpy(engine + offset, data, sizeof(T) * static_cast<size_t>(count));
    else array.call<void>("set", val(typed_memory_view(static_cast<size_t>(count), data)), static_cast<double>(offset));
  }
};

// Copies src[begin, end) (a typed array, plain array or pe.buffer) into engine memory as T.
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

// Plain arrays are converted by TypedArray.prototype.set, which would turn '5', true or null into numbers:
// every element must already be a number (finite, or an integer where integers are meant).
Error check_plain_elements(const ArrayArg& array, const std::string& name, const char* predicate) {
  const val& src = array.js;
  if (!src.isArray()) return {};
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

// A whole float input in engine memory (a pe.buffer as it is, anything else copied into `buffer`),
// finite-checked. Returns nullptr with `error` set on failure.
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

// Integer inputs (token ids, masks, positions): read as doubles so 1.5 or NaN are errors, not truncated.
// The values land in `buffer` (engine scratch); nullptr with `error` set on failure.
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
    if (!(x == std::floor(x)) || x < static_cast<double>(min) || x > static_cast<double>(max)) {
      error = range_error(name + "[" + std::to_string(i) + "] must be an integer from " + std::to_string(min) +
                          " to " + std::to_string(max) + " (got " + format_number(x) + ")");
      return nullptr;
    }
    out[i] = static_cast<int32_t>(x);
  }
  return out;
}

// Streams `rows` rows of `row_elements` values, produced chunk by chunk by fill(first, count, buffer), and
// returns the filled array (or the out-of-memory error).
template <class T, class Fill>
val stream_rows(Output<T>& out, int64_t rows, int64_t row_elements, Fill&& fill) {
  const int64_t per_chunk = chunk_rows(row_elements);
  const int64_t chunk = per_chunk < rows ? per_chunk : rows;
  if (out.engine) {  // a pe.buffer: filled in place, in the same chunks (so with the same values)
    for (int64_t first = 0; first < rows; first += chunk)
      fill(first, first + chunk <= rows ? chunk : rows - first, out.engine + first * row_elements);
    return out.array;
  }
  T* buffer = static_cast<T*>(g_chunk.get(sizeof(T) * static_cast<size_t>(chunk * row_elements)));
  if (!buffer) return out_of_memory("the output chunk");
  // One view of the chunk serves every full chunk: nothing allocates in the loop, so memory cannot grow
  // under it.
  const val view(typed_memory_view(static_cast<size_t>(chunk * row_elements), buffer));
  for (int64_t first = 0; first < rows; first += chunk) {
    const int64_t count = first + chunk <= rows ? chunk : rows - first;
    fill(first, count, buffer);
    if (count == chunk) out.array.template call<void>("set", view, static_cast<double>(first * row_elements));
    else out.write(first * row_elements, buffer, count * row_elements);
  }
  return out.array;
}

// A small result copied into a fresh JS array.
template <class T>
val to_js(const T* data, int64_t count) {
  Output<T> out(val::undefined(), count);
  out.write(0, data, count);
  return out.array;
}

// ------------------------------------------------------------------------------------ sinusoidal

SinusoidalParams read_sinusoidal(Options& o) {
  SinusoidalParams p;
  p.length = o.integer("length");
  p.d_model = o.integer("dModel");
  p.base = o.number("base", 10000.0);
  p.offset = o.integer("offset", 0);
  p.layout = o.choice<Layout>("layout", Layout::interleaved,
                              {{"interleaved", Layout::interleaved}, {"split", Layout::split}});
  return p;
}

val sinusoidal_js(val options) {
  CallScope scope;
  Options o(options, "");
  const SinusoidalParams p = read_sinusoidal(o);
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  Output<float> out(into, p.length * p.d_model);
  if (out.error) return js_error(out.error);
  SinusoidalPlan* plan = plan_for(p);
  if (!plan) return out_of_memory("the sinusoidal plan");
  return stream_rows(out, p.length, p.d_model,
                     [&](int64_t first, int64_t count, float* buf) { plan->rows(first, count, buf); });
}

// The angular frequency of each sin/cos pair (ceil(dModel/2) values, odd widths included): what the
// widgets show as w_i and wavelength 2*pi/w_i.
val frequencies_js(val options) {
  CallScope scope;
  Options o(options, "");
  SinusoidalParams p;
  p.length = 1;
  p.d_model = o.integer("dModel");
  p.base = o.number("base", 10000.0);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  std::vector<double> freqs(static_cast<size_t>(sinusoidal_pairs(p.d_model)));
  for (size_t i = 0; i < freqs.size(); ++i) freqs[i] = sinusoidal_frequency(p.base, p.d_model, static_cast<int64_t>(i));
  return to_js(freqs.data(), static_cast<int64_t>(freqs.size()));
}

// -------------------------------------------------------------------------------------- learned

val learned_js(val options) {
  CallScope scope;
  Options o(options, "");
  LearnedParams p;
  p.max_length = o.integer("maxLength");
  p.d_model = o.integer("dModel");
  const int64_t seed = o.integer("seed", 0);
  if (!o.failed() && (seed < 0 || seed > 0xFFFFFFFFll))
    o.fail(range_error("seed must be an integer from 0 to 2^32 - 1 (got " + std::to_string(seed) + ")"));
  p.seed = static_cast<uint32_t>(seed);
  p.std = o.number("std", 0.02);
  const ArrayArg positions = o.array("positions", false);
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  if (!positions.present()) {
    Output<float> out(into, p.max_length * p.d_model);
    if (out.error) return js_error(out.error);
    return stream_rows(out, p.max_length, p.d_model,
                       [&](int64_t first, int64_t count, float* buf) { learned_rows(p, first, count, buf); });
  }
  Error error;
  const int32_t* ids = integers(g_input, positions, "positions", INT32_MIN, INT32_MAX, error);
  if (!ids) return js_error(error);
  const int64_t n = positions.length;
  for (int64_t i = 0; i < n; ++i)
    if (auto e = validate_position(p, ids[i])) return js_error(e);
  if (auto e = check_product(n, p.d_model, 1, "positions x dModel lookup", kMaxOutputElements)) return js_error(e);
  Output<float> out(into, n * p.d_model);
  if (out.error) return js_error(out.error);
  return stream_rows(out, n, p.d_model, [&](int64_t first, int64_t count, float* buf) {
    for (int64_t r = 0; r < count; ++r) learned_row(p, ids[first + r], buf + r * p.d_model);
  });
}

// -------------------------------------------------------------------------------------- metrics

val compare_js(val a_arg, val b_arg) {
  CallScope scope;
  ArrayArg a, b;
  if (auto e = read_array(a_arg, "a", a)) return js_error(e);
  if (auto e = read_array(b_arg, "b", b)) return js_error(e);
  const int64_t n = a.length;
  if (n < 1) return js_error(range_error("a must not be empty"));
  if (auto e = check_length(b, n, "b", "the length of a")) return js_error(e);
  Error error;
  const float* va = resident_floats(g_input, a, n, "a", error);
  if (!va) return js_error(error);
  const float* vb = resident_floats(g_input2, b, n, "b", error);
  if (!vb) return js_error(error);
  const Comparison c = posenc::compare(va, vb, n);
  val result = val::object();
  result.set("dot", c.dot);
  result.set("cosine", c.cosine);
  result.set("euclidean", c.euclidean);
  return result;
}

// `sinusoidalTag` is the options object a table was made with (set by the facade for tables returned by
// sinusoidal()); the engine re-derives the table and takes the Toeplitz path only if it matches bit for bit.
bool is_sinusoidal_table(const ArrayArg& table, const val& tag, const SimilarityParams& p, SinusoidalParams& t) {
  if (tag.isUndefined() || p.d_model % 2) return false;
  Options o(tag, "");
  t = read_sinusoidal(o);
  if (o.failed() || validate(t) || t.length != p.length || t.d_model != p.d_model) return false;
  const int64_t rows = chunk_rows(t.d_model), chunk = rows * t.d_model;
  float* expected = static_cast<float*>(g_chunk.get(sizeof(float) * chunk));
  float* actual = static_cast<float*>(g_input.get(sizeof(float) * chunk));
  SinusoidalPlan* plan = plan_for(t);
  if (!plan || !expected || !actual) return false;
  for (int64_t first = 0; first < t.length; first += rows) {
    const int64_t count = first + rows <= t.length ? rows : t.length - first;
    plan->rows(first, count, expected);
    const float* rows = table.engine ? table.engine + first * t.d_model : actual;
    if (!table.engine) copy_in(table, first * t.d_model, (first + count) * t.d_model, actual);
    if (std::memcmp(expected, rows, sizeof(float) * count * t.d_model) != 0) return false;
  }
  return true;
}

val similarity_js(val table_arg, val options, val sinusoidal_tag) {
  CallScope scope;
  ArrayArg table;
  if (auto e = read_array(table_arg, "table", table)) return js_error(e);
  Options o(options, "");
  SimilarityParams p;
  p.length = o.integer("length");
  p.d_model = o.integer("dModel");
  p.metric = o.choice<Metric>("metric", Metric::cosine,
                              {{"cosine", Metric::cosine}, {"dot", Metric::dot}, {"euclidean", Metric::euclidean}});
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  if (auto e = check_length(table, p.length * p.d_model, "table", "length x dModel")) return js_error(e);
  Output<float> out(into, p.length * p.length);
  if (out.error) return js_error(out.error);
  if (out.engine && table.engine && overlaps(out.engine, p.length * p.length, table.engine, table.length))
    return js_error(range_error("into must not overlap table (both are views of one pe.buffer)"));

  SinusoidalParams t;
  if (is_sinusoidal_table(table, sinusoidal_tag, p, t)) {
    void* ws = g_extra.get(ToeplitzSimilarity::workspace_bytes(p));
    if (ws) {
      const ToeplitzSimilarity toeplitz(p, t, ws);
      return stream_rows(out, p.length, p.length,
                         [&](int64_t first, int64_t count, float* buf) { toeplitz.rows(first, count, buf); });
    }
  }
  Error error;
  const float* data = resident_floats(g_input, table, p.length * p.d_model, "table", error);
  if (!data) return js_error(error);
  double* norms = static_cast<double*>(g_extra.get(sizeof(double) * p.length));
  if (!norms) return out_of_memory("the row norms");
  const bool wide = similarity_norms(p, data, norms);
  val result = stream_rows(out, p.length, p.length, [&](int64_t first, int64_t count, float* buf) {
    if (error) return;
    if (const SimilarityOverflow o = similarity_rows(p, data, norms, wide, first, count, buf))
      error = range_error("table: the " + std::string(p.metric == Metric::dot ? "dot product" : "Euclidean distance") +
                          " of rows " + std::to_string(o.i) + " and " + std::to_string(o.j) + " is " +
                          format_number(o.value) + ", beyond float32's range (3.40282346638529e+38): scale the table down");
  });
  return error ? js_error(error) : result;
}

// ----------------------------------------------------------------------------------------- RoPE

// Reads head size, base, partial rotary factor and `scaling`; factor arrays are kept in `storage`.
RopeParams read_rope(Options& o, std::vector<double> (&storage)[2]) {
  RopeParams p;
  p.head_dim = o.integer("headDim");
  p.base = o.number("base", 10000.0);
  p.partial_rotary_factor = o.number("partialRotaryFactor", 1.0);
  Options s(o.get("scaling"), "scaling", true);
  if (o.failed()) return p;
  RopeScaling& r = p.scaling;
  r.type = s.choice<RopeType>("type", RopeType::standard,
                              {{"default", RopeType::standard},
                               {"linear", RopeType::linear},
                               {"dynamic", RopeType::dynamic},
                               {"yarn", RopeType::yarn},
                               {"llama3", RopeType::llama3},
                               {"longrope", RopeType::longrope}});
  r.factor = s.optional_number("factor");
  r.original_max_position_embeddings = s.optional_integer("originalMaxPositionEmbeddings");
  r.max_position_embeddings = s.optional_integer("maxPositionEmbeddings");
  r.seq_len = s.optional_integer("seqLen");
  r.beta_fast = s.optional_number("betaFast");
  r.beta_slow = s.optional_number("betaSlow");
  r.mscale = s.optional_number("mscale");
  r.mscale_all_dim = s.optional_number("mscaleAllDim");
  r.attention_factor = s.optional_number("attentionFactor");
  r.truncate = s.boolean("truncate", true);
  r.low_freq_factor = s.optional_number("lowFreqFactor");
  r.high_freq_factor = s.optional_number("highFreqFactor");
  const char* keys[2] = {"shortFactor", "longFactor"};
  for (int k = 0; k < 2; ++k) {
    const ArrayArg f = s.array(keys[k], false);
    if (s.failed() || !f.present()) continue;
    if (auto e = check_plain_elements(f, s.name(keys[k]), "isFinite")) {
      s.fail(e);
      continue;
    }
    const int64_t n = f.length;
    if (n > kMaxDim) {
      s.fail(range_error(s.name(keys[k]) + " has too many values"));
      continue;
    }
    storage[k].resize(static_cast<size_t>(n));
    if (n) copy_in(f, 0, n, storage[k].data());
  }
  r.short_factor = storage[0].empty() ? nullptr : storage[0].data();
  r.short_factor_size = static_cast<int64_t>(storage[0].size());
  r.long_factor = storage[1].empty() ? nullptr : storage[1].data();
  r.long_factor_size = static_cast<int64_t>(storage[1].size());
  if (auto e = s.finish()) o.fail(e);
  return p;
}

val rope_inv_freq_js(val options) {
  CallScope scope;
  Options o(options, "");
  std::vector<double> storage[2];
  const RopeParams p = read_rope(o, storage);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  std::vector<double> inv(static_cast<size_t>(rope_rotary_dim(p) / 2));
  const double attention = rope_inv_freq(p, 0.0, inv.data());
  val result = val::object();
  result.set("invFreq", to_js(inv.data(), static_cast<int64_t>(inv.size())));
  result.set("attentionFactor", attention);
  return result;
}

val rope_apply_js(val x_arg, val options) {
  CallScope scope;
  ArrayArg x;
  if (auto e = read_array(x_arg, "x", x)) return js_error(e);
  Options o(options, "");
  RopeApplyParams p;
  p.seq_len = o.integer("seqLen");
  p.heads = o.integer("heads");
  p.offset = o.integer("offset", 0);
  p.convention = o.choice<RopeConvention>("convention", RopeConvention::half,
                                          {{"half", RopeConvention::half}, {"interleaved", RopeConvention::interleaved}});
  std::vector<double> storage[2];
  p.rope = read_rope(o, storage);
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  const int64_t row = p.heads * p.rope.head_dim;
  if (auto e = check_length(x, p.seq_len * row, "x", "seqLen x heads x headDim")) return js_error(e);
  if (auto e = check_plain_elements(x, "x", "isFinite")) return js_error(e);
  Output<float> out(into, p.seq_len * row);
  if (out.error) return js_error(out.error);
  if ((out.engine && x.engine && out.engine != x.engine && overlaps(out.engine, x.length, x.engine, x.length)) ||
      (!out.engine && !x.engine && partly_overlapping_views(x.js, out.array)))
    return js_error(range_error("into must be x itself (rotated in place) or not overlap it"));
  void* ws = g_workspace.get(RopeApplier::workspace_bytes(p));
  if (!ws) return out_of_memory("the rotation tables");
  RopeApplier applier(p, ws);
  Error error;
  // Chunk by chunk: a JS array is copied in, a pe.buffer read where it is, and rotated into `buf` (the
  // output chunk, or the output buffer itself). A row holding a non-finite value stops the stream with an
  // error (rows before it are written by then).
  val result = stream_rows(out, p.seq_len, row, [&](int64_t first, int64_t count, float* buf) {
    if (error) return;
    const float* src = buf;
    if (x.engine) src = x.engine + first * row;
    else copy_in(x, first * row, (first + count) * row, buf);
    const int64_t done = applier.rotate(first, count, src, buf);
    if (done < count) error = check_finite_values(src + done * row, row, (first + done) * row, "x");
  });
  return error ? js_error(error) : result;
}

// ---------------------------------------------------------------------------------------- ALiBi

val alibi_slopes_js(val heads) {
  CallScope scope;
  if (!heads.isNumber()) return js_error(type_error("heads must be an integer (got " + describe(heads) + ")"));
  Options o(val::object(), "");
  const int64_t n = o.checked_integer(heads.as<double>(), "heads");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate_alibi_heads(n)) return js_error(e);
  std::vector<float> slopes(static_cast<size_t>(n));
  alibi_slopes(n, slopes.data());
  return to_js(slopes.data(), n);
}

val alibi_bias_js(val options) {
  CallScope scope;
  Options o(options, "");
  AlibiParams p;
  p.heads = o.integer("heads");
  p.length = o.integer("length");
  p.causal = o.boolean("causal", true);
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  Output<float> out(into, p.heads * p.length * p.length);
  if (out.error) return js_error(out.error);
  std::vector<float> slopes(static_cast<size_t>(p.heads));
  alibi_slopes(p.heads, slopes.data());
  return stream_rows(out, p.heads * p.length, p.length, [&](int64_t first, int64_t count, float* buf) {
    alibi_bias_rows(p, slopes.data(), first, count, buf);
  });
}

// ------------------------------------------------------------------------------------------- T5

T5BucketParams read_t5(Options& o) {
  T5BucketParams p;
  p.bidirectional = o.boolean("bidirectional", true);
  p.num_buckets = o.integer("numBuckets", 32);
  p.max_distance = o.integer("maxDistance", 128);
  return p;
}

val t5_bucket_js(val relative_position, val options) {
  CallScope scope;
  if (!relative_position.isNumber())
    return js_error(type_error("relativePosition must be an integer (got " + describe(relative_position) + ")"));
  Options o(options, "", true);
  const int64_t rp = o.checked_integer(relative_position.as<double>(), "relativePosition");
  const T5BucketParams p = read_t5(o);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  return val(t5_bucket(rp, p));
}

val t5_buckets_js(val options) {
  CallScope scope;
  Options o(options, "");
  T5GridParams p;
  p.query_length = o.integer("queryLength");
  p.key_length = o.integer("keyLength");
  p.buckets = read_t5(o);
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  Output<int32_t> out(into, p.query_length * p.key_length);
  if (out.error) return js_error(out.error);
  return stream_rows(out, p.query_length, p.key_length,
                     [&](int64_t first, int64_t count, int32_t* buf) { t5_bucket_rows(p, first, count, buf); });
}

// ------------------------------------------------------------------------------- position ids

val position_ids_js(val ids_arg, val options) {
  CallScope scope;
  ArrayArg ids;
  if (auto e = read_array(ids_arg, "ids", ids)) return js_error(e);
  Options o(options, "");
  enum class Convention { roberta, generation };
  const Convention convention = o.choice<Convention>(
      "convention", Convention::roberta, {{"roberta", Convention::roberta}, {"generation", Convention::generation}});
  const bool roberta = convention == Convention::roberta;
  const int64_t pad = roberta ? o.integer("padTokenId") : 0;
  const int64_t past = roberta ? o.integer("pastLength", 0) : 0;
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (roberta)
    if (auto e = validate_roberta(pad, past, ids.length)) return js_error(e);
  Error error;
  const int32_t* values = integers(g_input, ids, roberta ? "ids" : "mask", INT32_MIN, INT32_MAX, error);
  if (!values) return js_error(error);
  const int64_t n = ids.length;
  if (!roberta)
    if (auto e = validate_mask(values, n)) return js_error(e);
  int32_t* result = static_cast<int32_t*>(g_workspace.get(sizeof(int32_t) * static_cast<size_t>(n)));
  if (!result) return out_of_memory("the position ids");
  if (roberta) position_ids_roberta(values, n, pad, past, result);
  else position_ids_generation(values, n, result);
  Output<int32_t> out(into, n);
  if (out.error) return js_error(out.error);
  out.write(0, result, n);
  return out.array;
}

// ------------------------------------------------------------------------------------ attention

val attention_js(val options) {
  CallScope scope;
  Options o(options, "");
  AttentionParams p;
  p.seq_len = o.integer("seqLen");
  p.heads = o.integer("heads");
  p.head_dim = o.integer("headDim");
  p.causal = o.boolean("causal", false);
  const ArrayArg q = o.array("q", true), k = o.array("k", true), v = o.array("v", true), bias = o.array("bias", false);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  const int64_t n = p.seq_len * p.heads * p.head_dim, square = p.seq_len * p.seq_len;
  for (auto [array, name] : {std::pair{&q, "q"}, std::pair{&k, "k"}, std::pair{&v, "v"}})
    if (auto e = check_length(*array, n, name, "seqLen x heads x headDim")) return js_error(e);
  if (bias.present()) {
    const int64_t m = bias.length;
    if (m == p.heads * square) p.bias = AttentionParams::Bias::per_head;
    else if (m == square) p.bias = AttentionParams::Bias::shared;
    else
      return js_error(range_error("bias must have heads x seqLen x seqLen = " + std::to_string(p.heads * square) +
                                  " or seqLen x seqLen = " + std::to_string(square) + " elements (got " +
                                  std::to_string(m) + ")"));
  }
  Error error;
  const float* vq = resident_floats(g_input, q, n, "q", error);
  const float* vk = vq ? resident_floats(g_input2, k, n, "k", error) : nullptr;
  const float* vv = vk ? resident_floats(g_input3, v, n, "v", error) : nullptr;
  if (!vv) return js_error(error);
  const float* vb = nullptr;
  if (p.bias != AttentionParams::Bias::none) {
    // -Infinity is a legitimate mask value in a bias; only NaN is rejected.
    const int64_t m = attention_bias_size(p);
    if (bias.js.isArray())
      for (int64_t i = 0; i < m; ++i)
        if (!val(bias.js[static_cast<double>(i)]).isNumber())
          return js_error(type_error("bias[" + std::to_string(i) + "] must be a number"));
    float* b = static_cast<float*>(g_extra.get(sizeof(float) * m));
    if (!b) return out_of_memory("the bias");
    copy_in(bias, 0, m, b);
    for (int64_t i = 0; i < m; ++i)
      if (std::isnan(b[i]) || b[i] == std::numeric_limits<float>::infinity())
        return js_error(range_error("bias[" + std::to_string(i) + "] must be a number or -Infinity"));
    vb = b;
  }
  float* result = static_cast<float*>(g_workspace.get(sizeof(float) * (n + p.heads * square)));
  if (!result) return out_of_memory("the attention output");
  posenc::attention(p, vq, vk, vv, vb, result, result + n);
  val r = val::object();
  r.set("output", to_js(result, n));
  r.set("weights", to_js(result + n, p.heads * square));
  return r;
}

std::string simd_name() { return simd::kName; }

// ----------------------------------------------------------------------------------- pe.buffer

// The address of a new zeroed buffer of `length` floats, or an error.
val buffer_allocate(val length) {
  if (!length.isNumber()) return js_error(type_error("length must be an integer (got " + describe(length) + ")"));
  Options o(val::object(), "");
  const int64_t n = o.checked_integer(length.as<double>(), "length");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = BufferPool::validate_length(n, "length")) return js_error(e);
  float* data = g_buffers.allocate(n);
  if (!data) return out_of_memory("a buffer of " + std::to_string(n) + " floats");
  return val(static_cast<double>(reinterpret_cast<uintptr_t>(data)));
}

// False when `address` is not a live buffer (already freed).
bool buffer_free(double address) {
  if (!(address >= 0 && address < 4294967296.0)) return false;
  return g_buffers.release(reinterpret_cast<const float*>(static_cast<uintptr_t>(address)));
}

// Memory the engine holds: bytes allocated by malloc (what a leak would grow), the wasm heap size, and the
// pe.buffer pool (live buffers and every block it owns).
val diagnostics() {
  const struct mallinfo info = mallinfo();
  val result = val::object();
  result.set("heapInUse", static_cast<double>(info.uordblks));
  result.set("heapSize", static_cast<double>(emscripten_get_heap_size()));
  const BufferPool::Usage buffers = g_buffers.usage();
  result.set("liveBuffers", static_cast<double>(buffers.live_buffers));
  result.set("bufferBytes", static_cast<double>(buffers.pooled_bytes));
  return result;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc) {
  emscripten::function("sinusoidal", &sinusoidal_js);
  emscripten::function("learned", &learned_js);
  emscripten::function("frequencies", &frequencies_js);
  emscripten::function("compare", &compare_js);
  emscripten::function("similarity", &similarity_js);
  emscripten::function("ropeInvFreq", &rope_inv_freq_js);
  emscripten::function("ropeApply", &rope_apply_js);
  emscripten::function("alibiSlopes", &alibi_slopes_js);
  emscripten::function("alibiBias", &alibi_bias_js);
  emscripten::function("t5Bucket", &t5_bucket_js);
  emscripten::function("t5Buckets", &t5_buckets_js);
  emscripten::function("positionIds", &position_ids_js);
  emscripten::function("attention", &attention_js);
  emscripten::function("simdName", &simd_name);
  emscripten::function("diagnostics", &diagnostics);
  emscripten::function("bufferAllocate", &buffer_allocate);
  emscripten::function("bufferFree", &buffer_free);
}
