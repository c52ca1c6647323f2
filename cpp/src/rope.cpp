// Applying RoPE to tensors: validation of RopeApplyParams, the RopeApplier that rotates rows in chunks (the
// rotor's positions, the finiteness checks) and the rotation kernels of the three conventions. The
// frequencies it rotates by come from rope_frequencies.cpp.
#include "posenc/rope.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "internal.hpp"
#include "posenc/sinusoidal.hpp"
#include "simd/simd.hpp"

namespace posenc {

Error validate(const RopeApplyParams& p) {
  if (auto e = check_count(p.batch, "batch", kMaxOutputElements)) return e;
  if (auto e = check_count(p.seq_len, "seqLen", kMaxOutputElements)) return e;
  if (auto e = check_count(p.heads, "heads", kMaxHeads)) return e;
  if (auto e = validate(p.rope)) return e;
  if (p.head_stride != 0)
    if (auto e = check_count(p.head_stride, "headStride", kMaxDim)) return e;
  const int64_t stride = rope_head_stride(p), dim = rope_rotary_dim(p.rope);
  if (p.channel_offset < 0 || p.channel_offset > stride - dim)
    return range_error("channelOffset must be an integer from 0 to headStride - rotary width = " + std::to_string(stride - dim) +
                       " (headStride " + std::to_string(stride) + ", rotary width " + std::to_string(dim) + "; got " +
                       std::to_string(p.channel_offset) + ")");
  if (auto e = check_product(p.batch * p.seq_len, p.heads, stride, "batch x seqLen x heads x headStride input", kMaxOutputElements))
    return e;
  if (p.positions) {
    if (p.offset != 0) return type_error("offset and positionIds cannot both be given (positionIds holds every position)");
    if (p.positions_size != p.seq_len && p.positions_size != p.batch * p.seq_len)
      return range_error("positionIds must have seqLen = " + std::to_string(p.seq_len) + " or batch x seqLen = " +
                         std::to_string(p.batch * p.seq_len) + " values (got " + std::to_string(p.positions_size) + ")");
    for (int64_t i = 0; i < p.positions_size; ++i)
      if (p.positions[i] < 0 || p.positions[i] > kMaxPosition)
        return range_error("positionIds[" + std::to_string(i) + "] must be an integer from 0 to 2^53 - 1 (got " +
                           std::to_string(p.positions[i]) + ")");
  } else if (p.offset < 0 || p.offset > kMaxPosition - p.seq_len) {
    return range_error("offset must be an integer from 0 to 2^53 - 1 - seqLen (got " + std::to_string(p.offset) + ")");
  }
  return {};
}

int64_t rope_head_stride(const RopeApplyParams& p) { return p.head_stride ? p.head_stride : p.rope.head_dim; }
int64_t rope_rows(const RopeApplyParams& p) {
  return p.batch * p.seq_len * (p.layout == RopeLayout::bhsd ? p.heads : 1);
}
int64_t rope_row_size(const RopeApplyParams& p) {
  return rope_head_stride(p) * (p.layout == RopeLayout::bhsd ? 1 : p.heads);
}

double rope_frequency_length(const RopeApplyParams& p) {
  if (!p.positions) return static_cast<double>(p.offset + p.seq_len);
  int64_t last = 0;
  for (int64_t i = 0; i < p.positions_size; ++i) last = std::max(last, p.positions[i]);
  return static_cast<double>(last) + 1;
}

size_t RopeApplier::workspace_bytes(const RopeApplyParams& p) {
  const int64_t dim = rope_rotary_dim(p.rope), stride = (dim + 3) & ~int64_t{3};
  return 3 * detail::round16(sizeof(float) * stride) + detail::round16(sizeof(double) * dim) +
         AngleRotor::workspace_bytes(dim / 2);
}

RopeApplier::Space RopeApplier::carve(void* workspace, int64_t dim) {
  detail::Carver c{static_cast<unsigned char*>(workspace)};
  const int64_t stride = (dim + 3) & ~int64_t{3};
  Space s;
  s.cos = c.take<float>(stride);
  s.sin = c.take<float>(stride);
  s.pairs = c.take<float>(stride);
  s.inv_freq = c.take<double>(dim);
  s.rotor = c.at;
  return s;
}

// Dynamic NTK and LongRoPE pick their frequencies for the longest position served.
RopeApplier::RopeApplier(const RopeApplyParams& p, void* workspace)
    : p_(p),
      dim_(rope_rotary_dim(p.rope)),
      stride_(rope_head_stride(p)),
      vectors_(p.layout == RopeLayout::bhsd ? 1 : p.heads),
      row_size_(rope_row_size(p)),
      space_(carve(workspace, dim_)),
      attention_factor_(rope_inv_freq(p.rope, rope_frequency_length(p), space_.inv_freq)),
      rotor_(space_.inv_freq, dim_ / 2, attention_factor_, space_.rotor) {}

// The position of row `row`: its token's index in the sequence, then offset or positionIds.
int64_t RopeApplier::position(int64_t row) const {
  const int64_t s = row % p_.seq_len;
  if (!p_.positions) return p_.offset + s;
  if (p_.positions_size == p_.seq_len) return p_.positions[s];
  const int64_t b = row / (p_.seq_len * (p_.layout == RopeLayout::bhsd ? p_.heads : 1));
  return p_.positions[b * p_.seq_len + s];
}

int64_t RopeApplier::rotate(int64_t first, int64_t count, float* x) { return rotate(first, count, x, x); }

int64_t RopeApplier::rotate(int64_t first, int64_t count, const float* src, float* dst) {
  return rotate_rows(first, count, src, dst, false);
}

int64_t RopeApplier::rotate_copy(int64_t first, int64_t count, float* x, Refill refill, void* context) {
  refill_ = refill;
  refill_context_ = context;
  return rotate_rows(first, count, x, x, true);
}

int64_t RopeApplier::rotate_rows(int64_t first, int64_t count, const float* src, float* dst, bool fused) {
  int64_t done = 0;
  bool checked = false;  // the next row's values were found finite already
  // Runs of rows whose positions count up by one share the rotor's exact recurrence; any other position
  // re-seeds it (exact sin/cos), so arbitrary positionIds cost more but are as exact.
  for (int64_t run = 0; run < count;) {
    const int64_t start = position(first + run);
    int64_t length = 1;
    while (run + length < count && position(first + run + length) == start + length) ++length;
    rotor_.for_positions(start, length, [&](int64_t j, int64_t k) {
      if (done < run + j) return;
      const float* xr = src + (run + j) * row_size_;
      float* yr = dst + (run + j) * row_size_;
      if (fused) {
        // x is a copy: the row is checked by the rotation that reads it. A sum that is not finite means a
        // NaN or an infinity, or only an overflow of large values: the row is copied again, and the exact
        // test tells the two apart.
        rotor_.combine(k);
        if (!rotate_row(xr, yr, true, nullptr)) {
          refill_(refill_context_, first + run + j, yr);
          if (!simd::all_finite(xr, row_size_)) return;
          rotate_row(xr, yr, false, nullptr);
        }
      } else {
        // Each row is checked before it is rotated (a row holding a NaN must stay as it was), by the rotation
        // of the row before it where it can (see rotate_half), else by a pass of its own right before it
        // is rotated: the check pulls the row into L1 and the rotation reads it from there.
        if (!checked && !simd::all_finite_sum(xr, row_size_)) return;
        rotor_.combine(k);
        const float* next = run + j + 1 < count ? xr + row_size_ : nullptr;
        checked = rotate_row(xr, yr, false, next);
      }
      ++done;
    });
    if (done < run + length) return done;
    run += length;
  }
  return done;
}

namespace {
// x' = x*cos + rotate_half(x)*sin for every head of a row, channel i paired with i + n. The channel loop is
// outside the head loop so that each vector of cos and sin is loaded once per row, not once per head: per
// 8 floats that leaves 2 loads, 2 stores and 6 arithmetic operations (4 loads before).
// kCheck: the inputs are summed as they are read (1 add per vector); returns whether the sum is finite.
// kNext: the `next` row (`size` floats, sequentially, 16 floats per step) is summed instead: rotating
// this row from L1 overlaps the next row's cache misses, which a separate check pass would wait for (the
// head-strided order alone defeats the prefetcher: without any check pass the rotation took 1.6x longer).
template <bool kCheck, bool kNext>
bool rotate_half(const float* x, float* y, const float* c, const float* s, int64_t n, int64_t heads, int64_t stride,
                 const float* next = nullptr, int64_t size = 0) {
  using namespace simd;
  f32x4 sum_a = splat(0.f), sum_b = splat(0.f), sum_c = splat(0.f), sum_d = splat(0.f);
  int64_t ahead = 0;  // the next row's floats summed so far, 16 per step
  const int64_t ahead_end = size & ~int64_t{15};
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const f32x4 c0 = load(c + i), c1 = load(c + i + 4), s0 = load(s + i), s1 = load(s + i + 4);
    for (int64_t h = 0; h < heads; ++h) {
      const float* a = x + h * stride + i;
      float* ya = y + h * stride + i;
      const f32x4 a0 = load(a), a1 = load(a + 4), b0 = load(a + n), b1 = load(a + n + 4);
      if (kNext && ahead < ahead_end) {
        sum_a = sum_a + load(next + ahead);
        sum_b = sum_b + load(next + ahead + 4);
        sum_c = sum_c + load(next + ahead + 8);
        sum_d = sum_d + load(next + ahead + 12);
        ahead += 16;
      }
      store(ya, a0 * c0 - b0 * s0);
      store(ya + 4, a1 * c1 - b1 * s1);
      store(ya + n, b0 * c0 + a0 * s0);
      store(ya + n + 4, b1 * c1 + a1 * s1);
      if (kCheck) {
        sum_a = sum_a + (a0 + a1);
        sum_b = sum_b + (b0 + b1);
      }
    }
  }
  for (; i + 4 <= n; i += 4) {
    const f32x4 vc = load(c + i), vs = load(s + i);
    for (int64_t h = 0; h < heads; ++h) {
      const float* a = x + h * stride + i;
      float* ya = y + h * stride + i;
      const f32x4 va = load(a), vb = load(a + n);
      store(ya, va * vc - vb * vs);
      store(ya + n, vb * vc + va * vs);
      if (kCheck) sum_a = sum_a + (va + vb);
    }
  }
  float tail = 0.f;
  for (; i < n; ++i)
    for (int64_t h = 0; h < heads; ++h) {
      const float* a = x + h * stride + i;
      float* ya = y + h * stride + i;
      const float va = a[0], vb = a[n];
      ya[0] = va * c[i] - vb * s[i];
      ya[n] = vb * c[i] + va * s[i];
      if (kCheck) tail += va + vb;
    }
  if (!kCheck && !kNext) return true;
  if (kNext) {
    for (; ahead + 4 <= size; ahead += 4) sum_a = sum_a + load(next + ahead);
    for (; ahead < size; ++ahead) tail += next[ahead];
  }
  const float total = sum((sum_a + sum_b) + (sum_c + sum_d)) + tail;
  return total - total == 0.f;
}
}  // namespace

