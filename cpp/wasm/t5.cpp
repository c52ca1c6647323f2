// pe.t5.bucket (one relative position) and pe.t5.buckets (the query x key grid, streamed).
#include <emscripten/bind.h>

#include "options.hpp"
#include "output.hpp"
#include "posenc/t5.hpp"
#include "scratch.hpp"

namespace posenc::wasm {
namespace {

T5BucketParams read_t5(Options& o) {
  T5BucketParams p;
  p.bidirectional = o.boolean("bidirectional", true);
  p.num_buckets = o.integer("numBuckets", 32);
  p.max_distance = o.integer("maxDistance", 128);
  return p;
}

val t5_bucket_js(val relative_position, val options) {
  CallScope scope;
  if (!relative_position.isNumber())
    return js_error(type_error("relativePosition must be an integer (got " + describe(relative_position) + ")"));
  Options o(options, "", true);
  const int64_t rp = o.checked_integer(relative_position.as<double>(), "relativePosition");
  const T5BucketParams p = read_t5(o);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  return val(t5_bucket(rp, p));
}

val t5_buckets_js(val options) {
  CallScope scope;
  Options o(options, "");
  T5GridParams p;
  p.query_length = o.integer("queryLength");
  p.key_length = o.integer("keyLength");
  p.buckets = read_t5(o);
  const val into = o.get("into");
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  Output<int32_t> out(into, p.query_length * p.key_length);
  if (out.error) return js_error(out.error);
  return stream_rows(out, p.query_length, p.key_length,
                     [&](int64_t first, int64_t count, int32_t* buf) { t5_bucket_rows(p, first, count, buf); });
}

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_t5) {
  emscripten::function("t5_bucket", &posenc::wasm::t5_bucket_js);
  emscripten::function("t5_buckets", &posenc::wasm::t5_buckets_js);
}
