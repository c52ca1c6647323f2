// The one place that touches SIMD intrinsics. Kernels are written once against f32x4 and run as
// wasm simd128, SSE2 or plain scalar code; define POSENC_FORCE_SCALAR to get the scalar path anywhere
// (that is how the scalar WASM module and the native scalar test binary are built).
#pragma once

#if !defined(POSENC_FORCE_SCALAR) && defined(__wasm_simd128__)
#define POSENC_SIMD_WASM 1
#include <wasm_simd128.h>
#elif !defined(POSENC_FORCE_SCALAR) && (defined(__SSE2__) || defined(_M_X64))
#define POSENC_SIMD_SSE2 1
#include <emmintrin.h>
#else
#define POSENC_SIMD_SCALAR 1
#include <cmath>
#include <cstring>
#endif

namespace posenc::simd {

#if defined(POSENC_SIMD_WASM)
inline constexpr const char* kName = "wasm-simd128";
struct f32x4 { v128_t v; };
inline f32x4 load(const float* p) { return {wasm_v128_load(p)}; }
inline void store(float* p, f32x4 a) { wasm_v128_store(p, a.v); }
inline f32x4 splat(float x) { return {wasm_f32x4_splat(x)}; }
inline f32x4 operator+(f32x4 a, f32x4 b) { return {wasm_f32x4_add(a.v, b.v)}; }
inline f32x4 operator-(f32x4 a, f32x4 b) { return {wasm_f32x4_sub(a.v, b.v)}; }
inline f32x4 operator*(f32x4 a, f32x4 b) { return {wasm_f32x4_mul(a.v, b.v)}; }
inline f32x4 min(f32x4 a, f32x4 b) { return {wasm_f32x4_pmin(a.v, b.v)}; }
inline f32x4 max(f32x4 a, f32x4 b) { return {wasm_f32x4_pmax(a.v, b.v)}; }
// (a0 b0 a1 b1) and (a2 b2 a3 b3): turn separate sin and cos vectors into interleaved pairs.
inline f32x4 zip_lo(f32x4 a, f32x4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 0, 4, 1, 5)}; }
inline f32x4 zip_hi(f32x4 a, f32x4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 2, 6, 3, 7)}; }
// (a1 a0 a3 a2): the partner of each channel in the interleaved RoPE convention.
inline f32x4 swap_pairs(f32x4 a) { return {wasm_i32x4_shuffle(a.v, a.v, 1, 0, 3, 2)}; }
inline float sum(f32x4 a) {
  return wasm_f32x4_extract_lane(a.v, 0) + wasm_f32x4_extract_lane(a.v, 1) +
         wasm_f32x4_extract_lane(a.v, 2) + wasm_f32x4_extract_lane(a.v, 3);
}
inline f32x4 operator/(f32x4 a, f32x4 b) { return {wasm_f32x4_div(a.v, b.v)}; }
// |magnitude| with the sign of `sign`.
inline f32x4 copysign(f32x4 magnitude, f32x4 sign) {
  return {wasm_v128_bitselect(sign.v, magnitude.v, wasm_i32x4_splat(static_cast<int>(0x80000000u)))};
}
// 2^n for n = biased - 1.5·2^23, an integer from -126 to 127, where biased = t + 1.5·2^23 rounded t to n: the
// low bits of biased are n, so n + 127 shifted into the exponent is 2^n (no float-to-int conversion).
inline f32x4 exp2i_biased(f32x4 biased) {
  return {wasm_i32x4_shl(wasm_i32x4_add(biased.v, wasm_i32x4_splat(127)), 23)};
}
#elif defined(POSENC_SIMD_SSE2)
inline constexpr const char* kName = "sse2";
struct f32x4 { __m128 v; };
inline f32x4 load(const float* p) { return {_mm_loadu_ps(p)}; }
inline void store(float* p, f32x4 a) { _mm_storeu_ps(p, a.v); }
inline f32x4 splat(float x) { return {_mm_set1_ps(x)}; }
inline f32x4 operator+(f32x4 a, f32x4 b) { return {_mm_add_ps(a.v, b.v)}; }
inline f32x4 operator-(f32x4 a, f32x4 b) { return {_mm_sub_ps(a.v, b.v)}; }
inline f32x4 operator*(f32x4 a, f32x4 b) { return {_mm_mul_ps(a.v, b.v)}; }
inline f32x4 min(f32x4 a, f32x4 b) { return {_mm_min_ps(a.v, b.v)}; }
inline f32x4 max(f32x4 a, f32x4 b) { return {_mm_max_ps(a.v, b.v)}; }
inline f32x4 zip_lo(f32x4 a, f32x4 b) { return {_mm_unpacklo_ps(a.v, b.v)}; }
inline f32x4 zip_hi(f32x4 a, f32x4 b) { return {_mm_unpackhi_ps(a.v, b.v)}; }
inline f32x4 swap_pairs(f32x4 a) { return {_mm_shuffle_ps(a.v, a.v, _MM_SHUFFLE(2, 3, 0, 1))}; }
inline float sum(f32x4 a) {
  alignas(16) float t[4];
  _mm_store_ps(t, a.v);
  return t[0] + t[1] + t[2] + t[3];
}
inline f32x4 operator/(f32x4 a, f32x4 b) { return {_mm_div_ps(a.v, b.v)}; }
inline f32x4 copysign(f32x4 magnitude, f32x4 sign) {
  const __m128 bit = _mm_castsi128_ps(_mm_set1_epi32(static_cast<int>(0x80000000u)));
  return {_mm_or_ps(_mm_and_ps(bit, sign.v), _mm_andnot_ps(bit, magnitude.v))};
}
inline f32x4 exp2i_biased(f32x4 biased) {
  return {_mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(_mm_castps_si128(biased.v), _mm_set1_epi32(127)), 23))};
}
#else
inline constexpr const char* kName = "scalar";
struct f32x4 { float v[4]; };
inline f32x4 load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
inline void store(float* p, f32x4 a) { for (int i = 0; i < 4; ++i) p[i] = a.v[i]; }
inline f32x4 splat(float x) { return {{x, x, x, x}}; }
inline f32x4 operator+(f32x4 a, f32x4 b) { return {{a.v[0] + b.v[0], a.v[1] + b.v[1], a.v[2] + b.v[2], a.v[3] + b.v[3]}}; }
inline f32x4 operator-(f32x4 a, f32x4 b) { return {{a.v[0] - b.v[0], a.v[1] - b.v[1], a.v[2] - b.v[2], a.v[3] - b.v[3]}}; }
inline f32x4 operator*(f32x4 a, f32x4 b) { return {{a.v[0] * b.v[0], a.v[1] * b.v[1], a.v[2] * b.v[2], a.v[3] * b.v[3]}}; }
inline f32x4 min(f32x4 a, f32x4 b) { return {{b.v[0] < a.v[0] ? b.v[0] : a.v[0], b.v[1] < a.v[1] ? b.v[1] : a.v[1], b.v[2] < a.v[2] ? b.v[2] : a.v[2], b.v[3] < a.v[3] ? b.v[3] : a.v[3]}}; }
inline f32x4 max(f32x4 a, f32x4 b) { return {{a.v[0] < b.v[0] ? b.v[0] : a.v[0], a.v[1] < b.v[1] ? b.v[1] : a.v[1], a.v[2] < b.v[2] ? b.v[2] : a.v[2], a.v[3] < b.v[3] ? b.v[3] : a.v[3]}}; }
inline f32x4 zip_lo(f32x4 a, f32x4 b) { return {{a.v[0], b.v[0], a.v[1], b.v[1]}}; }
inline f32x4 zip_hi(f32x4 a, f32x4 b) { return {{a.v[2], b.v[2], a.v[3], b.v[3]}}; }
inline f32x4 swap_pairs(f32x4 a) { return {{a.v[1], a.v[0], a.v[3], a.v[2]}}; }
inline float sum(f32x4 a) { return a.v[0] + a.v[1] + a.v[2] + a.v[3]; }
inline f32x4 operator/(f32x4 a, f32x4 b) { return {{a.v[0] / b.v[0], a.v[1] / b.v[1], a.v[2] / b.v[2], a.v[3] / b.v[3]}}; }
inline f32x4 copysign(f32x4 m, f32x4 s) {
  return {{std::copysign(m.v[0], s.v[0]), std::copysign(m.v[1], s.v[1]), std::copysign(m.v[2], s.v[2]), std::copysign(m.v[3], s.v[3])}};
}
inline f32x4 exp2i_biased(f32x4 biased) {
  f32x4 r;
  for (int i = 0; i < 4; ++i) {
    unsigned bits;
    std::memcpy(&bits, &biased.v[i], 4);
    bits = (bits + 127u) << 23;
    std::memcpy(&r.v[i], &bits, 4);
  }
  return r;
}
#endif

}  // namespace posenc::simd

