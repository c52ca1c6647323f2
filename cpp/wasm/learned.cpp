// pe.learned: the seeded table, whole or looked up at `positions`.
#include <emscripten/bind.h>

#include <cstdint>

#include "options.hpp"
#include "output.hpp"
#include "posenc/learned.hpp"
#include "scratch.hpp"

namespace posenc::wasm {
namespace {

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

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_learned) {
  emscripten::function("learned", &posenc::wasm::learned_js);
}
