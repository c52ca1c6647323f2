// The smaller methods and attention: learned tables, ALiBi slopes and bias, T5 buckets, position ids, and
// attention's permutation equivariance and overflow regressions. RoPE, sinusoidal tables and similarity
// have files of their own.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "helpers.hpp"
#include "posenc/alibi.hpp"
#include "posenc/attention.hpp"
#include "posenc/learned.hpp"
#include "posenc/position_ids.hpp"
#include "posenc/t5.hpp"

using namespace posenc;
using posenc::testing::noise;

TEST_CASE("learned tables are the same in every build and keep their boundary") {
  LearnedParams p{3, 4, 0, 0.02};
  std::vector<float> t(12);
  learned(p, t.data());
  // Golden values from the WASM SIMD build: native SSE2 and scalar builds must give the same floats.
  CHECK(t[0] == 0.01996953971683979f);
  CHECK(t[1] == 0.02635718695819378f);
  CHECK(t[11] == 0.003984008450061083f);
  CHECK(validate_position(p, 2).kind == ErrorKind::none);
  CHECK_THAT(validate_position(p, 3).message, Catch::Contains("positions"));
  CHECK(validate_position(p, -1).kind == ErrorKind::range);
  LearnedParams big{256, 256, 7, 0.02};
  std::vector<float> b(256 * 256);
  learned(big, b.data());
  double mean = 0, sq = 0;
  for (float x : b) { mean += x; sq += static_cast<double>(x) * x; }
  mean /= b.size();
  CHECK(std::fabs(mean) < 0.0005);
  CHECK(std::sqrt(sq / b.size() - mean * mean) == Approx(0.02).epsilon(0.02));
}

TEST_CASE("fuzzer regressions") {
  // A huge std made float32 draws overflow to infinity (found by tests/fuzz, crash-48ea91e1).
  CHECK_THAT(validate(LearnedParams{4, 4, 0, 1e300}).message, Catch::Contains("std"));
  CHECK(!validate(LearnedParams{4, 4, 0, 1e6}));
}

TEST_CASE("ALiBi slopes for powers of two and the in-between rule") {
  std::vector<float> s(12);
  alibi_slopes(8, s.data());
  CHECK(s[0] == 0.5f);
  CHECK(s[7] == 1.0f / 256);
  alibi_slopes(12, s.data());
  CHECK(s[7] == 1.0f / 256);
  CHECK(s[8] == Approx(std::pow(2.0, -0.5)));  // every other slope of the 16-head set
  CHECK(s[9] == Approx(std::pow(2.0, -1.5)));
  AlibiParams p{1, 3, true};
  std::vector<float> b(9);
  const float slope = 1.0f / 256;
  alibi_bias_rows(p, &slope, 0, 3, b.data());
  CHECK(b[0] == 0.0f);
  CHECK(std::isinf(b[1]));
  CHECK(b[6] == Approx(-2.0 / 256));
}

TEST_CASE("ALiBi rows without a slope array (the derived binding's kernel) equal the rows with alibi_slopes") {
  for (int64_t heads : {1, 5, 8, 12}) {
    std::vector<float> slopes(static_cast<size_t>(heads));
    alibi_slopes(heads, slopes.data());
    for (int64_t h = 0; h < heads; ++h) CHECK(alibi_slope(heads, h) == slopes[static_cast<size_t>(h)]);
    for (bool causal : {true, false}) {
      const AlibiParams p{heads, 5, causal};
      const int64_t rows = heads * p.length;
      std::vector<float> with(static_cast<size_t>(rows * p.length)), without(with.size());
      alibi_bias_rows(p, slopes.data(), 0, rows, with.data());
      alibi_bias_rows(p, 0, 3, without.data());  // in two chunks, the second starting mid-head
      alibi_bias_rows(p, 3, rows - 3, without.data() + 3 * p.length);
      CHECK(with == without);
    }
  }
}

TEST_CASE("T5 buckets: exact, logarithmic and capped regions") {
  T5BucketParams bi{true, 32, 128};
  CHECK(t5_bucket(0, bi) == 0);
  CHECK(t5_bucket(-7, bi) == 7);
  CHECK(t5_bucket(7, bi) == 23);
  CHECK(t5_bucket(-8, bi) == 8);
  CHECK(t5_bucket(-1000, bi) == 15);
  CHECK(t5_bucket(1000, bi) == 31);
  T5BucketParams causal{false, 32, 128};
  CHECK(t5_bucket(5, causal) == 0);
  CHECK(t5_bucket(-20, causal) == 17);  // 16 + floor(ln(20/16) / ln(128/16) * 16)
  CHECK(t5_bucket(-1000, causal) == 31);
  // Where the quotient lands on an integer, transformers' float32 decides (double gave 4, 5 and 27).
  CHECK(t5_bucket(-8, T5BucketParams{true, 18, 128}) == 5);
  CHECK(t5_bucket(-16, T5BucketParams{true, 18, 128}) == 6);
  CHECK(t5_bucket(-30, T5BucketParams{true, 72, 50}) == 26);
  CHECK_THAT(validate(T5BucketParams{true, 2, 128}).message, Catch::Contains("numBuckets"));
  CHECK_THAT(validate(T5BucketParams{true, 32, 4}).message, Catch::Contains("maxDistance"));
}

