#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "internal.hpp"
#include "posenc/alibi.hpp"
#include "posenc/attention.hpp"
#include "posenc/learned.hpp"
#include "posenc/metrics.hpp"
#include "posenc/position_ids.hpp"
#include "posenc/rope.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/t5.hpp"

using namespace posenc;

namespace {
std::vector<float> noise(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  LearnedParams p{1, static_cast<int64_t>(n), seed, 1.0};
  learned_row(p, 0, v.data());
  return v;
}
double dot(const float* a, const float* b, int64_t n) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += static_cast<double>(a[i]) * b[i];
  return s;
}
}  // namespace

TEST_CASE("streaming a table in chunks gives the same bits as one pass") {
  SinusoidalParams p{200, 48, 10000, 12345, Layout::interleaved};
  std::vector<float> whole(200 * 48), chunked(200 * 48);
  sinusoidal(p, whole.data());
  detail::OwnedWorkspace ws(SinusoidalPlan::workspace_bytes(p.d_model));
  SinusoidalPlan plan(p, ws.get());
  for (int64_t first = 0; first < 200; first += 32) plan.rows(first, std::min<int64_t>(32, 200 - first), chunked.data() + first * 48);
  CHECK(whole == chunked);
}

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

TEST_CASE("RoPE preserves norms and scores depend on m - n only") {
  for (RopeConvention convention : {RopeConvention::half, RopeConvention::interleaved}) {
    const int64_t D = 36;
    RopeApplyParams p;
    p.seq_len = 1;
    p.heads = 1;
    p.convention = convention;
    p.rope.head_dim = D;
    auto rotate_at = [&](std::vector<float> x, int64_t position) {
      RopeApplyParams at = p;
      at.offset = position;
      rope_apply(at, x.data());
      return x;
    };
    const std::vector<float> q = noise(D, 1), k = noise(D, 2);
    for (int64_t m : {0, 7, 1000, 999999}) {
      const auto rq = rotate_at(q, m);
      CHECK(std::sqrt(dot(rq.data(), rq.data(), D)) == Approx(std::sqrt(dot(q.data(), q.data(), D))).epsilon(1e-6));
    }
    const double s1 = dot(rotate_at(q, 10).data(), rotate_at(k, 3).data(), D);
    const double s2 = dot(rotate_at(q, 5010).data(), rotate_at(k, 5003).data(), D);
    CHECK(s1 == Approx(s2).epsilon(1e-5));
  }
}

TEST_CASE("RoPE partial rotation leaves the tail and rotates pairs as documented") {
  RopeApplyParams p;
  p.seq_len = 1;
  p.heads = 1;
  p.offset = 1;
  p.rope.head_dim = 8;
  p.rope.partial_rotary_factor = 0.5;  // rotary dim 4: channels 0..3 rotate
  std::vector<float> x = {1, 0, 0, 0, 5, 6, 7, 8};
  rope_apply(p, x.data());
  // half convention: channel 0 pairs with channel 2, frequency 1 at position 1.
  CHECK(x[0] == Approx(std::cos(1.0)));
  CHECK(x[2] == Approx(std::sin(1.0)));
  CHECK(x[4] == 5);
  CHECK(x[7] == 8);
  p.convention = RopeConvention::interleaved;
  x = {1, 0, 0, 0, 5, 6, 7, 8};
  rope_apply(p, x.data());
  CHECK(x[0] == Approx(std::cos(1.0)));
  CHECK(x[1] == Approx(std::sin(1.0)));
}

TEST_CASE("RoPE from a source into a separate destination equals rotating in place, tail included") {
  for (RopeConvention convention : {RopeConvention::half, RopeConvention::interleaved}) {
    RopeApplyParams p;
    p.seq_len = 37;  // crosses rotor blocks
    p.heads = 3;
    p.offset = 1000;
    p.convention = convention;
    p.rope.head_dim = 20;
    p.rope.partial_rotary_factor = 0.6;  // rotary dim 12: 8 channels per head pass through
    REQUIRE_FALSE(validate(p));
    const std::vector<float> x = noise(static_cast<size_t>(p.seq_len * p.heads * p.rope.head_dim), 11);
    std::vector<float> in_place = x, out(x.size(), -99.f);
    std::vector<unsigned char> ws(RopeApplier::workspace_bytes(p) + 16);
    void* aligned = reinterpret_cast<void*>((reinterpret_cast<uintptr_t>(ws.data()) + 15) & ~uintptr_t{15});
    RopeApplier(p, aligned).rotate(0, p.seq_len, in_place.data());
    RopeApplier applier(p, aligned);
    applier.rotate(0, 16, x.data(), out.data());  // in two calls, as the bindings stream it
    const int64_t row = p.heads * p.rope.head_dim;
    applier.rotate(16, p.seq_len - 16, x.data() + 16 * row, out.data() + 16 * row);
    for (size_t i = 0; i < x.size(); ++i) REQUIRE(out[i] == in_place[i]);
  }
}