bool RopeApplier::rotate_row(const float* xr, float* yr, bool check, const float* next) {
  using namespace simd;
  const int64_t n = dim_ / 2;
  const float* s = rotor_.row_sin();
  const float* c = rotor_.row_cos();
  // The half convention over whole heads checks a row as it rotates it; the others check it first.
  const bool whole = p_.convention == RopeConvention::half && dim_ == stride_;
  const bool fused = check && whole;
  if (check && !fused && !all_finite_sum(xr, row_size_)) return false;
  // Channels outside the rotary part pass through (copied only when writing elsewhere).
  if (xr != yr && dim_ != stride_) std::memcpy(yr, xr, sizeof(float) * row_size_);
  xr += p_.channel_offset;
  yr += p_.channel_offset;
  switch (p_.convention) {
    case RopeConvention::half:
      if (fused) return rotate_half<true, false>(xr, yr, c, s, n, vectors_, stride_);
      // (with no next row, the look-ahead sums nothing: one instance of the kernel fewer in the module)
      return rotate_half<false, true>(xr, yr, c, s, n, vectors_, stride_, next, next ? row_size_ : 0) && next;
    case RopeConvention::deinterleave:
      // Pair i is channels (2i, 2i+1) as read and (i, i + n) as written (transformers' DeepSeek V3 with
      // rope_interleave: view(d/2, 2).transpose, then rotate_half). In place, the head is read from a copy.
      for (int64_t h = 0; h < vectors_; ++h) {
        const float* a = xr + h * stride_;
        float* y = yr + h * stride_;
        if (a == y) a = static_cast<const float*>(std::memcpy(space_.pairs, a, sizeof(float) * dim_));
        for (int64_t i = 0; i < n; ++i) {
          const float even = a[2 * i], odd = a[2 * i + 1];
          y[i] = even * c[i] - odd * s[i];
          y[n + i] = odd * c[i] + even * s[i];
        }
      }
      return check;
    case RopeConvention::interleaved:
      break;
  }
  // Interleaved pairs (2i, 2i+1): expand cos to (c0 c0 c1 c1 ...) and sin to (-s0 s0 -s1 s1 ...) once per row.
  float* pair_cos = space_.cos;
  float* pair_sin = space_.sin;
  int64_t i = 0;
  const f32x4 zero = splat(0.f);
  for (; i + 4 <= n; i += 4) {
    const f32x4 vc = load(c + i), vs = load(s + i), neg = zero - vs;
    store(pair_cos + 2 * i, zip_lo(vc, vc));
    store(pair_cos + 2 * i + 4, zip_hi(vc, vc));
    store(pair_sin + 2 * i, zip_lo(neg, vs));
    store(pair_sin + 2 * i + 4, zip_hi(neg, vs));
  }
  for (; i < n; ++i) {
    pair_cos[2 * i] = pair_cos[2 * i + 1] = c[i];
    pair_sin[2 * i] = -s[i];
    pair_sin[2 * i + 1] = s[i];
  }
  for (int64_t h = 0; h < vectors_; ++h) {
    const float* a = xr + h * stride_;
    float* y = yr + h * stride_;
    int64_t ch = 0;
    for (; ch + 4 <= dim_; ch += 4) {
      const f32x4 v = load(a + ch);
      store(y + ch, v * load(pair_cos + ch) + swap_pairs(v) * load(pair_sin + ch));
    }
    for (; ch < dim_; ch += 2) {
      const float v0 = a[ch], v1 = a[ch + 1];
      y[ch] = v0 * pair_cos[ch] + v1 * pair_sin[ch];
      y[ch + 1] = v1 * pair_cos[ch + 1] + v0 * pair_sin[ch + 1];
    }
  }
  return check;
}

