// RoPE's parameters and frequencies: validation of RopeParams (the rope_scaling variants), the inverse
// frequencies of each scaling type and the attention factor, as transformers' modeling_rope_utils.py
// computes them. rope.cpp applies them to tensors.
#include "posenc/rope.hpp"

#include <algorithm>
#include <cmath>

#include "internal.hpp"

namespace posenc {
namespace {

constexpr double kPi = 3.14159265358979323846;

// An optional scaling value in (min_exclusive, max]; the bounds keep every derived frequency finite.
Error check_range(const std::optional<double>& v, const char* name, bool required, double min_exclusive = 0,
                  double max = 1e6) {
  if (!v) return required ? range_error(std::string(name) + " is required for this scaling type") : Error{};
  if (auto e = check_finite(*v, name)) return e;
  if (!(*v > min_exclusive && *v <= max))
    return range_error(std::string(name) + " must be greater than " + format_number(min_exclusive) +
                       " and at most " + format_number(max) + " (got " + format_number(*v) + ")");
  return {};
}

Error check_factors(const double* f, int64_t size, int64_t expected, const char* name) {
  if (!f) return range_error(std::string(name) + " is required for longrope scaling");
  if (size != expected)
    return range_error(std::string(name) + " must have rotaryDim/2 = " + std::to_string(expected) +
                       " values (got " + std::to_string(size) + ")");
  for (int64_t i = 0; i < size; ++i)
    if (!(f[i] >= 1e-6 && f[i] <= 1e6))
      return range_error(std::string(name) + "[" + std::to_string(i) + "] must be a number from 1e-6 to 1e6");
  return {};
}

// The pretrained context length: original_max_position_embeddings, else max_position_embeddings.
double original_length(const RopeScaling& s) {
  return s.original_max_position_embeddings ? *s.original_max_position_embeddings : *s.max_position_embeddings;
}

double yarn_mscale(double scale, double mscale) { return scale <= 1 ? 1.0 : 0.1 * mscale * std::log(scale) + 1.0; }

// LongRoPE (transformers, after Phi-3): with both lengths given, their ratio replaces `factor`.
double longrope_factor(const RopeScaling& s) {
  if (s.original_max_position_embeddings && s.max_position_embeddings)
    return *s.max_position_embeddings / *s.original_max_position_embeddings;
  return s.factor ? *s.factor : 1.0;
}

}  // namespace

double rope_attention_factor(const RopeParams& p) {
  const RopeScaling& s = p.scaling;
  if (s.attention_factor && (s.type == RopeType::yarn || s.type == RopeType::longrope)) return *s.attention_factor;
  if (s.type == RopeType::yarn) {
    const double factor = *s.factor;
    if (s.mscale && s.mscale_all_dim && *s.mscale != 0 && *s.mscale_all_dim != 0)
      return yarn_mscale(factor, *s.mscale) / yarn_mscale(factor, *s.mscale_all_dim);
    return yarn_mscale(factor, 1.0);
  }
  if (s.type == RopeType::longrope) {
    const double factor = longrope_factor(s);
    return factor <= 1 ? 1.0 : std::sqrt(1 + std::log(factor) / std::log(original_length(s)));
  }
  return 1.0;
}

int64_t rope_rotary_dim(const RopeParams& p) {
  return static_cast<int64_t>(static_cast<double>(p.head_dim) * p.partial_rotary_factor);
}

Error validate(const RopeParams& p) {
  if (auto e = check_count(p.head_dim, "headDim", kMaxDim)) return e;
  if (auto e = check_finite(p.base, "base")) return e;
  if (!(p.base > 1)) return range_error("base must be greater than 1 (got " + format_number(p.base) + ")");
  if (auto e = check_finite(p.partial_rotary_factor, "partialRotaryFactor")) return e;
  if (!(p.partial_rotary_factor > 0 && p.partial_rotary_factor <= 1))
    return range_error("partialRotaryFactor must be in (0, 1] (got " + format_number(p.partial_rotary_factor) + ")");
  const int64_t dim = rope_rotary_dim(p);
  if (dim < 2 || dim % 2)
    return range_error("headDim x partialRotaryFactor must give an even rotary dimension of at least 2 (got " +
                       std::to_string(dim) + ")");
  const RopeScaling& s = p.scaling;
  const bool needs_factor = s.type != RopeType::standard && s.type != RopeType::longrope;
  if (auto e = check_range(s.factor, "scaling.factor", needs_factor)) return e;
  if (s.factor && needs_factor && *s.factor < 1)
    return range_error("scaling.factor must be at least 1 (got " + format_number(*s.factor) + ")");
  const double kMaxLength = static_cast<double>(kMaxPosition);
  if (auto e = check_range(s.max_position_embeddings, "scaling.maxPositionEmbeddings", false, 0, kMaxLength)) return e;
  if (auto e = check_range(s.original_max_position_embeddings, "scaling.originalMaxPositionEmbeddings", false, 0,
                           kMaxLength))
    return e;
  if (auto e = check_range(s.seq_len, "scaling.seqLen", false, 0, kMaxLength)) return e;
  const bool needs_length = s.type == RopeType::dynamic || s.type == RopeType::yarn || s.type == RopeType::llama3 ||
                            s.type == RopeType::longrope;
  if (needs_length && !s.original_max_position_embeddings && !s.max_position_embeddings)
    return range_error("scaling.originalMaxPositionEmbeddings is required for this scaling type");
  if (s.type == RopeType::llama3 && !s.original_max_position_embeddings)
    return range_error("scaling.originalMaxPositionEmbeddings is required for llama3 scaling");
  // Rotation counts; below 1e-6, orig / (beta 2 pi) overflows for the longest contexts.
  if (auto e = check_range(s.beta_fast, "scaling.betaFast", false, 1e-6)) return e;
  if (auto e = check_range(s.beta_slow, "scaling.betaSlow", false, 1e-6)) return e;
  if (auto e = check_range(s.mscale, "scaling.mscale", false, -1e6)) return e;
  if (auto e = check_range(s.mscale_all_dim, "scaling.mscaleAllDim", false, -1e6)) return e;
  if (auto e = check_range(s.attention_factor, "scaling.attentionFactor", false)) return e;
  if (s.type == RopeType::llama3) {
    if (auto e = check_range(s.low_freq_factor, "scaling.lowFreqFactor", true)) return e;
    if (auto e = check_range(s.high_freq_factor, "scaling.highFreqFactor", true)) return e;
    // equal factors (Llama 4 Scout: 1 and 1) leave no band between the kept and the divided wavelengths
    if (!(*s.high_freq_factor >= *s.low_freq_factor))
      return range_error("scaling.highFreqFactor must be at least scaling.lowFreqFactor");
  }
  if (s.type == RopeType::longrope) {
    if (auto e = check_factors(s.short_factor, s.short_factor_size, dim / 2, "scaling.shortFactor")) return e;
    if (auto e = check_factors(s.long_factor, s.long_factor_size, dim / 2, "scaling.longFactor")) return e;
  }
  // LongRoPE's attention factor comes from `factor` or, as for Phi-3, from max / original length: with
  // neither it would quietly be 1 (Phi-3-mini-128k needs 1.19: cos and sin would come out that much too small).
  if (s.type == RopeType::longrope && !s.attention_factor && !s.factor &&
      !(s.original_max_position_embeddings && s.max_position_embeddings))
    return range_error(s.original_max_position_embeddings
                           ? "scaling.maxPositionEmbeddings is required for longrope scaling with "
                             "originalMaxPositionEmbeddings: their ratio sets the attention factor (or give "
                             "scaling.factor or scaling.attentionFactor)"
                           : "scaling.factor is required for longrope scaling: it sets the attention factor (or give "
                             "scaling.originalMaxPositionEmbeddings and scaling.maxPositionEmbeddings, or "
                             "scaling.attentionFactor)");
  if (s.type == RopeType::longrope && !(longrope_factor(s) >= 1e-6 && longrope_factor(s) <= 1e6))
    return range_error("scaling.maxPositionEmbeddings / scaling.originalMaxPositionEmbeddings must be from 1e-6 to 1e6");
  // cos and sin are multiplied by it: it must keep rotated values finite (mscale pairs can make it 0 or
  // blow it up, found by the fuzzer).
  const double attention = rope_attention_factor(p);
  if (!(attention > 0 && attention <= 1e3))
    return range_error("the attention factor from scaling (attentionFactor, mscale, mscaleAllDim) must be in (0, 1000] (got " +
                       format_number(attention) + ")");
  return {};
}

double rope_inv_freq(const RopeParams& p, double seq_len, double* inv) {
  const RopeScaling& s = p.scaling;
  const int64_t dim = rope_rotary_dim(p), n = dim / 2;
  if (s.seq_len) seq_len = *s.seq_len;
  double base = p.base;
  if (s.type == RopeType::dynamic) {
    // NTK-aware: grow the base once the sequence outgrows max_position_embeddings (transformers reads that
    // one, not original_max_position_embeddings, which serves only when it is the length given).
    const double mpe = s.max_position_embeddings ? *s.max_position_embeddings : *s.original_max_position_embeddings;
    const double factor = *s.factor;
    const double seq = std::max(seq_len, mpe);
    base = base * std::pow(factor * seq / mpe - (factor - 1), static_cast<double>(dim) / (dim - 2));
  }
  for (int64_t i = 0; i < n; ++i) inv[i] = 1.0 / std::pow(base, static_cast<double>(2 * i) / dim);

  switch (s.type) {
    case RopeType::standard:
    case RopeType::dynamic:
      break;
    case RopeType::linear:
      for (int64_t i = 0; i < n; ++i) inv[i] /= *s.factor;
      break;
    case RopeType::yarn: {
      // `factor` as given, as current transformers does: some releases replaced it by maxPositionEmbeddings /
      // originalMaxPositionEmbeddings, a bug (huggingface/transformers#38224).
      const double orig = original_length(s), factor = *s.factor;
      const double beta_fast = s.beta_fast ? *s.beta_fast : 32, beta_slow = s.beta_slow ? *s.beta_slow : 1;
      auto correction_dim = [&](double rotations) {
        return dim * std::log(orig / (rotations * 2 * kPi)) / (2 * std::log(p.base));
      };
      double low = correction_dim(beta_fast), high = correction_dim(beta_slow);
      if (s.truncate) { low = std::floor(low); high = std::ceil(high); }
      low = std::max(low, 0.0);
      high = std::min(high, static_cast<double>(dim - 1));
      if (low == high) high += 0.001;  // transformers: avoid a zero-width ramp
      for (int64_t i = 0; i < n; ++i) {
        const double ramp = std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
        const double extrapolation = 1 - ramp;
        inv[i] = inv[i] / factor * (1 - extrapolation) + inv[i] * extrapolation;
      }
      break;
    }
    case RopeType::llama3: {
      const double factor = *s.factor, low = *s.low_freq_factor, high = *s.high_freq_factor;
      const double orig = *s.original_max_position_embeddings;
      const double low_wavelen = orig / low, high_wavelen = orig / high;
      for (int64_t i = 0; i < n; ++i) {
        const double wavelen = 2 * kPi / inv[i];
        if (wavelen > low_wavelen) inv[i] /= factor;
        else if (!(wavelen < high_wavelen) && high > low) {
          const double smooth = (orig / wavelen - low) / (high - low);
          inv[i] = (1 - smooth) * inv[i] / factor + smooth * inv[i];
        }
      }
      break;
    }
    case RopeType::longrope: {
      const double orig = original_length(s);
      const double* ext = seq_len > orig ? s.long_factor : s.short_factor;
      for (int64_t i = 0; i < n; ++i) inv[i] /= ext[i];
      break;
    }
  }
  return rope_attention_factor(p);
}

}  // namespace posenc
