// JS values in, errors out: the helpers every binding file uses to read its arguments. An array argument is a
// JS array or typed array (read through JS) or a live pe.buffer range (used in place); integer and float
// inputs are checked element by element with messages that name the argument and index. Errors are
// returned (not thrown) as JS RangeError/TypeError objects for the facade to throw: nothing unwinds through
// C++ frames, so no allocation leaks and the module stays usable after any bad input.
#pragma once
#include <emscripten/val.h>

#include <cstdint>
#include <string>

#include "posenc/error.hpp"
#include "scratch.hpp"

namespace posenc::wasm {

using emscripten::typed_memory_view;
using emscripten::val;

val js_error(const Error& e);
val out_of_memory(const std::string& what);

// The facade passes a pe.buffer, or any view of engine memory, as {posencBuffer: state, address, length}
// (an object only it makes: it drops that key from every object it copies from the caller).
bool is_buffer_ref(const val& v);
// A value as an error message shows it: "3", "null", "an array", "a pe.buffer", "string", ...
std::string describe(const val& v);
// `s` in at most ~80 bytes (cut at a UTF-8 character, then "…"): a caller's string quoted in a message stays short.
std::string clipped(const std::string& s);
bool is_typed_array(const val& v);
bool is_array_like(const val& v);

// An array argument: a JS array or typed array (read through JS), or a live pe.buffer range used in place.
struct ArrayArg {
  val js = val::undefined();
  float* engine = nullptr;
  int64_t length = 0;
  bool present() const { return engine || !js.isUndefined(); }
};

Error read_array(const val& v, const std::string& name, ArrayArg& a);

inline bool overlaps(const float* a, int64_t n, const float* b, int64_t m) { return a < b + m && b < a + n; }

// Two typed arrays over the same memory whose byte ranges overlap without coinciding (the facade's plain
// views: reading buffer, byteOffset and byteLength runs no caller code).
bool partly_overlapping_views(const val& a, const val& b);

inline int64_t length_of(const val& array) { return static_cast<int64_t>(array["length"].as<double>()); }

Error check_length(const ArrayArg& array, int64_t expected, const std::string& name, const char* shape);

// Copies src[begin, end) (a typed array, plain array or pe.buffer) into engine memory as T (float or double).
template <class T>
void copy_in(const ArrayArg& src, int64_t begin, int64_t end, T* dst);

// Plain arrays are converted by TypedArray.prototype.set, which would turn '5', true or null into numbers:
// every element must already be a number (`predicate` is "isFinite" or "isInteger", a method of Number).
Error check_plain_elements(const ArrayArg& array, const std::string& name, const char* predicate);

// A whole float input in engine memory (a pe.buffer as it is, anything else copied into `buffer`),
// finite-checked. Returns nullptr with `error` set on failure.
const float* resident_floats(Buffer& buffer, const ArrayArg& src, int64_t count, const std::string& name,
                             Error& error);

// Integer inputs (token ids, masks, positions): read as doubles so 1.5 or NaN are errors, not truncated.
// The values land in `buffer` (engine scratch); nullptr with `error` set on failure.
const int32_t* integers(Buffer& buffer, const ArrayArg& src, const std::string& name, int64_t min, int64_t max,
                        Error& error);

}  // namespace posenc::wasm
