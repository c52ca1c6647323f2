// pe.t5.bucket (one relative position). pe.t5.buckets, the query x key grid, is generated from its schema entry
// (cpp/wasm/gen/t5_buckets.cpp).
#include <emscripten/bind.h>

#include "options.hpp"
#include "output.hpp"
#include "posenc/t5.hpp"
#include "scratch.hpp"

namespace posenc::wasm {
namespace {

val t5_bucket_js(val relative_position, val options) {
  CallScope scope;
  if (!relative_position.isNumber())
    return js_error(type_error("relativePosition must be an integer (got " + describe(relative_position) + ")"));
  Options o(options, "", true);
  const int64_t rp = o.checked_integer(relative_position.as<double>(), "relativePosition");
  T5BucketParams p;
  p.bidirectional = o.boolean("bidirectional", true);
  p.num_buckets = o.integer("numBuckets", 32);
  p.max_distance = o.integer("maxDistance", 128);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  return val(t5_bucket(rp, p));
}

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_t5) {
  emscripten::function("t5_bucket", &posenc::wasm::t5_bucket_js);
}
