// The apply shape's runtime, shared by every binding of that shape (scripts/gen-bindings-apply.mjs writes
// them from web/src/engine/schema.js, NATIVE): an input x of `rows` rows of `row` floats (a JS array or typed
// array, copied in a chunk at a time, or a pe.buffer read where it is) goes through an Applier into the
// output: a new Float32Array, a caller's array or pe.buffer, or x itself (in place). What an Applier provides
// (RopeApplier is one, cpp/include/posenc/rope.hpp):
//   static size_t workspace_bytes(const Params&);  Applier(const Params&, void* workspace);
//   int64_t rotate(first, count, const float* src, float* dst);   // rows done; stops at a non-finite row
//   int64_t rotate_copy(first, count, float* x, Refill, void*);   // the same in place on a copied chunk,
//                                                                  // a bad row copied in again by Refill
// and the method names a non-finite row with `nonfinite(p, row, index, "x")` (rope_nonfinite_error).
#pragma once
#include <string>

#include "marshal.hpp"
#include "output.hpp"
#include "scratch.hpp"

namespace posenc::wasm {

template <class Applier, class Params>
val apply_rows(const Params& p, const ArrayArg& x, const val& into, int64_t rows, int64_t row, const char* shape,
               const char* tables, Error (*nonfinite)(const Params&, const float*, int64_t, const std::string&)) {
  if (auto e = check_length(x, rows * row, "x", shape)) return js_error(e);
  if (auto e = check_plain_elements(x, "x", "isFinite")) return js_error(e);
  Output<float> out(into, rows * row);
  if (out.error) return js_error(out.error);
  if ((out.engine && x.engine && out.engine != x.engine && overlaps(out.engine, x.length, x.engine, x.length)) ||
      (!out.engine && !x.engine && partly_overlapping_views(x.js, out.array)))
    return js_error(range_error("into must be x itself (rotated in place) or not overlap it"));
  void* ws = g_workspace.get(Applier::workspace_bytes(p));
  if (!ws) return out_of_memory(tables);
  Applier applier(p, ws);
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
    if (done < count) error = nonfinite(p, src + done * row, first + done, "x");
  });
  return error ? js_error(error) : result;
}

}  // namespace posenc::wasm