TEST_CASE("position ids: RoBERTa and generation conventions") {
  const int32_t ids[] = {0, 5, 6, 1, 1};
  int32_t out[5];
  position_ids_roberta(ids, 5, 1, 0, out);
  CHECK(std::vector<int32_t>(out, out + 5) == std::vector<int32_t>{2, 3, 4, 1, 1});
  position_ids_roberta(ids, 5, 1, 3, out);
  CHECK(out[0] == 5);
  const int32_t mask[] = {0, 0, 1, 1};
  position_ids_generation(mask, 4, out);
  CHECK(std::vector<int32_t>(out, out + 4) == std::vector<int32_t>{1, 1, 0, 1});
  const int32_t bad[] = {0, 2};
  CHECK_THAT(validate_mask(bad, 2).message, Catch::Contains("mask[1]"));
  // The largest id, pad + past + n, must fit in int32 (2^30 + 2^30 + 2 used to wrap negative).
  CHECK_THAT(validate_roberta(int64_t{1} << 30, int64_t{1} << 30, 2).message, Catch::Contains("padTokenId + pastLength"));
  CHECK(!validate_roberta(int64_t{1} << 30, (int64_t{1} << 30) - 2, 1));
}

TEST_CASE("attention without positions is permutation-equivariant bit for bit") {
  const int64_t L = 5, H = 2, D = 4, row = H * D;
  const auto q = noise(L * row, 1), k = noise(L * row, 2), v = noise(L * row, 3);
  const int64_t perm[] = {3, 0, 4, 1, 2};
  std::vector<float> pq(q.size()), pk(k.size()), pv(v.size());
  for (int64_t i = 0; i < L; ++i)
    for (int64_t c = 0; c < row; ++c) {
      pq[i * row + c] = q[perm[i] * row + c];
      pk[i * row + c] = k[perm[i] * row + c];
      pv[i * row + c] = v[perm[i] * row + c];
    }
  AttentionParams p{L, H, D};
  std::vector<float> out(L * row), w(H * L * L), pout(L * row), pw(H * L * L);
  attention(p, q.data(), k.data(), v.data(), nullptr, out.data(), w.data());
  attention(p, pq.data(), pk.data(), pv.data(), nullptr, pout.data(), pw.data());
  for (int64_t i = 0; i < L; ++i)
    for (int64_t c = 0; c < row; ++c) CHECK(pout[i * row + c] == out[perm[i] * row + c]);
  for (int64_t h = 0; h < H; ++h)
    for (int64_t i = 0; i < L; ++i) {
      double total = 0;
      for (int64_t j = 0; j < L; ++j) total += w[(h * L + i) * L + j];
      CHECK(total == Approx(1.0));
    }
}

TEST_CASE("attention regressions: huge scores stay finite (found by the JS random-argument test)") {
  // k held 9.007e15, so scores of ~1e16 were rounded to float before the exponent: inf / inf = NaN.
  const float q[] = {1.6630250f, 1.0f}, k[] = {9007199254740992.0f, 0.5f}, v[] = {1, 2};
  AttentionParams p{2, 1, 1};
  float out[2], w[4];
  attention(p, q, k, v, nullptr, out, w);
  for (float x : out) CHECK(std::isfinite(x));
  for (float x : w) CHECK(std::isfinite(x));
  const float huge[] = {3e38f, 3e38f};
  attention(p, huge, huge, v, nullptr, out, w);
  for (float x : out) CHECK(std::isfinite(x));
}

TEST_CASE("causal attention needs at least seqLen keys (issue 32: fewer left the first queries all-zero)") {
  AttentionParams p{4, 1, 2};
  p.key_len = 2;
  CHECK(!validate(p));  // without causal, fewer keys than queries is fine (every query sees every key)
  p.causal = true;
  const Error e = validate(p);
  CHECK(e.kind == ErrorKind::range);
  CHECK_THAT(e.message, Catch::Contains("keyLength must be at least seqLen"));
  p.key_len = 4;
  CHECK(!validate(p));
}
