// The transformer of posenc::Trainer, forward and backward written out for this model, as a template over the
// number type: float for the trainer, double for the finite-difference tests. Activations live in one arena
// sized once per (rows, length); the kernels allocate nothing.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "posenc/train.hpp"
#include "train_kernels.hpp"

namespace posenc::train_detail {

// What the position method needs at one sequence length.
template <class T>
struct Tables {
  int64_t length = 0;
  std::vector<T> sinusoid;      // [length][d]
  std::vector<T> cos, sin;      // [length][dh/2], times the attention factor
  std::vector<T> slopes;        // [heads]
  std::vector<int32_t> bucket;  // [length]: bucket of the distance i - j (causal: j - i <= 0)
};

// Offsets of one layer's parameters in the flat array. q, k and v weights are stored together ([3d][d]),
// then their biases ([3d]), so that one multiply projects all three.
struct LayerAt {
  int64_t ln1w, ln1b, qkvw, qkvb, ow, ob, ln2w, ln2b, fcw, fcb, projw, projb;
};
struct ModelAt {
  int64_t tok, pos = -1, rel = -1, lnfw, lnfb, headw, headb, total;
  std::vector<LayerAt> layers;
};
ModelAt model_layout(const TrainParams& p);

template <class T>
class Model {
 public:
  Model(const TrainParams& p, bool keep_layers);
  // Room for `rows` sequences of `length` (grows only). Returns false when memory ran out.
  void reserve(int64_t rows, int64_t length);
  int64_t arena_elements(int64_t rows, int64_t length) const;

  // Logits into logits() ([rows*length][vocab]); the loss over targets != -1 (targets may be null: no
  // loss). attention_out (nullable): every layer's weights, [layer][row][head][length][length].
  double forward(const T* w, const int32_t* inputs, const int32_t* targets, int64_t rows, int64_t length,
                 const Tables<T>& tables, T* attention_out = nullptr);
  // Gradients of the last forward's loss (keep_layers must be true) into g (zeroed here).
  void backward(const T* w, T* g, const int32_t* inputs, const Tables<T>& tables);
  const T* logits() const { return logits_; }

  // Greedy decoding on cached keys and values: decode_start(rows, capacity), then decode_step once per
  // position from 0 in order, with each row's token at that position; it returns that position's logits
  // ([rows][vocab]). Each value is the sum forward() forms for the same prefix, in the same order, so the
  // logits are forward()'s, bit for bit; only the tables' positions must not depend on the length (not
  // dynamic NTK). tables: built for at least `capacity` positions.
  void decode_start(int64_t rows, int64_t capacity);
  const T* decode_step(const T* w, const int32_t* tokens, int64_t pos, const Tables<T>& tables);
  // Elements decode_start allocates.
  int64_t decode_elements(int64_t rows, int64_t capacity) const;

 private:
  struct Layer {
    T *x, *h1, *mu1, *rs1, *qkv, *p, *a, *x2, *h2, *mu2, *rs2, *z, *g;
  };
  void carve(int64_t rows, int64_t length);
  bool biased() const { return p_.position == TrainPosition::alibi || at_.rel >= 0; }
  // x (d values) = the input of token at position pos: the scaled token embedding plus an added position row
  void embed(const T* w, int32_t token, int64_t pos, const Tables<T>& t, T* x) const;
  void distance_biases(const T* w, int64_t len, const Tables<T>& t, T* out) const;
  void transpose_weights(const T* w);
  void layer_forward(const T* w, const LayerAt& at, Layer& L, T* out, const Tables<T>& t);
  void layer_backward(const T* w, T* g, const LayerAt& at, Layer& L, T* dx, const Tables<T>& t);

  TrainParams p_;
  ModelAt at_;
  bool keep_;
  int64_t d_, dh_, h_, v_, ff_;
  int64_t rows_ = 0, len_ = 0, bt_ = 0;  // current shape
  int64_t cap_ = 0;                      // arena capacity in elements
  std::vector<T> arena_, wt_;
  std::vector<T> dist_;  // [heads][length] biases by distance, then [length] of their gradient
  std::vector<Layer> layers_;
  T *xf_, *hf_, *muf_, *rsf_, *logits_, *dx_, *dh_buf_, *dqkv_, *da_, *dz_, *dp_, *tr_;
  const int32_t* targets_ = nullptr;
  double count_ = 0;
  // decoding: [layer][row][position][k | v] keys and values, one position's activations, biases by distance
  struct Decode {
    int64_t rows = 0, capacity = 0;
    std::vector<T> kv, x, h, mu, rs, qkv, a, x2, z, g, logits, scores, bias;
  } dec_;
};

extern template class Model<float>;
extern template class Model<double>;

// Position tables for `length` positions (scaling: evaluation-time RoPE scaling, may be null).
template <class T>
void build_tables(const TrainParams& p, int64_t length, const TrainScaling* scaling, Tables<T>& t);

}  // namespace posenc::train_detail
