// Scaled dot-product attention as models run it: softmax(softcap(q k^T * scale) + bias) v, per head, with
// grouped-query heads (kv_heads < heads), and queries that are the last seq_len of key_len positions (a decode
// step against a KV cache).
// Every output row is computed from its own inputs in a fixed order, so permuting the input rows
// permutes the output rows bit for bit (what the permutation demo shows).
#pragma once
#include <cstdint>

#include "posenc/error.hpp"

namespace posenc {

struct AttentionParams {
  int64_t seq_len = 0, heads = 0, head_dim = 0;
  int64_t kv_heads = 0;  // 0: heads. Query head h reads key/value head h / (heads / kv_heads).
  int64_t key_len = 0;   // 0: seq_len. Query i sits at position key_len - seq_len + i.
  double scale = 0;      // 0: 1 / sqrt(head_dim)
  double softcap = 0;    // 0: none; else scores become softcap * tanh(scores / softcap) (Gemma 2), before the bias
  bool causal = false;   // key j is visible to query i when j <= key_len - seq_len + i
  // Additive bias, [heads][seq][key] or [seq][key] (shared by all heads), or none.
  enum class Bias { none, per_head, shared } bias = Bias::none;
};
Error validate(const AttentionParams& p);
int64_t attention_bias_size(const AttentionParams& p);  // elements the bias must have

int64_t attention_kv_heads(const AttentionParams& p);
int64_t attention_key_len(const AttentionParams& p);

// q, output: [seq_len][heads][head_dim]; k, v: [key_len][kv_heads][head_dim]; weights: [heads][seq_len][key_len].
// -inf bias entries get weight 0, and a row with every key masked gets zero weights and a zero output.
void attention(const AttentionParams& p, const float* q, const float* k, const float* v, const float* bias,
               float* output, float* weights);

}  // namespace posenc
