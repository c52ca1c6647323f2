// pe.attention: softmax(softcap(q k^T * scale) + bias) v, with the weights, for small inputs held whole;
// grouped-query heads and queries shorter than keys (a decode step) as models run them.
#include <emscripten/bind.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "options.hpp"
#include "output.hpp"
#include "posenc/attention.hpp"
#include "scratch.hpp"

namespace posenc::wasm {
namespace {

val attention_js(val options) {
  CallScope scope;
  Options o(options, "");
  AttentionParams p;
  p.seq_len = o.integer("seqLen");
  p.heads = o.integer("heads");
  p.head_dim = o.integer("headDim");
  p.kv_heads = o.optional_count("kvHeads", kMaxHeads);
  p.key_len = o.optional_count("keyLength", kMaxAttentionLength);
  const std::optional<double> scale = o.optional_number("scale");
  if (scale && *scale == 0) o.fail(range_error("scale must be a finite number other than 0 (got 0)"));
  p.scale = scale.value_or(0);
  p.softcap = o.number("softcap", 0.0);
  p.causal = o.boolean("causal", false);
  const ArrayArg q = o.array("q", true), k = o.array("k", true), v = o.array("v", true), bias = o.array("bias", false);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  const int64_t n = p.seq_len * p.heads * p.head_dim, square = p.seq_len * attention_key_len(p);
  const int64_t kv_n = attention_key_len(p) * attention_kv_heads(p) * p.head_dim;
  if (auto e = check_length(q, n, "q", "seqLen x heads x headDim")) return js_error(e);
  for (auto [array, name] : {std::pair{&k, "k"}, std::pair{&v, "v"}})
    if (auto e = check_length(*array, kv_n, name, "keyLength x kvHeads x headDim")) return js_error(e);
  if (bias.present()) {
    const int64_t m = bias.length;
    if (m == p.heads * square) p.bias = AttentionParams::Bias::per_head;
    else if (m == square) p.bias = AttentionParams::Bias::shared;
    else
      return js_error(range_error("bias must have heads x seqLen x keyLength = " + std::to_string(p.heads * square) +
                                  " or seqLen x keyLength = " + std::to_string(square) + " elements (got " +
                                  std::to_string(m) + ")"));
  }
  Error error;
  const float* vq = resident_floats(g_input, q, n, "q", error);
  const float* vk = vq ? resident_floats(g_input2, k, kv_n, "k", error) : nullptr;
  const float* vv = vk ? resident_floats(g_input3, v, kv_n, "v", error) : nullptr;
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

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_attention) {
  emscripten::function("attention", &posenc::wasm::attention_js);
}
