// The transformer of posenc::Trainer: arena, forward and backward (declared in train_model.hpp).
#include "train_model.hpp"

#include <cstring>

namespace posenc::train_detail {

namespace {

template <class T>
void transpose(const T* src, int64_t rows, int64_t cols, int64_t ld, T* dst) {  // dst [cols][rows]
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) dst[c * rows + r] = src[r * ld + c];
}

// Half-convention rotation of channels (i, i + dh/2) of every head of q and k; `inverse` for the backward pass.
// Row r is at position first + r % len.
template <class T>
void rotate(T* qkv, int64_t bt, int64_t len, int64_t d, int64_t dh, const Tables<T>& t, bool inverse, int64_t first = 0) {
  const int64_t half = dh / 2;
  for (int64_t row = 0; row < bt; ++row) {
    const T* c = t.cos.data() + (first + row % len) * half;
    const T* s = t.sin.data() + (first + row % len) * half;
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
  dist_.resize(static_cast<size_t>((h_ + 1) * len));  // grows only: no allocation at a shape seen before
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
  gemm({bt, 3 * d, d, d, 1, 3 * d, 3 * d, false}, L.h1, wt, L.qkv, nullptr, w + at.qkvb);
  if (p_.position == TrainPosition::rope) rotate(L.qkv, bt, len, d, dh_, t, false);

  const T scale = T(1 / std::sqrt(static_cast<double>(dh_)));
  const bool biased = this->biased();
  for (int64_t b = 0; b < rows_; ++b)
    for (int64_t h = 0; h < h_; ++h) {
      const T* q = L.qkv + b * len * 3 * d + h * dh_;
      transpose(q + d, len, dh_, 3 * d, tr_);
      T* s = L.p + (b * h_ + h) * len * len;
      gemm({len, len, dh_, 3 * d, 1, len, len, false, Causal::n_upto_row}, q, tr_, s);
      causal_softmax(s, len, scale, biased ? dist_.data() + h * len : nullptr);
      gemm({len, dh_, len, len, 1, 3 * d, d, false, Causal::k_upto_row}, s, q + 2 * d,
              L.a + b * len * d + h * dh_);
    }

  gemm({bt, d, d, d, 1, d, d, false}, L.a, wt + 3 * d * d, L.x2, L.x, w + at.ob);  // x2 = x + bo + a·Woᵀ
  layernorm(L.x2, w + at.ln2w, w + at.ln2b, L.h2, L.mu2, L.rs2, bt, d);
  gemm({bt, ff, d, d, 1, ff, ff, false}, L.h2, wt + 4 * d * d, L.z, nullptr, w + at.fcb);
  gelu(L.z, L.g, bt * ff);  // L.z becomes GELU's derivative
  gemm({bt, d, ff, ff, 1, d, d, false}, L.g, wt + 8 * d * d, out, L.x2, w + at.projb);
}

template <class T>
void Model<T>::embed(const T* w, int32_t token, int64_t pos, const Tables<T>& t, T* x) const {
  const int64_t d = d_;
  const T scale = T(train_embedding_scale(p_));
  const T* e = w + at_.tok + token * d;
  const T* pe = p_.position == TrainPosition::sinusoidal ? t.sinusoid.data() + pos * d
                : p_.position == TrainPosition::learned  ? w + at_.pos + pos * d
                                                         : nullptr;
  for (int64_t c = 0; c < d; ++c) x[c] = pe ? scale * e[c] + pe[c] : scale * e[c];
}

template <class T>
void Model<T>::distance_biases(const T* w, int64_t len, const Tables<T>& t, T* out) const {
  // ALiBi's and T5's biases by distance, per head, reversed: out[h][len - 1 - dist]
  for (int64_t h = 0; h < h_; ++h)
    for (int64_t dist = 0; dist < len; ++dist)
      out[h * len + len - 1 - dist] = at_.rel >= 0 ? w[at_.rel + t.bucket[static_cast<size_t>(dist)] * h_ + h]
                                                   : -t.slopes[static_cast<size_t>(h)] * T(dist);
}

template <class T>
double Model<T>::forward(const T* w, const int32_t* inputs, const int32_t* targets, int64_t rows, int64_t len,
                         const Tables<T>& t, T* attention_out) {
  carve(rows, len);
  transpose_weights(w);
  if (biased()) distance_biases(w, len, t, dist_.data());
  const int64_t d = d_, bt = bt_;
  for (int64_t r = 0; r < bt; ++r) embed(w, inputs[r], r % len, t, layers_[0].x + r * d);
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
  gemm({bt, v_, d, d, 1, v_, v_, false}, hf_, wt_.data() + n * 12 * d * d, logits_, nullptr, w + at_.headb);

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
      // T5's bias: its gradient by distance, then per bucket (ALiBi's has no parameter: it stops here)
      T* gdist = grel ? dist_.data() + h_ * len : nullptr;
      if (gdist) std::fill(gdist, gdist + len, T(0));
      causal_softmax_backward(p, dp_, len, scale, gdist);
      for (int64_t dist = 0; gdist && dist < len; ++dist)
        grel[t.bucket[static_cast<size_t>(dist)] * h_ + h] += gdist[dist];
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
  const T scale = T(train_embedding_scale(p_));
  for (int64_t r = 0; r < bt; ++r) {
    T* ge = g + at_.tok + inputs[r] * d;
    T* gp = at_.pos >= 0 ? g + at_.pos + (r % len_) * d : nullptr;
    for (int64_t c = 0; c < d; ++c) {
      ge[c] += scale * dx_[r * d + c];
      if (gp) gp[c] += dx_[r * d + c];
    }
  }
}

template <class T>
int64_t Model<T>::decode_elements(int64_t rows, int64_t capacity) const {
  return p_.layers * rows * capacity * 2 * d_ + rows * (7 * d_ + 2 + 2 * ff_ + v_) + capacity * (h_ + 1);
}

template <class T>
void Model<T>::decode_start(int64_t rows, int64_t capacity) {
  Decode& s = dec_;
  s.rows = rows, s.capacity = capacity;
  const auto n = static_cast<size_t>(rows);
  s.kv.resize(static_cast<size_t>(p_.layers * rows * capacity * 2 * d_));
  for (auto* v : {&s.x, &s.h, &s.a, &s.x2}) v->resize(n * static_cast<size_t>(d_));
  s.qkv.resize(3 * n * static_cast<size_t>(d_));
  s.mu.resize(n), s.rs.resize(n);
  s.z.resize(n * static_cast<size_t>(ff_)), s.g.resize(s.z.size());
  s.logits.resize(n * static_cast<size_t>(v_));
  s.scores.resize(static_cast<size_t>(capacity));
  s.bias.resize(static_cast<size_t>(h_ * capacity));
}

// forward()'s layer for one new position per row: the same products and kernels, the keys and values of the
// earlier positions read from the cache instead of recomputed.
template <class T>
const T* Model<T>::decode_step(const T* w, const int32_t* tokens, int64_t pos, const Tables<T>& t) {
  Decode& s = dec_;
  const int64_t d = d_, n = s.rows, ff = ff_, cap = s.capacity, dh = dh_;
  if (pos == 0) {
    transpose_weights(w);
    if (biased()) distance_biases(w, cap, t, s.bias.data());
  }
  for (int64_t r = 0; r < n; ++r) embed(w, tokens[r], pos, t, s.x.data() + r * d);
  const T scale = T(1 / std::sqrt(static_cast<double>(dh)));
  for (int64_t l = 0; l < p_.layers; ++l) {
    const LayerAt& at = at_.layers[static_cast<size_t>(l)];
    const T* wt = wt_.data() + l * 12 * d * d;
    T* kv = s.kv.data() + l * n * cap * 2 * d;
    layernorm(s.x.data(), w + at.ln1w, w + at.ln1b, s.h.data(), s.mu.data(), s.rs.data(), n, d);
    gemm({n, 3 * d, d, d, 1, 3 * d, 3 * d, false}, s.h.data(), wt, s.qkv.data(), nullptr, w + at.qkvb);
    if (p_.position == TrainPosition::rope) rotate(s.qkv.data(), n, 1, d, dh, t, false, pos);
    for (int64_t r = 0; r < n; ++r) {
      const T* q = s.qkv.data() + r * 3 * d;
      const T* keys = kv + r * cap * 2 * d;  // [position][k | v]
      std::copy(q + d, q + 3 * d, kv + (r * cap + pos) * 2 * d);
      for (int64_t h = 0; h < h_; ++h) {
        T* p = s.scores.data();
        for (int64_t j = 0; j <= pos; ++j) {
          T acc = T(0);
          for (int64_t c = 0; c < dh; ++c) acc = acc + q[h * dh + c] * keys[j * 2 * d + h * dh + c];
          p[j] = acc;
        }
        softmax_row(p, pos + 1, scale, biased() ? s.bias.data() + h * cap + cap - 1 - pos : nullptr);
        for (int64_t c = 0; c < dh; ++c) {
          T acc = T(0);
          for (int64_t j = 0; j <= pos; ++j) acc = acc + p[j] * keys[j * 2 * d + d + h * dh + c];
          s.a[static_cast<size_t>(r * d + h * dh + c)] = acc;
        }
      }
    }
    gemm({n, d, d, d, 1, d, d, false}, s.a.data(), wt + 3 * d * d, s.x2.data(), s.x.data(), w + at.ob);
    layernorm(s.x2.data(), w + at.ln2w, w + at.ln2b, s.h.data(), s.mu.data(), s.rs.data(), n, d);
    gemm({n, ff, d, d, 1, ff, ff, false}, s.h.data(), wt + 4 * d * d, s.z.data(), nullptr, w + at.fcb);
    gelu(s.z.data(), s.g.data(), n * ff);
    gemm({n, d, ff, ff, 1, d, d, false}, s.g.data(), wt + 8 * d * d, s.x.data(), s.x2.data(), w + at.projb);
  }
  layernorm(s.x.data(), w + at_.lnfw, w + at_.lnfb, s.h.data(), s.mu.data(), s.rs.data(), n, d);
  gemm({n, v_, d, d, 1, v_, v_, false}, s.h.data(), wt_.data() + p_.layers * 12 * d * d, s.logits.data(), nullptr,
       w + at_.headb);
  return s.logits.data();
}

template class Model<float>;
template class Model<double>;

}  // namespace posenc::train_detail
