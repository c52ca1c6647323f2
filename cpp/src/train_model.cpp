#include "train_model.hpp"

#include <cstring>

#include "internal.hpp"
#include "posenc/alibi.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/t5.hpp"

namespace posenc::train_detail {

ModelAt model_layout(const TrainParams& p) {
  const int64_t d = p.d_model, ff = 4 * d;
  ModelAt at;
  int64_t o = 0;
  auto take = [&](int64_t n) {
    const int64_t here = o;
    o += n;
    return here;
  };
  at.tok = take(p.vocab * d);
  if (p.position == TrainPosition::learned) at.pos = take(train_position_table(p) * d);
  if (p.position == TrainPosition::t5) at.rel = take(p.t5_buckets * p.heads);
  for (int64_t l = 0; l < p.layers; ++l) {
    LayerAt L;
    L.ln1w = take(d), L.ln1b = take(d), L.qkvw = take(3 * d * d), L.qkvb = take(3 * d);
    L.ow = take(d * d), L.ob = take(d), L.ln2w = take(d), L.ln2b = take(d);
    L.fcw = take(ff * d), L.fcb = take(ff), L.projw = take(d * ff), L.projb = take(d);
    at.layers.push_back(L);
  }
  at.lnfw = take(d), at.lnfb = take(d), at.headw = take(p.vocab * d), at.headb = take(p.vocab);
  at.total = o;
  return at;
}

namespace {

constexpr double kLayerNormEps = 1e-5;

template <class T>
void layernorm(const T* x, const T* w, const T* b, T* y, T* mu, T* rs, int64_t rows, int64_t d) {
  for (int64_t r = 0; r < rows; ++r) {
    const T* xr = x + r * d;
    T* yr = y + r * d;
    T sum = 0;
    for (int64_t c = 0; c < d; ++c) sum += xr[c];
    const T mean = sum / T(d);
    T var = 0;
    for (int64_t c = 0; c < d; ++c) var += (xr[c] - mean) * (xr[c] - mean);
    const T r_std = T(1) / std::sqrt(var / T(d) + T(kLayerNormEps));
    mu[r] = mean, rs[r] = r_std;
    for (int64_t c = 0; c < d; ++c) yr[c] = (xr[c] - mean) * r_std * w[c] + b[c];
  }
}

// dx += the gradient through y = LN(x) given dy; accumulates the gradients of w and b.
template <class T>
void layernorm_backward(const T* x, const T* mu, const T* rs, const T* w, const T* dy, T* gw, T* gb, T* dx,
                        int64_t rows, int64_t d) {
  for (int64_t r = 0; r < rows; ++r) {
    const T* xr = x + r * d;
    const T* dyr = dy + r * d;
    T m1 = 0, m2 = 0;
    for (int64_t c = 0; c < d; ++c) {
      const T xhat = (xr[c] - mu[r]) * rs[r], dxhat = dyr[c] * w[c];
      gw[c] += dyr[c] * xhat;
      gb[c] += dyr[c];
      m1 += dxhat;
      m2 += dxhat * xhat;
    }
    m1 /= T(d), m2 /= T(d);
    for (int64_t c = 0; c < d; ++c) {
      const T xhat = (xr[c] - mu[r]) * rs[r];
      dx[r * d + c] += rs[r] * (dyr[c] * w[c] - m1 - xhat * m2);
    }
  }
}

template <class T>
void fill_bias_rows(T* y, const T* bias, int64_t rows, int64_t n, int64_t ld) {
  for (int64_t r = 0; r < rows; ++r) std::memcpy(y + r * ld, bias, sizeof(T) * static_cast<size_t>(n));
}

template <class T>
void transpose(const T* src, int64_t rows, int64_t cols, int64_t ld, T* dst) {  // dst [cols][rows]
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) dst[c * rows + r] = src[r * ld + c];
}

// Half-convention rotation of channels (i, i + dh/2) of every head of q and k; `inverse` for the backward pass.
template <class T>
void rotate(T* qkv, int64_t bt, int64_t len, int64_t d, int64_t dh, const Tables<T>& t, bool inverse) {
  const int64_t half = dh / 2;
  for (int64_t row = 0; row < bt; ++row) {
    const T* c = t.cos.data() + (row % len) * half;
    const T* s = t.sin.data() + (row % len) * half;
    for (int64_t part = 0; part < 2 * d; part += dh) {  // q then k, head by head
      T* x = qkv + row * 3 * d + part;
      for (int64_t i = 0; i < half; ++i) {
        const T x1 = x[i], x2 = x[i + half];
        const T sn = inverse ? -s[i] : s[i];
        x[i] = x1 * c[i] - x2 * sn;
        x[i + half] = x2 * c[i] + x1 * sn;
      }
    }
  }
}

inline int64_t pad4(int64_t n) { return (n + 3) & ~int64_t{3}; }

}  // namespace

