// pe.alibi.slopes (one per head). pe.alibi.bias is generated from its schema entry (cpp/wasm/gen/alibi_bias.cpp).
#include <emscripten/bind.h>

#include <vector>

#include "options.hpp"
#include "output.hpp"
#include "posenc/alibi.hpp"
#include "scratch.hpp"

namespace posenc::wasm {
namespace {

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

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_alibi) {
  emscripten::function("alibi_slopes", &posenc::wasm::alibi_slopes_js);
}
