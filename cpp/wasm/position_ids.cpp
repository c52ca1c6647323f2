// pe.positionIds: RoBERTa's ids from token ids, or generation-time ids from an attention mask.
#include <emscripten/bind.h>

#include <cstdint>

#include "options.hpp"
#include "output.hpp"
#include "posenc/position_ids.hpp"
#include "scratch.hpp"

namespace posenc::wasm {
namespace {

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

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_position_ids) {
  emscripten::function("positionIds", &posenc::wasm::position_ids_js);
}