template <class T>
Model<T>::Model(const TrainParams& p, bool keep_layers)
    : p_(p), at_(model_layout(p)), keep_(keep_layers), d_(p.d_model), dh_(p.d_model / p.heads), h_(p.heads),
      v_(p.vocab), ff_(4 * p.d_model) {
  wt_.resize(static_cast<size_t>(p.layers * 12 * d_ * d_ + d_ * v_));
  layers_.resize(static_cast<size_t>(keep_ ? p.layers : 1));
}

template <class T>
int64_t Model<T>::arena_elements(int64_t rows, int64_t len) const {
  const int64_t bt = rows * len;
  const int64_t layer = 5 * pad4(bt * d_) + pad4(3 * bt * d_) + 4 * pad4(bt) + 2 * pad4(bt * ff_) +
                        pad4(rows * h_ * len * len);
  int64_t n = (keep_ ? p_.layers : 1) * layer + 2 * pad4(bt * d_) + 2 * pad4(bt) + pad4(bt * v_) + pad4(dh_ * len);
  if (keep_) n += 4 * pad4(bt * d_) + pad4(3 * bt * d_) + pad4(bt * ff_) + pad4(len * len);
  return n;
}

template <class T>
void Model<T>::reserve(int64_t rows, int64_t len) {
  const int64_t need = arena_elements(rows, len);
  if (need > cap_) {
    arena_.assign(static_cast<size_t>(need), T(0));
    cap_ = need;
  }
}

template <class T>
void Model<T>::carve(int64_t rows, int64_t len) {
  rows_ = rows, len_ = len, bt_ = rows * len;
  T* at = arena_.data();
  auto take = [&](int64_t n) {
    T* here = at;
    at += pad4(n);
    return here;
  };
  for (Layer& L : layers_) {
    L.x = take(bt_ * d_), L.h1 = take(bt_ * d_), L.mu1 = take(bt_), L.rs1 = take(bt_);
    L.qkv = take(3 * bt_ * d_), L.p = take(rows * h_ * len * len), L.a = take(bt_ * d_), L.x2 = take(bt_ * d_);
    L.h2 = take(bt_ * d_), L.mu2 = take(bt_), L.rs2 = take(bt_), L.z = take(bt_ * ff_), L.g = take(bt_ * ff_);
  }
  xf_ = take(bt_ * d_), hf_ = take(bt_ * d_), muf_ = take(bt_), rsf_ = take(bt_), logits_ = take(bt_ * v_);
  tr_ = take(dh_ * len);
  if (keep_) {
    dx_ = take(bt_ * d_), dh_buf_ = take(bt_ * d_), dqkv_ = take(3 * bt_ * d_), da_ = take(bt_ * d_);
    dz_ = take(bt_ * ff_), dp_ = take(len * len);
  }
}

template <class T>
void Model<T>::transpose_weights(const T* w) {
  const int64_t d = d_, ff = ff_;
  for (int64_t l = 0; l < p_.layers; ++l) {
    const LayerAt& L = at_.layers[static_cast<size_t>(l)];
    T* base = wt_.data() + l * 12 * d * d;
    transpose(w + L.qkvw, 3 * d, d, d, base);              // [d][3d]
    transpose(w + L.ow, d, d, d, base + 3 * d * d);        // [d][d]
    transpose(w + L.fcw, ff, d, d, base + 4 * d * d);      // [d][ff]
    transpose(w + L.projw, d, ff, ff, base + 8 * d * d);   // [ff][d]
  }
  transpose(w + at_.headw, v_, d, d, wt_.data() + p_.layers * 12 * d * d);  // [d][V]
}

