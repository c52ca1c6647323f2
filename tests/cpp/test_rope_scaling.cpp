// RoPE's frequencies: the scaling types (linear, llama3, YaRN, LongRoPE), their attention factors, and the
// validation that keeps every frequency finite (values found by the fuzzer and in review).
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "internal.hpp"
#include "posenc/rope.hpp"

using namespace posenc;

TEST_CASE("RoPE scaling: linear, llama3 and YaRN frequencies and attention factors") {
  RopeParams p;
  p.head_dim = 128;
  p.base = 500000;
  std::vector<double> inv(64), plain(64);
  rope_inv_freq(p, 0, plain.data());
  p.scaling.type = RopeType::linear;
  p.scaling.factor = 4;
  REQUIRE(!validate(p));
  rope_inv_freq(p, 0, inv.data());
  CHECK(inv[10] == Approx(plain[10] / 4));
  p.scaling = {};
  p.scaling.type = RopeType::llama3;
  p.scaling.factor = 8;
  p.scaling.low_freq_factor = 1;
  p.scaling.high_freq_factor = 4;
  p.scaling.original_max_position_embeddings = 8192;
  REQUIRE(!validate(p));
  CHECK(rope_inv_freq(p, 0, inv.data()) == 1.0);
  CHECK(inv[0] == plain[0]);                    // high frequency: kept
  CHECK(inv[63] == Approx(plain[63] / 8));      // low frequency: divided by the factor
  // Llama 4 Scout: equal factors leave no smoothed band, every pair is kept or divided (no NaN)
  p.scaling.high_freq_factor = 1;
  REQUIRE(!validate(p));
  rope_inv_freq(p, 0, inv.data());
  for (int i = 0; i < 64; ++i) CHECK((inv[i] == plain[i] || inv[i] == Approx(plain[i] / 8)));
  p.scaling.high_freq_factor = 0.5;
  CHECK_THAT(validate(p).message, Catch::Contains("highFreqFactor must be at least scaling.lowFreqFactor"));
  p.scaling = {};
  p.scaling.type = RopeType::yarn;
  p.scaling.factor = 4;
  p.scaling.original_max_position_embeddings = 4096;
  REQUIRE(!validate(p));
  CHECK(rope_inv_freq(p, 0, inv.data()) == Approx(0.1 * std::log(4.0) + 1));
  p.scaling.type = RopeType::llama3;
  p.scaling.low_freq_factor.reset();
  CHECK_THAT(validate(p).message, Catch::Contains("lowFreqFactor"));
}

TEST_CASE("LongRoPE: the attention factor needs factor, both lengths or attentionFactor (the Phi-3 trap)") {
  RopeParams p;
  p.head_dim = 96;  // Phi-3-mini: 48 pairs
  p.base = 10000;
  const std::vector<double> factors(48, 1.0);
  p.scaling.type = RopeType::longrope;
  p.scaling.short_factor = factors.data();
  p.scaling.short_factor_size = 48;
  p.scaling.long_factor = factors.data();
  p.scaling.long_factor_size = 48;
  p.scaling.original_max_position_embeddings = 4096;
  // only the original length: the factor would silently be 1, so the attention factor too
  CHECK_THAT(validate(p).message, Catch::StartsWith("scaling.maxPositionEmbeddings is required"));
  p.scaling.max_position_embeddings = 131072;  // Phi-3-mini-128k: factor 32 from the two lengths
  REQUIRE(!validate(p));
  CHECK(rope_attention_factor(p) == Approx(std::sqrt(1 + std::log(32.0) / std::log(4096.0))));
  p.scaling.original_max_position_embeddings.reset();  // one length alone: nothing to take a ratio of
  CHECK_THAT(validate(p).message, Catch::StartsWith("scaling.factor is required"));
  p.scaling.factor = 32;
  CHECK(!validate(p));
  p.scaling.factor.reset();
  p.scaling.attention_factor = 1.25;  // given directly: nothing to infer
  CHECK(!validate(p));
}

TEST_CASE("fuzzer regressions: RoPE scaling values that made frequencies or the attention factor overflow") {
  RopeParams p;
  p.head_dim = 16;
  p.base = 3;
  p.scaling.type = RopeType::yarn;
  p.scaling.factor = 3.87759e307;  // crash-b5f0bd48: effective factor 0.5 / 2.7e303 made inv_freq infinite
  p.scaling.original_max_position_embeddings = 2.73466e303;
  p.scaling.max_position_embeddings = 0.5;
  CHECK_THAT(validate(p).message, Catch::Contains("scaling.factor"));
  p.scaling.factor = 4;
  CHECK_THAT(validate(p).message, Catch::Contains("scaling.originalMaxPositionEmbeddings"));
  p.scaling = {};
  p.scaling.type = RopeType::yarn;
  p.scaling.factor = 4;
  p.scaling.original_max_position_embeddings = 4096;
  p.scaling.mscale = 1;
  p.scaling.mscale_all_dim = -1 / (0.1 * std::log(4.0));  // crash-d65ca633: get_mscale(...) = 0 in the denominator
  CHECK_THAT(validate(p).message, Catch::Contains("attentionFactor"));
}

TEST_CASE("review regressions: YaRN betaFast/betaSlow so small that the correction range overflowed") {
  RopeParams p;
  p.head_dim = 8;
  p.scaling.type = RopeType::yarn;
  p.scaling.factor = 4;
  p.scaling.max_position_embeddings = 4096;
  p.scaling.beta_fast = 1e-320;
  CHECK_THAT(validate(p).message, Catch::Contains("scaling.betaFast"));
  p.scaling.beta_fast = 32;
  p.scaling.beta_slow = 1e-300;
  CHECK_THAT(validate(p).message, Catch::Contains("scaling.betaSlow"));
  p.scaling.beta_slow = 2e-6;  // just above the bound: every frequency stays finite at the longest context
  p.scaling.max_position_embeddings = static_cast<double>(kMaxPosition);
  REQUIRE(!validate(p));
  double inv[4];
  rope_inv_freq(p, 1, inv);
  for (double f : inv) CHECK(std::isfinite(f));
}
