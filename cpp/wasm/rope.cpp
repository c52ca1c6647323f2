// pe.rope.invFreq (the frequencies after any scaling, and the attention factor) and pe.rope.apply (rotates
// q or k, streamed, or in place on a pe.buffer).
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

// positionIds: integers from 0 to 2^53 - 1, read as doubles so that 1.5 or NaN are errors, not truncated.
Error positions_from(const ArrayArg& ids, std::vector<int64_t>& positions) {
  if (ids.length > kMaxOutputElements) return range_error("positionIds has too many values");
  if (auto e = check_plain_elements(ids, "positionIds", "isInteger")) return e;
  std::vector<double> values(static_cast<size_t>(ids.length));
  if (ids.length) copy_in(ids, 0, ids.length, values.data());
  positions.resize(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    if (!(v >= 0 && v <= static_cast<double>(kMaxPosition) && v == std::floor(v)))
      return range_error("positionIds[" + std::to_string(i) + "] must be an integer from 0 to 2^53 - 1 (got " + format_number(v) + ")");
    positions[i] = static_cast<int64_t>(v);
  }
  return {};
}

// rope.apply's positionIds, if given (the return value); the values are checked by positions_from.
bool read_positions(Options& o, std::vector<int64_t>& positions) {
  const ArrayArg ids = o.array("positionIds", false);
  if (o.failed() || !ids.present()) return false;
  positions.reserve(1);  // data() is not null even for an empty list: given, and then a length error
  o.fail(positions_from(ids, positions));
  return true;
}

val rope_apply_js(val x_arg, val options) {
  CallScope scope;
  ArrayArg x;
  if (auto e = read_array(x_arg, "x", x)) return js_error(e);
  Options o(options, "");
  RopeApplyParams p;
  p.batch = o.integer("batch", 1);
  p.seq_len = o.integer("seqLen");
  p.heads = o.integer("heads");
  const std::optional<double> offset = o.optional_integer("offset");
  p.offset = static_cast<int64_t>(offset.value_or(0));
  p.layout = o.choice<RopeLayout>("layout", RopeLayout::bshd, {{"bshd", RopeLayout::bshd}, {"bhsd", RopeLayout::bhsd}});
  p.head_stride = o.optional_count("headStride", kMaxDim);
  p.channel_offset = o.integer("channelOffset", 0);
  p.convention = o.choice<RopeConvention>("convention", RopeConvention::half,
                                          {{"half", RopeConvention::half},
                                           {"interleaved", RopeConvention::interleaved},
                                           {"deinterleave", RopeConvention::deinterleave}});
  std::vector<double> storage[2];
  p.rope = read_rope(o, storage);
  std::vector<int64_t> positions;
  const bool has_positions = read_positions(o, positions);
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (has_positions) {
    if (offset) return js_error(type_error("offset and positionIds cannot both be given (positionIds holds every position)"));
    p.positions = positions.data();
    p.positions_size = static_cast<int64_t>(positions.size());
  }
  if (auto e = validate(p)) return js_error(e);
  const int64_t rows = rope_rows(p), row = rope_row_size(p);
  if (auto e = check_length(x, rows * row, "x", "batch x seqLen x heads x headStride")) return js_error(e);
  if (auto e = check_plain_elements(x, "x", "isFinite")) return js_error(e);
  Output<float> out(into, rows * row);
  if (out.error) return js_error(out.error);
  if ((out.engine && x.engine && out.engine != x.engine && overlaps(out.engine, x.length, x.engine, x.length)) ||
      (!out.engine && !x.engine && partly_overlapping_views(x.js, out.array)))
    return js_error(range_error("into must be x itself (rotated in place) or not overlap it"));
  void* ws = g_workspace.get(RopeApplier::workspace_bytes(p));
  if (!ws) return out_of_memory("the rotation tables");
  RopeApplier applier(p, ws);
  Error error;
  // Chunk by chunk: a JS array is copied in, a pe.buffer read where it is, and rotated into `buf` (the
  // output chunk, or the output buffer itself). A copied chunk is rotated in place by rotate_copy, which
  // checks each row in the pass that rotates it and copies a bad row in again. A row holding a non-finite
  // value stops the stream with an error (rows before it are written by then).
  struct Refill {
    const ArrayArg& x;
    int64_t row;
    static void copy(void* self, int64_t r, float* to) {
      const Refill& f = *static_cast<Refill*>(self);
      copy_in(f.x, r * f.row, (r + 1) * f.row, to);
    }
  } refill{x, row};
  val result = stream_rows(out, rows, row, [&](int64_t first, int64_t count, float* buf) {
    if (error) return;
    const float* src = buf;
    int64_t done;
    if (x.engine) {
      src = x.engine + first * row;
      done = applier.rotate(first, count, src, buf);
    } else {
      copy_in(x, first * row, (first + count) * row, buf);
      done = applier.rotate_copy(first, count, buf, &Refill::copy, &refill);
    }
    if (done < count) error = rope_nonfinite_error(p, src + done * row, first + done, "x");
  });
  return error ? js_error(error) : result;
}

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_rope) {
  emscripten::function("rope_invFreq", &posenc::wasm::rope_inv_freq_js);
  emscripten::function("rope_apply", &posenc::wasm::rope_apply_js);
}