template <class T>
void Model<T>::layer_forward(const T* w, const LayerAt& at, Layer& L, T* out, const Tables<T>& t) {
  const int64_t d = d_, bt = bt_, len = len_, ff = ff_;
  const T* wt = wt_.data() + (&at - at_.layers.data()) * 12 * d * d;
  layernorm(L.x, w + at.ln1w, w + at.ln1b, L.h1, L.mu1, L.rs1, bt, d);
  fill_bias_rows(L.qkv, w + at.qkvb, bt, 3 * d, 3 * d);
  gemm({bt, 3 * d, d, d, 1, 3 * d, 3 * d, true}, L.h1, wt, L.qkv);
  if (p_.position == TrainPosition::rope) rotate(L.qkv, bt, len, d, dh_, t, false);

  const T scale = T(1 / std::sqrt(static_cast<double>(dh_)));
  const T* rel = at_.rel >= 0 ? w + at_.rel : nullptr;
  for (int64_t b = 0; b < rows_; ++b)
    for (int64_t h = 0; h < h_; ++h) {
      const T* q = L.qkv + b * len * 3 * d + h * dh_;
      transpose(q + d, len, dh_, 3 * d, tr_);
      T* s = L.p + (b * h_ + h) * len * len;
      gemm({len, len, dh_, 3 * d, 1, len, len, false, Causal::n_upto_row}, q, tr_, s);
      for (int64_t i = 0; i < len; ++i) {
        T* row = s + i * len;
        T top = -INFINITY;
        for (int64_t j = 0; j <= i; ++j) {
          T v = row[j] * scale;
          if (p_.position == TrainPosition::alibi) v += -t.slopes[static_cast<size_t>(h)] * T(i - j);
          if (rel) v += rel[t.bucket[static_cast<size_t>(i - j)] * h_ + h];
          row[j] = v;
          top = std::max(top, v);
        }
        const T inv = T(1) / exp_sum(row, i + 1, top);
        for (int64_t j = 0; j <= i; ++j) row[j] *= inv;
        for (int64_t j = i + 1; j < len; ++j) row[j] = 0;
      }
      gemm({len, dh_, len, len, 1, 3 * d, d, false, Causal::k_upto_row}, s, q + 2 * d,
              L.a + b * len * d + h * dh_);
    }

  for (int64_t r = 0; r < bt; ++r)
    for (int64_t c = 0; c < d; ++c) L.x2[r * d + c] = L.x[r * d + c] + w[at.ob + c];
  gemm({bt, d, d, d, 1, d, d, true}, L.a, wt + 3 * d * d, L.x2);
  layernorm(L.x2, w + at.ln2w, w + at.ln2b, L.h2, L.mu2, L.rs2, bt, d);
  fill_bias_rows(L.z, w + at.fcb, bt, ff, ff);
  gemm({bt, ff, d, d, 1, ff, ff, true}, L.h2, wt + 4 * d * d, L.z);
  gelu(L.z, L.g, bt * ff);  // L.z becomes GELU's derivative
  for (int64_t r = 0; r < bt; ++r)
    for (int64_t c = 0; c < d; ++c) out[r * d + c] = L.x2[r * d + c] + w[at.projb + c];
  gemm({bt, d, ff, ff, 1, d, d, true}, L.g, wt + 8 * d * d, out);
}

template <class T>
double Model<T>::forward(const T* w, const int32_t* inputs, const int32_t* targets, int64_t rows, int64_t len,
                         const Tables<T>& t, T* attention_out) {
  carve(rows, len);
  transpose_weights(w);
  const int64_t d = d_, bt = bt_;
  T* x = layers_[0].x;
  for (int64_t r = 0; r < bt; ++r) {
    const T* e = w + at_.tok + inputs[r] * d;
    const int64_t pos = r % len;
    const T* pe = p_.position == TrainPosition::sinusoidal ? t.sinusoid.data() + pos * d
                  : p_.position == TrainPosition::learned  ? w + at_.pos + pos * d
                                                           : nullptr;
    for (int64_t c = 0; c < d; ++c) x[r * d + c] = pe ? e[c] + pe[c] : e[c];
  }
  const int64_t n = p_.layers;
  for (int64_t l = 0; l < n; ++l) {
    Layer& L = layers_[static_cast<size_t>(keep_ ? l : 0)];
    T* out = !keep_ ? L.x : l + 1 < n ? layers_[static_cast<size_t>(l + 1)].x : xf_;
    layer_forward(w, at_.layers[static_cast<size_t>(l)], L, out, t);
    if (attention_out) {
      const int64_t size = rows * h_ * len * len;
      std::memcpy(attention_out + l * size, L.p, sizeof(T) * static_cast<size_t>(size));
    }
  }
  if (!keep_) std::memcpy(xf_, layers_[0].x, sizeof(T) * static_cast<size_t>(bt * d));
  layernorm(xf_, w + at_.lnfw, w + at_.lnfb, hf_, muf_, rsf_, bt, d);
  fill_bias_rows(logits_, w + at_.headb, bt, v_, v_);
  gemm({bt, v_, d, d, 1, v_, v_, true}, hf_, wt_.data() + n * 12 * d * d, logits_);

  targets_ = targets;
  count_ = 0;
  if (!targets) return 0;
  double loss = 0;
  for (int64_t r = 0; r < bt; ++r) {
    if (targets[r] < 0) continue;
    const T* z = logits_ + r * v_;
    T top = z[0];
    for (int64_t c = 1; c < v_; ++c) top = std::max(top, z[c]);
    double sum = 0;  // logits stay for the backward pass: the exponentials are taken in double here
    for (int64_t c = 0; c < v_; ++c) sum += std::exp(static_cast<double>(z[c] - top));
    loss += std::log(sum) + static_cast<double>(top - z[targets[r]]);
    count_ += 1;
  }
  return count_ > 0 ? loss / count_ : 0;
}

