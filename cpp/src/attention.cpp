#include "posenc/attention.hpp"

#include <cmath>
#include <limits>

namespace posenc {

Error validate(const AttentionParams& p) {
  if (auto e = check_count(p.seq_len, "seqLen", kMaxAttentionLength)) return e;
  if (auto e = check_count(p.heads, "heads", kMaxHeads)) return e;
  if (auto e = check_count(p.head_dim, "headDim", kMaxDim)) return e;
  if (p.kv_heads != 0) {
    if (auto e = check_count(p.kv_heads, "kvHeads", kMaxHeads)) return e;
    if (p.heads % p.kv_heads != 0)
      return range_error("kvHeads must divide heads (" + std::to_string(p.heads) + " query heads share " +
                         std::to_string(p.kv_heads) + " key/value heads; got kvHeads " + std::to_string(p.kv_heads) + ")");
  }
  if (p.key_len != 0)
    if (auto e = check_count(p.key_len, "keyLength", kMaxAttentionLength)) return e;
  // the queries are the last seqLen keys' positions: with fewer keys, the first queries would sit before
  // position 0 and, causal, see no key at all (rows of zero weights)
  if (p.causal && p.key_len != 0 && p.key_len < p.seq_len)
    return range_error("keyLength must be at least seqLen with causal attention (got keyLength " +
                       std::to_string(p.key_len) + ", seqLen " + std::to_string(p.seq_len) +
                       "): query i sits at position keyLength - seqLen + i");
  if (p.scale != 0)
    if (auto e = check_finite(p.scale, "scale")) return e;
  if (!(p.softcap >= 0 && p.softcap <= 1e30))
    return range_error("softcap must be a positive number, or 0 for none (got " + format_number(p.softcap) + ")");
  const int64_t keys = attention_key_len(p);
  if (auto e = check_product(p.seq_len, p.heads, p.head_dim, "seqLen x heads x headDim input", kMaxResidentElements))
    return e;
  if (auto e = check_product(keys, attention_kv_heads(p), p.head_dim, "keyLength x kvHeads x headDim input", kMaxResidentElements))
    return e;
  return check_product(p.heads, p.seq_len, keys, "heads x seqLen x keyLength weights", kMaxResidentElements);
}

int64_t attention_kv_heads(const AttentionParams& p) { return p.kv_heads ? p.kv_heads : p.heads; }
int64_t attention_key_len(const AttentionParams& p) { return p.key_len ? p.key_len : p.seq_len; }

int64_t attention_bias_size(const AttentionParams& p) {
  if (p.bias == AttentionParams::Bias::none) return 0;
  return (p.bias == AttentionParams::Bias::per_head ? p.heads : 1) * p.seq_len * attention_key_len(p);
}

void attention(const AttentionParams& p, const float* q, const float* k, const float* v, const float* bias,
               float* output, float* weights) {
  const int64_t L = p.seq_len, K = attention_key_len(p), H = p.heads, D = p.head_dim, row = H * D;
  const int64_t kv_row = attention_kv_heads(p) * D, group = H / attention_kv_heads(p), past = K - L;
  const double scale = p.scale != 0 ? p.scale : 1.0 / std::sqrt(static_cast<double>(D));
  const double neg_inf = -std::numeric_limits<double>::infinity();
  for (int64_t h = 0; h < H; ++h) {
    const float* head_bias = p.bias == AttentionParams::Bias::per_head ? bias + h * L * K : bias;
    const int64_t kv = (h / group) * D;  // this query head's key/value head
    for (int64_t i = 0; i < L; ++i) {
      float* w = weights + (h * L + i) * K;
      const float* qi = q + i * row + h * D;
      // Scores are kept as float in `w`: the max and the exponentials use those same stored values, so the
      // largest term is exactly exp(0) = 1 (no overflow to inf/inf = NaN). Finite scores beyond float range
      // are clamped to it; -inf (masked) stays -inf.
      const double big = std::numeric_limits<float>::max();
      float max_score = -std::numeric_limits<float>::infinity();
      for (int64_t j = 0; j < K; ++j) {
        double score = neg_inf;
        if (!(p.causal && j > past + i)) {
          const float* kj = k + j * kv_row + kv;
          double dot = 0;
          for (int64_t d = 0; d < D; ++d) dot += static_cast<double>(qi[d]) * kj[d];
          score = dot * scale;
          if (p.softcap != 0) score = p.softcap * std::tanh(score / p.softcap);
          score += head_bias ? head_bias[i * K + j] : 0.0;
          if (score != neg_inf) score = score > big ? big : score < -big ? -big : score;
        }
        w[j] = static_cast<float>(score);
        if (w[j] > max_score) max_score = w[j];
      }
      double total = 0;
      for (int64_t j = 0; j < K; ++j) total += std::exp(static_cast<double>(w[j]) - max_score);
      // A row whose every score is -inf (a bias that masks everything) gets zero weights, not NaN.
      const bool empty = !(max_score > -std::numeric_limits<float>::infinity());
      for (int64_t j = 0; j < K; ++j)
        w[j] = empty ? 0.f : static_cast<float>(std::exp(static_cast<double>(w[j]) - max_score) / total);
      float* out = output + i * row + h * D;
      for (int64_t d = 0; d < D; ++d) {
        double acc = 0;
        for (int64_t j = 0; j < K; ++j) acc += static_cast<double>(w[j]) * v[j * kv_row + kv + d];
        out[d] = static_cast<float>(acc);
      }
    }
  }
}

}  // namespace posenc
