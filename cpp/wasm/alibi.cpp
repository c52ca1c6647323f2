// pe.alibi.slopes (one per head) and pe.alibi.bias (the heads x length x length bias, streamed).
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

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_alibi) {
  emscripten::function("alibi_slopes", &posenc::wasm::alibi_slopes_js);
  emscripten::function("alibi_bias", &posenc::wasm::alibi_bias_js);
}