template <class T>
void Model<T>::layer_backward(const T* w, T* g, const LayerAt& at, Layer& L, T* dx, const Tables<T>& t) {
  const int64_t d = d_, bt = bt_, len = len_, ff = ff_, dh = dh_;
  // MLP: out = x2 + GELU(LN2(x2)·Wfcᵀ + bfc)·Wprojᵀ + bproj
  gemm({d, ff, bt, 1, d, ff, ff, true}, dx, L.g, g + at.projw);
  add_column_sums(dx, bt, d, d, g + at.projb);
  gemm({bt, ff, d, d, 1, ff, ff, false}, dx, w + at.projw, dz_);
  for (int64_t i = 0; i < bt * ff; ++i) dz_[i] *= L.z[i];
  gemm({ff, d, bt, 1, ff, d, d, true}, dz_, L.h2, g + at.fcw);
  add_column_sums(dz_, bt, ff, ff, g + at.fcb);
  gemm({bt, d, ff, ff, 1, d, d, false}, dz_, w + at.fcw, dh_buf_);
  layernorm_backward(L.x2, L.mu2, L.rs2, w + at.ln2w, dh_buf_, g + at.ln2w, g + at.ln2b, dx, bt, d);

  // Attention: x2 = x + concat(heads)·Woᵀ + bo
  gemm({d, d, bt, 1, d, d, d, true}, dx, L.a, g + at.ow);
  add_column_sums(dx, bt, d, d, g + at.ob);
  gemm({bt, d, d, d, 1, d, d, false}, dx, w + at.ow, da_);
  const T scale = T(1 / std::sqrt(static_cast<double>(dh)));
  T* grel = at_.rel >= 0 ? g + at_.rel : nullptr;
  for (int64_t b = 0; b < rows_; ++b)
    for (int64_t h = 0; h < h_; ++h) {
      const int64_t off = b * len * 3 * d + h * dh;
      const T* q = L.qkv + off;
      const T* p = L.p + (b * h_ + h) * len * len;
      const T* da = da_ + b * len * d + h * dh;
      T* dq = dqkv_ + off;
      transpose(q + 2 * d, len, dh, 3 * d, tr_);
      gemm({len, len, dh, d, 1, len, len, false, Causal::n_upto_row}, da, tr_, dp_);
      gemm({len, dh, len, 1, len, d, 3 * d, false, Causal::k_from_row}, p, da, dq + 2 * d);
      for (int64_t i = 0; i < len; ++i) {
        const T* pr = p + i * len;
        T* row = dp_ + i * len;
        T dot = 0;
        for (int64_t j = 0; j <= i; ++j) dot += pr[j] * row[j];
        for (int64_t j = 0; j <= i; ++j) {
          const T ds = pr[j] * (row[j] - dot);
          if (grel) grel[t.bucket[static_cast<size_t>(i - j)] * h_ + h] += ds;
          row[j] = ds * scale;
        }
        for (int64_t j = i + 1; j < len; ++j) row[j] = 0;
      }
      // ALiBi's bias has no parameter: its gradient stops here.
      gemm({len, dh, len, len, 1, 3 * d, 3 * d, false, Causal::k_upto_row}, dp_, q + d, dq);
      gemm({len, dh, len, 1, len, 3 * d, 3 * d, false, Causal::k_from_row}, dp_, q, dq + d);
    }
  if (p_.position == TrainPosition::rope) rotate(dqkv_, bt, len, d, dh, t, true);
  gemm({3 * d, d, bt, 1, 3 * d, d, d, true}, dqkv_, L.h1, g + at.qkvw);
  add_column_sums(dqkv_, bt, 3 * d, 3 * d, g + at.qkvb);
  gemm({bt, d, 3 * d, 3 * d, 1, d, d, false}, dqkv_, w + at.qkvw, dh_buf_);
  layernorm_backward(L.x, L.mu1, L.rs1, w + at.ln1w, dh_buf_, g + at.ln1w, g + at.ln1b, dx, bt, d);
}