namespace posenc::simd {
// True when no value is NaN or infinite: x - x is 0 for finite x and NaN otherwise, and NaN sticks. Four
// independent sums: one would wait on the add latency at every vector, and this scan runs over every input
// (a single sum made it the largest cost of rotating a pe.buffer in place).
inline bool all_finite(const float* p, long long n) {
  f32x4 acc[4] = {splat(0.f), splat(0.f), splat(0.f), splat(0.f)};
  long long i = 0;
  for (; i + 16 <= n; i += 16)
    for (int j = 0; j < 4; ++j) {
      const f32x4 v = load(p + i + 4 * j);
      acc[j] = acc[j] + (v - v);
    }
  for (; i + 4 <= n; i += 4) {
    const f32x4 v = load(p + i);
    acc[0] = acc[0] + (v - v);
  }
  float tail = 0.f;
  for (; i < n; ++i) tail += p[i] - p[i];
  return sum((acc[0] + acc[1]) + (acc[2] + acc[3])) + tail == 0.f;
}

// The same answer at one add per vector (all_finite takes two): NaN and infinities stick in a sum, and a sum
// of finite values is finite unless it overflows, when the exact test decides. For inputs about to be read
// again (RoPE checks each row, then rotates it from L1), where the check's arithmetic is what it costs.
inline bool all_finite_sum(const float* p, long long n) {
  f32x4 acc[4] = {splat(0.f), splat(0.f), splat(0.f), splat(0.f)};
  long long i = 0;
  for (; i + 16 <= n; i += 16)
    for (int j = 0; j < 4; ++j) acc[j] = acc[j] + load(p + i + 4 * j);
  for (; i + 4 <= n; i += 4) acc[0] = acc[0] + load(p + i);
  float total = sum((acc[0] + acc[1]) + (acc[2] + acc[3]));
  for (; i < n; ++i) total += p[i];
  return total - total == 0.f || all_finite(p, n);
}
}  // namespace posenc::simd