TEST_CASE("RoPE on real tensors: batch, both layouts, positionIds, a channel range and DeepSeek's order") {
  const int64_t B = 2, S = 19, H = 3, D = 8, stride = 12, offset = 4;  // 4 channels per head before the rotary part
  // positions per token: left padding in batch 0 (three pads at 1), a packed pair of sequences in batch 1
  std::vector<int64_t> positions(B * S);
  for (int64_t s = 0; s < S; ++s) {
    positions[s] = s < 3 ? 1 : s - 3;
    positions[S + s] = s < 11 ? s : s - 11;
  }
  // One head vector at one position, through the plain single-token call: the reference for every layout.
  auto single = [&](const float* head, int64_t position, RopeConvention convention) {
    RopeApplyParams one;
    one.seq_len = one.heads = 1;
    one.offset = position;
    one.convention = convention == RopeConvention::deinterleave ? RopeConvention::interleaved : convention;
    one.rope.head_dim = D;
    std::vector<float> v(head + offset, head + offset + D);
    rope_apply(one, v.data());
    if (convention == RopeConvention::deinterleave) {  // interleaved rotation, written in half order
      std::vector<float> order(D);
      for (int64_t i = 0; i < D / 2; ++i) order[i] = v[2 * i], order[D / 2 + i] = v[2 * i + 1];
      v = order;
    }
    std::vector<float> out(head, head + stride);
    std::copy(v.begin(), v.end(), out.begin() + offset);
    return out;
  };
  const std::vector<float> x = noise(static_cast<size_t>(B * S * H * stride), 5);
  for (RopeLayout layout : {RopeLayout::bshd, RopeLayout::bhsd})
    for (RopeConvention convention : {RopeConvention::half, RopeConvention::interleaved, RopeConvention::deinterleave})
      for (bool shared : {false, true}) {
        RopeApplyParams p;
        p.batch = B;
        p.seq_len = S;
        p.heads = H;
        p.layout = layout;
        p.convention = convention;
        p.head_stride = stride;
        p.channel_offset = offset;
        p.positions = positions.data();
        p.positions_size = shared ? S : B * S;
        p.rope.head_dim = D;
        REQUIRE_FALSE(validate(p));
        std::vector<float> y = x;
        rope_apply(p, y.data());
        for (int64_t b = 0; b < B; ++b)
          for (int64_t s = 0; s < S; ++s)
            for (int64_t h = 0; h < H; ++h) {
              const int64_t at = (layout == RopeLayout::bshd ? (b * S + s) * H + h : (b * H + h) * S + s) * stride;
              const auto expected = single(x.data() + at, positions[shared ? s : b * S + s], convention);
              for (int64_t c = 0; c < stride; ++c) REQUIRE(y[at + c] == expected[c]);
            }
      }
  RopeApplyParams p;
  p.seq_len = 4;
  p.heads = 1;
  p.rope.head_dim = 8;
  p.head_stride = 10;
  p.channel_offset = 3;
  CHECK_THAT(validate(p).message, Catch::Contains("channelOffset must be an integer from 0 to headStride - rotary width = 2"));
  p.channel_offset = 0;
  const int64_t wrong[] = {0, 1, 2};
  p.positions = wrong;
  p.positions_size = 3;
  CHECK_THAT(validate(p).message, Catch::Contains("positionIds must have seqLen = 4 or batch x seqLen = 4 values (got 3)"));
  p.offset = 2;
  p.positions_size = 4;
  CHECK(validate(p).kind == ErrorKind::type);
}

TEST_CASE("RoPE names a NaN by batch, head and row in the bhsd layout") {
  RopeApplyParams p;
  p.batch = 2;
  p.seq_len = 5;
  p.heads = 3;
  p.layout = RopeLayout::bhsd;
  p.rope.head_dim = 4;
  std::vector<float> x(2 * 5 * 3 * 4, 0.5f);
  x[((1 * 3 + 2) * 5 + 4) * 4 + 3] = std::numeric_limits<float>::quiet_NaN();
  CHECK_THROWS_WITH(rope_apply(p, x.data()), Catch::Matchers::StartsWith("x[batch 1, head 2, row 4, channel 3] is NaN"));
}

