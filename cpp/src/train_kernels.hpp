// The matrix multiply of the trainer: C[i][j] (+)= sum_p A(i, p) * B[p][j], vectorised over j with the SIMD
// layer (a 4-row x 8-column register block: one broadcast of A per row, two loads of B per p), any strides for
// A (so A^T costs nothing) and contiguous rows of B and C. Each C element is summed over p in order, one
// multiply and one add at a time (no FMA), in every build: the float64 instantiation used by the tests and
// the scalar build compute exactly what the SIMD one computes, lane by lane.
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
// out[c] += sum over rows of x[r][c] (bias gradients).
void add_column_sums(const float* x, int64_t rows, int64_t n, int64_t ld, float* out);
void add_column_sums(const double* x, int64_t rows, int64_t n, int64_t ld, double* out);

// The two instantiations, out of line (one copy of the register-blocked kernel in the module).
void gemm(const GemmShape& s, const float* a, const float* b, float* c);
void gemm(const GemmShape& s, const double* a, const double* b, double* c);

}  // namespace posenc::train_detail
