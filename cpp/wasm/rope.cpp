// pe.rope.invFreq (the frequencies after any scaling, and the attention factor), and the `scaling` option every
// RoPE call reads. pe.rope.apply's binding is generated (cpp/wasm/gen/rope_apply.cpp, from NATIVE in
// web/src/engine/schema.js) around apply_rows (apply.hpp).
#include <emscripten/bind.h>

#include <cmath>
#include <vector>

#include "options.hpp"
#include "output.hpp"
#include "posenc/rope.hpp"
#include "scaling.hpp"
#include "scratch.hpp"

namespace posenc::wasm {

// `scaling` of o (transformers' rope_scaling keys, camelCase); factor arrays are kept in `storage`.
RopeScaling read_scaling(Options& o, std::vector<double> (&storage)[2]) {
  Options s(o.get("scaling"), "scaling", true);
  RopeScaling r;
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
  o.adopt(s);
  return r;
}

namespace {

// Reads head size, base, partial rotary factor and `scaling`; factor arrays are kept in `storage`.
RopeParams read_rope(Options& o, std::vector<double> (&storage)[2]) {
  RopeParams p;
  p.head_dim = o.integer("headDim");
  p.base = o.number("base", 10000.0);
  p.partial_rotary_factor = o.number("partialRotaryFactor", 1.0);
  p.scaling = read_scaling(o, storage);
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

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_rope) {
  emscripten::function("rope_invFreq", &posenc::wasm::rope_inv_freq_js);
}
