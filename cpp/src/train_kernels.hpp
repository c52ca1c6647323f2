// The kernels of the trainer. The matrix multiply (train_gemm.cpp): C[i][j] (+)= sum_p A(i, p) * B[p][j],
// vectorised over j with the SIMD layer (a 4-row x 8-column register block: one broadcast of A per row, two
// loads of B per p), any strides for A (so A^T costs nothing) and contiguous rows of B and C; non-causal shapes
// go through packed panels of A and B. Each C element is summed over p in order, one multiply and one add at a
// time (no FMA), in every build: the float64 instantiation used by the tests and the scalar build compute
// exactly what the SIMD one computes, lane by lane. Elementwise and row kernels: train_kernels.cpp.
#pragma once
#include <cstdint>

namespace posenc::train_detail {

// Causal shapes skip the products the attention mask makes zero (the sums are unchanged: only +0 is skipped).
enum class Causal {
  none,
  k_upto_row,    // A(i, p) = 0 for p > i (P·V, dS·K): p < i + rows of the block
  k_from_row,    // A(i, p) = 0 for p < i (Pᵀ·dA, dSᵀ·Q): p from the block's first row
  n_upto_row,    // only C[i][j] for j <= i is wanted (Q·Kᵀ, dA·Vᵀ)
};

struct GemmShape {
  int64_t m, n, k;
  int64_t sai, sap;  // A(i, p) = a[i * sai + p * sap]
  int64_t ldb, ldc;
  bool accumulate;   // C += (else C =)
  Causal causal = Causal::none;
};

// Elementwise kernels, float (SIMD: erf as Abramowitz and Stegun 7.1.26, the formula of torch's vectorised
// erf, max error 1.5e-7; exp as Cephes' expf, within 2 ulp) and double (the C library's erf and exp, for the
// finite-difference tests, which need the true functions).
// GELU: g = z·Φ(z), and z overwritten by the derivative Φ(z) + z·φ(z) that the backward pass multiplies by.
void gelu(float* z, float* g, int64_t n);
void gelu(double* z, double* g, int64_t n);
// x[i] = exp(x[i] - shift); returns the sum.
float exp_sum(float* x, int64_t n, float shift);
double exp_sum(double* x, int64_t n, double shift);
// LayerNorm over rows of d (eps 1e-5): y, and each row's mean and 1/std for the backward pass, which adds the
// gradient through y = LN(x) given dy to dx and accumulates those of w and b.
void layernorm(const float* x, const float* w, const float* b, float* y, float* mu, float* rs, int64_t rows, int64_t d);
void layernorm(const double* x, const double* w, const double* b, double* y, double* mu, double* rs, int64_t rows,
               int64_t d);
void layernorm_backward(const float* x, const float* mu, const float* rs, const float* w, const float* dy, float* gw,
                        float* gb, float* dx, int64_t rows, int64_t d);
void layernorm_backward(const double* x, const double* mu, const double* rs, const double* w, const double* dy,
                        double* gw, double* gb, double* dx, int64_t rows, int64_t d);
// Causal softmax of a [len][len] score matrix in place: row i becomes the softmax over j <= i of
// s[i][j]·scale + bias[len - 1 - i + j] (bias: by distance i - j, stored reversed; null: none), and 0 past i.
void causal_softmax(float* s, int64_t len, float scale, const float* bias);
// One row of it: row[j] = softmax over j < n of row[j]·scale + rb[j] (rb null: no bias), as causal_softmax
// computes its row n - 1 (greedy decoding scores one new position with it).
void softmax_row(float* row, int64_t n, float scale, const float* rb);
void softmax_row(double* row, int64_t n, double scale, const double* rb);
void causal_softmax(double* s, int64_t len, double scale, const double* bias);
// Its backward pass given p (the softmax) and dp, in place: dp becomes dS·scale, dS = p·(dp − Σ_j p·dp), 0 past
// i; gdist[i - j] += dS (the gradient of a bias by distance; null: none).
void causal_softmax_backward(const float* p, float* dp, int64_t len, float scale, float* gdist);
void causal_softmax_backward(const double* p, double* dp, int64_t len, double scale, double* gdist);
// out[c] += sum over rows of x[r][c] (bias gradients).
void add_column_sums(const float* x, int64_t rows, int64_t n, int64_t ld, float* out);
void add_column_sums(const double* x, int64_t rows, int64_t n, int64_t ld, double* out);

// The two instantiations, out of line (one copy of the register-blocked kernel in the module).
// C starts from init + bias (init: m rows of ldc, bias: n values; either may be null) when one is given, else from
// C (accumulate) or 0; the packed path writes those values a tile at a time, while the tile is in cache.
void gemm(const GemmShape& s, const float* a, const float* b, float* c, const float* init = nullptr,
          const float* bias = nullptr);
void gemm(const GemmShape& s, const double* a, const double* b, double* c, const double* init = nullptr,
          const double* bias = nullptr);

}  // namespace posenc::train_detail