TEST_CASE("RoPE stops at the first row holding a NaN or infinity and names it by row, head and channel") {
  RopeApplyParams p;
  p.seq_len = 40;  // the bad row sits in the third rotor block
  p.heads = 2;
  p.rope.head_dim = 8;
  const int64_t row = p.heads * p.rope.head_dim, bad_row = 35, bad = bad_row * row + 13;
  const std::vector<float> x = noise(static_cast<size_t>(p.seq_len * row), 5);
  std::vector<unsigned char> ws(RopeApplier::workspace_bytes(p) + 16);
  void* aligned = reinterpret_cast<void*>((reinterpret_cast<uintptr_t>(ws.data()) + 15) & ~uintptr_t{15});
  std::vector<float> clean = x;
  RopeApplier(p, aligned).rotate(0, p.seq_len, clean.data());
  for (float value : {std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::infinity()}) {
    std::vector<float> y = x;
    y[bad] = value;
    CHECK(RopeApplier(p, aligned).rotate(0, p.seq_len, y.data()) == bad_row);
    for (int64_t i = 0; i < bad_row * row; ++i) REQUIRE(y[i] == clean[i]);  // rows before it: rotated
    for (int64_t i = bad_row * row; i < p.seq_len * row; ++i)  // from it on: untouched
      if (i != bad) REQUIRE(y[i] == x[i]);
    y[bad] = value;
    // named as the tensor is shaped, not by a flat index: element 13 of row 35 is head 1, channel 5
    CHECK_THROWS_WITH(rope_apply(p, y.data()), Catch::Matchers::StartsWith(std::string("x[row 35, head 1, channel 5] is ") +
                                                                           (std::isnan(value) ? "NaN" : "-Infinity")));
  }
}

// The bindings rotate a copied JS chunk with rotate_copy (checked in the rotating pass, a bad row copied in
// again) and a pe.buffer with rotate (each row checked by the rotation of the row before it): both must give
// rotate's values and stop at the same row, with huge finite rows (their sums overflow) rotated, not refused.
TEST_CASE("RoPE rotate_copy and the look-ahead check agree with a plain check, for NaN, infinity and huge rows") {
  struct Source {
    const std::vector<float>* x;
    int64_t row;
    static void copy(void* self, int64_t r, float* to) {
      const Source& s = *static_cast<Source*>(self);
      std::copy(s.x->begin() + r * s.row, s.x->begin() + (r + 1) * s.row, to);
    }
  };
  for (RopeConvention convention : {RopeConvention::half, RopeConvention::interleaved, RopeConvention::deinterleave})
    for (double partial : {1.0, 0.5}) {
      RopeApplyParams p;
      p.seq_len = 40;
      p.heads = 3;
      p.convention = convention;
      p.rope.head_dim = 20;  // 10 pairs: whole vectors of 8 and 4 and a scalar tail
      p.rope.partial_rotary_factor = partial;
      REQUIRE_FALSE(validate(p));
      const int64_t row = p.heads * p.rope.head_dim;
      std::vector<unsigned char> ws(RopeApplier::workspace_bytes(p) + 16);
      void* aligned = reinterpret_cast<void*>((reinterpret_cast<uintptr_t>(ws.data()) + 15) & ~uintptr_t{15});
      std::vector<float> x = noise(static_cast<size_t>(p.seq_len * row), 3);
      for (int64_t i = 7 * row; i < 8 * row; ++i) x[i] = 3e38f;  // row 7: finite, but its sum overflows
      std::vector<float> clean = x;
      REQUIRE(RopeApplier(p, aligned).rotate(0, p.seq_len, clean.data()) == p.seq_len);
      for (int64_t bad_row : {int64_t{-1}, int64_t{0}, int64_t{16}, int64_t{35}, p.seq_len - 1})
        for (float value : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
          std::vector<float> y = x;
          if (bad_row >= 0) y[bad_row * row + row - 1] = value;  // the last channel of the last head
          const int64_t expected = bad_row >= 0 ? bad_row : p.seq_len;
          std::vector<float> in_place = y, copied = y;
          RopeApplier a(p, aligned);
          CHECK(a.rotate(0, 16, in_place.data()) == std::min<int64_t>(expected, 16));  // in two calls, as streamed
          if (expected >= 16) CHECK(a.rotate(16, p.seq_len - 16, in_place.data() + 16 * row) == expected - 16);
          Source source{&y, row};
          RopeApplier b(p, aligned);
          CHECK(b.rotate_copy(0, p.seq_len, copied.data(), &Source::copy, &source) == expected);
          for (int64_t i = 0; i < p.seq_len * row; ++i) {
            const float want = i < expected * row ? clean[i] : y[i];  // rotated before the bad row, as given after
            if (std::isnan(want)) {
              REQUIRE(std::isnan(in_place[i]));
              REQUIRE(std::isnan(copied[i]));
            } else {
              REQUIRE(in_place[i] == want);
              REQUIRE(copied[i] == want);
            }
          }
        }
    }
}

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