template <class T>
void Model<T>::backward(const T* w, T* g, const int32_t* inputs, const Tables<T>& t) {
  const int64_t d = d_, bt = bt_, v = v_;
  std::fill(g, g + at_.total, T(0));
  // Cross-entropy: dlogits = (softmax - onehot) / count on answer rows, written over the logits.
  T* dl = logits_;
  const T inv_count = T(1 / count_);
  for (int64_t r = 0; r < bt; ++r) {
    T* z = dl + r * v;
    if (targets_[r] < 0) {
      std::fill(z, z + v, T(0));
      continue;
    }
    T top = z[0];
    for (int64_t c = 1; c < v; ++c) top = std::max(top, z[c]);
    const T sum = exp_sum(z, v, top);
    for (int64_t c = 0; c < v; ++c) z[c] = z[c] / sum * inv_count;
    z[targets_[r]] -= inv_count;
  }
  gemm({v, d, bt, 1, v, d, d, true}, dl, hf_, g + at_.headw);
  add_column_sums(dl, bt, v, v, g + at_.headb);
  gemm({bt, d, v, v, 1, d, d, false}, dl, w + at_.headw, dh_buf_);
  std::fill(dx_, dx_ + bt * d, T(0));
  layernorm_backward(xf_, muf_, rsf_, w + at_.lnfw, dh_buf_, g + at_.lnfw, g + at_.lnfb, dx_, bt, d);
  for (int64_t l = p_.layers - 1; l >= 0; --l)
    layer_backward(w, g, at_.layers[static_cast<size_t>(l)], layers_[static_cast<size_t>(l)], dx_, t);
  for (int64_t r = 0; r < bt; ++r) {
    T* ge = g + at_.tok + inputs[r] * d;
    T* gp = at_.pos >= 0 ? g + at_.pos + (r % len_) * d : nullptr;
    for (int64_t c = 0; c < d; ++c) {
      ge[c] += dx_[r * d + c];
      if (gp) gp[c] += dx_[r * d + c];
    }
  }
}

template <class T>
void build_tables(const TrainParams& p, int64_t length, const TrainScaling* scaling, Tables<T>& t) {
  t.length = length;
  const int64_t d = p.d_model, dh = d / p.heads;
  if (p.position == TrainPosition::sinusoidal) {
    SinusoidalParams sp;
    sp.length = length, sp.d_model = d;
    detail::OwnedWorkspace space(SinusoidalPlan::workspace_bytes(d));
    SinusoidalPlan plan(sp, space.get());
    std::vector<float> table(static_cast<size_t>(length * d));
    plan.rows(0, length, table.data());
    t.sinusoid.assign(table.begin(), table.end());
  }
  if (p.position == TrainPosition::rope) {
    RopeParams rp;
    rp.head_dim = dh;
    if (scaling) rp.scaling = scaling->rope;
    if (rp.scaling.type != RopeType::standard && !rp.scaling.original_max_position_embeddings)
      rp.scaling.original_max_position_embeddings = static_cast<double>(train_sequence_length(p.task, p.train_length));
    std::vector<double> inv(static_cast<size_t>(dh / 2));
    const double factor = rope_inv_freq(rp, static_cast<double>(length), inv.data());
    t.cos.resize(static_cast<size_t>(length * dh / 2));
    t.sin.resize(t.cos.size());
    for (int64_t pos = 0; pos < length; ++pos)
      for (int64_t i = 0; i < dh / 2; ++i) {
        const double angle = static_cast<double>(pos) * inv[static_cast<size_t>(i)];
        t.cos[static_cast<size_t>(pos * dh / 2 + i)] = static_cast<T>(static_cast<float>(std::cos(angle) * factor));
        t.sin[static_cast<size_t>(pos * dh / 2 + i)] = static_cast<T>(static_cast<float>(std::sin(angle) * factor));
      }
  }
  if (p.position == TrainPosition::alibi) {
    std::vector<float> slopes(static_cast<size_t>(p.heads));
    alibi_slopes(p.heads, slopes.data());
    t.slopes.assign(slopes.begin(), slopes.end());
  }
  if (p.position == TrainPosition::t5) {
    T5BucketParams bp;
    bp.bidirectional = false, bp.num_buckets = p.t5_buckets, bp.max_distance = p.t5_max_distance;
    t.bucket.resize(static_cast<size_t>(length));
    for (int64_t dist = 0; dist < length; ++dist) t.bucket[static_cast<size_t>(dist)] = t5_bucket(-dist, bp);
  }
}

template class Model<float>;
template class Model<double>;
template void build_tables<float>(const TrainParams&, int64_t, const TrainScaling*, Tables<float>&);
template void build_tables<double>(const TrainParams&, int64_t, const TrainScaling*, Tables<double>&);

}  // namespace posenc::train_detail
