// pe.buffer: engine memory the caller holds a view of, allocated and freed here (the pool is g_buffers; the
// other binding files read and write live buffers in place through read_array).
#include <emscripten/bind.h>

#include <cstdint>
#include <string>

#include "marshal.hpp"
#include "options.hpp"
#include "scratch.hpp"

namespace posenc::wasm {
namespace {

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

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_buffers) {
  emscripten::function("buffer_allocate", &posenc::wasm::buffer_allocate);
  emscripten::function("buffer_free", &posenc::wasm::buffer_free);
}
