// RoPE applied to tensors: norms and relative scores, partial rotation, separate destinations, batches,
// layouts, positionIds, channel ranges and DeepSeek's order, and how a row holding a NaN or infinity is
// found and named.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "internal.hpp"
#include "posenc/rope.hpp"

using namespace posenc;
using posenc::testing::noise;

namespace {
double dot(const float* a, const float* b, int64_t n) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i) s += static_cast<double>(a[i]) * b[i];
  return s;
}
}  // namespace

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
    detail::OwnedWorkspace ws(RopeApplier::workspace_bytes(p));
    void* aligned = ws.get();
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
  detail::OwnedWorkspace ws(RopeApplier::workspace_bytes(p));
  void* aligned = ws.get();
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
      detail::OwnedWorkspace ws(RopeApplier::workspace_bytes(p));
      void* aligned = ws.get();
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
