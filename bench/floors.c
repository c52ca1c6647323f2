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

// The matrix-multiply floor: C[m][n] = A[m][k]·B[k][n] (n a multiple of 8, m of 4) with the textbook wasm
// SIMD register block (4 rows x 8 columns: eight accumulators, one splat of A per row, two loads of B per k),
// separate multiply and add as wasm has no FMA. No packing, no edge cases: what the trainer's products
// are measured against (GFLOP/s).
__attribute__((export_name("matmul"))) void matmul(const float* a, const float* b, float* c, int m, int n, int k) {
  for (int i = 0; i < m; i += 4)
    for (int j = 0; j < n; j += 8) {
      v128_t acc[4][2];
      for (int r = 0; r < 4; ++r) acc[r][0] = acc[r][1] = wasm_f32x4_splat(0.f);
      for (int p = 0; p < k; ++p) {
        const v128_t b0 = wasm_v128_load(b + p * n + j), b1 = wasm_v128_load(b + p * n + j + 4);
        for (int r = 0; r < 4; ++r) {
          const v128_t x = wasm_f32x4_splat(a[(i + r) * k + p]);
          acc[r][0] = wasm_f32x4_add(acc[r][0], wasm_f32x4_mul(x, b0));
          acc[r][1] = wasm_f32x4_add(acc[r][1], wasm_f32x4_mul(x, b1));
        }
      }
      for (int r = 0; r < 4; ++r) {
        wasm_v128_store(c + (i + r) * n + j, acc[r][0]);
        wasm_v128_store(c + (i + r) * n + j + 4, acc[r][1]);
      }
    }
}