Error rope_nonfinite_error(const RopeApplyParams& p, const float* row, int64_t row_index, const std::string& name) {
  const int64_t stride = rope_head_stride(p), size = rope_row_size(p);
  for (int64_t i = 0; i < size; ++i) {
    if (std::isfinite(row[i])) continue;
    const bool bhsd = p.layout == RopeLayout::bhsd;
    const int64_t token = row_index % p.seq_len, rest = row_index / p.seq_len;  // rest: b*heads + h (bhsd) or b
    const int64_t head = bhsd ? rest % p.heads : i / stride, batch = bhsd ? rest / p.heads : rest;
    const std::string row_part = "row " + std::to_string(token), head_part = "head " + std::to_string(head);
    std::string where = bhsd ? head_part + ", " + row_part : row_part + ", " + head_part;
    if (p.batch > 1) where = "batch " + std::to_string(batch) + ", " + where;
    // a float64 value past float32's range (1e39) arrives here as infinity, so the range is named too
    return range_error(name + "[" + where + ", channel " + std::to_string(i % stride) + "] is " +
                       (std::isnan(row[i]) ? "NaN" : row[i] > 0 ? "Infinity" : "-Infinity") + ": each value of " + name +
                       " must be a finite number within float32's range (magnitude at most 3.40282346638529e+38)");
  }
  return {};
}

void rope_apply(const RopeApplyParams& p, float* x) {
  check(validate(p));
  detail::OwnedWorkspace ws(RopeApplier::workspace_bytes(p));
  RopeApplier applier(p, ws.get());
  const int64_t rows = rope_rows(p), done = applier.rotate(0, rows, x);
  if (done < rows) check(rope_nonfinite_error(p, x + done * rope_row_size(p), done, "x"));
}

}  // namespace posenc
