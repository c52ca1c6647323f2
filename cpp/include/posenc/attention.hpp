// Scaled dot-product attention for demos: softmax(q k^T / sqrt(head_dim) + bias) v, per head.
// Every output row is computed from its own inputs in a fixed order, so permuting the input rows
// permutes the output rows bit for bit (what the permutation demo shows).
#pragma once
#include <cstdint>

#include "posenc/error.hpp"

namespace posenc {

struct AttentionParams {
  int64_t seq_len = 0, heads = 0, head_dim = 0;
  bool causal = false;
  // Additive bias, [heads][seq][seq] or [seq][seq] (shared by all heads), or none.
  enum class Bias { none, per_head, shared } bias = Bias::none;
};
Error validate(const AttentionParams& p);
int64_t attention_bias_size(const AttentionParams& p);  // elements the bias must have

// q, k, v, output: [seq_len][heads][head_dim]; weights: [heads][seq_len][seq_len]. Fully masked rows
// cannot happen (the diagonal is always visible), and -inf bias entries get weight 0.
void attention(const AttentionParams& p, const float* q, const float* k, const float* v, const float* bias,
               float* output, float* weights);

}  // namespace posenc
