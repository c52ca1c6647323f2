// Memory floors for `npm run bench`: SIMD loops that compute next to nothing, compiled with the engine's
// flags into their own standalone module. What any WebAssembly kernel pays at least to write a table, to
// rotate in place, or to read one array and write another (V8's own `fill` and `set` are slower).
#include <wasm_simd128.h>

__attribute__((export_name("store"))) void store(float* p, int n, float v) {
  const v128_t x = wasm_f32x4_splat(v);
  for (int i = 0; i < n; i += 4) wasm_v128_store(p + i, x);
}

__attribute__((export_name("scale"))) void scale(float* p, int n, float a) {
  const v128_t x = wasm_f32x4_splat(a);
  for (int i = 0; i < n; i += 4) wasm_v128_store(p + i, wasm_f32x4_mul(wasm_v128_load(p + i), x));
}

__attribute__((export_name("copy"))) void copy(float* dst, const float* src, int n) {
  for (int i = 0; i < n; i += 4) wasm_v128_store(dst + i, wasm_v128_load(src + i));
}
