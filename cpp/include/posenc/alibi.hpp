// ALiBi (Press et al. 2022): per-head linear distance penalties, slopes as in BLOOM's build_alibi_tensor.
#pragma once
#include <cstdint>

#include "posenc/error.hpp"

namespace posenc {

Error validate_alibi_heads(int64_t heads);
// Slopes for any head count: geometric 2^(-8k/c) for the c = 2^floor(log2 n) heads, then every other
// slope of the 2c-head set for the remaining n - c heads.
void alibi_slopes(int64_t heads, float* out);
// The slope of head h (0-based) of `heads`: alibi_slopes' value h.
float alibi_slope(int64_t heads, int64_t h);

struct AlibiParams {
  int64_t heads = 0, length = 0;
  bool causal = true;  // causal: -slope*(i-j) for j <= i, -inf above; else symmetric -slope*|i-j|
};
Error validate(const AlibiParams& p);
// Rows first..first+count-1 of the flattened [heads*length][length] bias.
void alibi_bias_rows(const AlibiParams& p, const float* slopes, int64_t first, int64_t count, float* out);
// The same rows, each head's slope computed as its rows come (no slope array): the per-row kernel shape that
// web/src/engine/schema.js derives pe.alibi.bias's binding and fuzz case from.
void alibi_bias_rows(const AlibiParams& p, int64_t first, int64_t count, float* out);

}  // namespace posenc