TEST_CASE("sinusoidal similarity: Toeplitz path equals the general path") {
  for (Metric metric : {Metric::cosine, Metric::dot, Metric::euclidean}) {
    SinusoidalParams t{70, 32, 10000, 40, Layout::split};
    std::vector<float> table(70 * 32);
    sinusoidal(t, table.data());
    SimilarityParams p{70, 32, metric};
    std::vector<double> norms(70);
    std::vector<float> general(70 * 70), fast(70 * 70);
    const bool wide = similarity_norms(p, table.data(), norms.data());
    similarity_rows(p, table.data(), norms.data(), wide, 0, 70, general.data());
    detail::OwnedWorkspace ws(ToeplitzSimilarity::workspace_bytes(p));
    ToeplitzSimilarity toeplitz(p, t, ws.get());
    toeplitz.rows(0, 70, fast.data());
    for (size_t i = 0; i < fast.size(); ++i) CHECK(fast[i] == Approx(general[i]).margin(2e-5));
    for (int64_t i = 1; i < 70; ++i) CHECK(fast[i * 70 + i - 1] == fast[1]);  // constant along diagonals
  }
  const float a[] = {1, 2, 2}, z[] = {0, 0, 0};
  const Comparison c = compare(a, a, 3);
  CHECK(c.dot == 9);
  CHECK(c.cosine == Approx(1.0));
  CHECK(compare(a, z, 3).cosine == 0);
  CHECK(compare(a, z, 3).euclidean == 3);
}

TEST_CASE("fuzzer regressions") {
  // A huge std made float32 draws overflow to infinity (found by tests/fuzz, crash-48ea91e1).
  CHECK_THAT(validate(LearnedParams{4, 4, 0, 1e300}).message, Catch::Contains("std"));
  CHECK(!validate(LearnedParams{4, 4, 0, 1e6}));
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

TEST_CASE("similarity of tables with huge or tiny values stays exact, or names the value float32 cannot hold") {
  std::vector<float> big(16, 1e20f), tiny(16, 1e-25f);
  big[8] = 2e20f;
  tiny[8] = 2e-25f;
  for (const auto* table : {&big, &tiny}) {
    const double scale = (*table)[0];
    for (Metric metric : {Metric::cosine, Metric::dot, Metric::euclidean}) {
      SimilarityParams p{2, 8, metric};
      std::vector<double> norms(2);
      std::vector<float> out(4);
      REQUIRE(similarity_norms(p, table->data(), norms.data()));
      const SimilarityOverflow overflow = similarity_rows(p, table->data(), norms.data(), true, 0, 2, out.data());
      // rows (1 x 8) and (2, 1 x 7) times `scale`: cross dot 9, norms sqrt(8) and sqrt(11), distance 1
      const double cross = metric == Metric::cosine ? 9 / std::sqrt(88.0)
                           : metric == Metric::dot  ? 9 * scale * scale
                                                    : scale;
      if (metric == Metric::dot && scale > 1) {
        // A dot of 8e40 (row 0 with itself) is beyond float32: reported, not written as infinity.
        CHECK(overflow.i == 0);
        CHECK(overflow.j == 0);
        CHECK(overflow.value == Approx(8 * scale * scale));
        continue;
      }
      CHECK_FALSE(overflow);
      // a dot of 9e-50 is below float32's smallest value: 0 is the float32 answer
      if (metric == Metric::dot) CHECK(out[1] == static_cast<float>(cross));
      else CHECK(out[1] == Approx(cross).epsilon(1e-6));
      CHECK(out[1] == out[2]);
    }
  }
  std::vector<float> ordinary(16, 0.5f);
  std::vector<double> norms(2);
  CHECK_FALSE(similarity_norms(SimilarityParams{2, 8, Metric::cosine}, ordinary.data(), norms.data()));
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
