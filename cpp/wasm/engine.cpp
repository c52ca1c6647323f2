// What the module reports about itself: which SIMD layer it was built with (pe.build) and the memory it
// holds (pe.diagnostics).
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <malloc.h>

#include <string>

#include "marshal.hpp"
#include "scratch.hpp"
#include "simd/simd.hpp"

namespace posenc::wasm {
namespace {

std::string simd_name() { return simd::kName; }

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
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_engine) {
  emscripten::function("build", &posenc::wasm::simd_name);
  emscripten::function("diagnostics", &posenc::wasm::diagnostics);
}
