// Rotary position embedding (Su et al. 2021) with the rope_scaling variants of HF transformers
// (modeling_rope_utils.py): default, linear, dynamic NTK, YaRN, Llama 3 and LongRoPE.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <optional>

#include "posenc/error.hpp"
#include "posenc/sinusoidal.hpp"

namespace posenc {

enum class RopeType { standard, linear, dynamic, yarn, llama3, longrope };
// NeoX/LLaMA rotate_half; GPT-J/RoFormer rotate_every_two; DeepSeek's rope_interleave: pairs (2i, 2i+1) read,
// rotated and written back in rotate_half order (channel i and i + n).
enum class RopeConvention { half, interleaved, deinterleave };
// Where a token's heads sit in x: [batch][seq][heads][dim] (as projected) or [batch][heads][seq][dim] (as
// transformers' attention holds q and k after the transpose).
enum class RopeLayout { bshd, bhsd };

// transformers' rope_scaling keys; unset optionals take transformers' defaults.
struct RopeScaling {
  RopeType type = RopeType::standard;
  std::optional<double> factor;
  std::optional<double> original_max_position_embeddings;
  std::optional<double> max_position_embeddings;
  std::optional<double> seq_len;  // dynamic / longrope: the sequence length the frequencies are for
  std::optional<double> beta_fast, beta_slow, mscale, mscale_all_dim, attention_factor;
  bool truncate = true;
  std::optional<double> low_freq_factor, high_freq_factor;
  const double* short_factor = nullptr;  // longrope: rotary_dim/2 values each
  int64_t short_factor_size = 0;
  const double* long_factor = nullptr;
  int64_t long_factor_size = 0;
};

struct RopeParams {
  int64_t head_dim = 0;
  double base = 10000;
  double partial_rotary_factor = 1;
  RopeScaling scaling;
};

Error validate(const RopeParams& p);
// int(head_dim * partial_rotary_factor): the channels that rotate; the rest pass through.
int64_t rope_rotary_dim(const RopeParams& p);

// inv_freq (rotary_dim/2 doubles) and the attention factor cos/sin are multiplied by. `seq_len` is the
// length the frequencies serve (dynamic and longrope depend on it; scaling.seq_len overrides it).
double rope_inv_freq(const RopeParams& p, double seq_len, double* inv_freq);
// The factor alone (YaRN's mscale rule, LongRoPE's sqrt(1 + ln f / ln L), else 1 or as given).
double rope_attention_factor(const RopeParams& p);

struct RopeApplyParams {
  int64_t batch = 1, seq_len = 0, heads = 0;
  int64_t offset = 0;  // position of the first token (KV cache), when `positions` is not given
  // One position per token: [seq_len] (shared by the batch) or [batch][seq_len] (left padding, packed
  // sequences). Replaces offset.
  const int64_t* positions = nullptr;
  int64_t positions_size = 0;
  RopeLayout layout = RopeLayout::bshd;
  int64_t head_stride = 0;     // channels per head in x (0: rope.head_dim)
  int64_t channel_offset = 0;  // the first rotating channel of each head (DeepSeek: after the non-rotary part)
  RopeConvention convention = RopeConvention::half;
  RopeParams rope;
};

Error validate(const RopeApplyParams& p);
int64_t rope_head_stride(const RopeApplyParams& p);
// x is `rope_rows` contiguous rows of `rope_row_size` floats: one per token ([b][s], all heads) in the bshd
// layout, one per token and head ([b][h][s]) in the bhsd layout.
int64_t rope_rows(const RopeApplyParams& p);
int64_t rope_row_size(const RopeApplyParams& p);
// The length the frequencies serve (dynamic NTK, LongRoPE): the largest position + 1, as transformers takes it.
double rope_frequency_length(const RopeApplyParams& p);

// Rotates x (rope_rows(p) rows) in place or into another array, a chunk of rows at a time.
class RopeApplier {
 public:
  static size_t workspace_bytes(const RopeApplyParams& p);
  RopeApplier(const RopeApplyParams& p, void* workspace);  // p must be valid
  // Rows first..first+count-1 in place; x points at row `first`. Stops at the first row holding a NaN or
  // an infinity, which stays as it was, and returns how many rows were rotated (count when all were finite).
  int64_t rotate(int64_t first, int64_t count, float* x);
  // The same rows read from src and written to dst (src == dst, or the two do not overlap).
  int64_t rotate(int64_t first, int64_t count, const float* src, float* dst);
  // Rows in place in x, a copy of the caller's data that refill(context, row, x_row) can copy again, one row
  // at a time: each row is checked by the pass that rotates it (one read of it instead of two), and a row
  // found to hold a NaN or an infinity is refilled, so it stays as it was, as in rotate().
  using Refill = void (*)(void* context, int64_t row, float* x_row);
  int64_t rotate_copy(int64_t first, int64_t count, float* x, Refill refill, void* context);
  double attention_factor() const { return attention_factor_; }

 private:
  struct Space {  // the workspace, carved
    float *cos, *sin;  // per-position channel factors in the interleaved layout
    float* pairs;      // deinterleave in place: one head's rotary channels as read
    double* inv_freq;
    void* rotor;
  };
  static Space carve(void* workspace, int64_t dim);
  int64_t position(int64_t row) const;
  int64_t rotate_rows(int64_t first, int64_t count, const float* src, float* dst, bool fused);
  // At the rotor's current position. With `check`, returns false when the row may hold a NaN or an infinity
  // (then dst is partly written); without, returns true when it found the `next` row (if any) finite.
  bool rotate_row(const float* src, float* dst, bool check, const float* next);

  RopeApplyParams p_;
  int64_t dim_, stride_, vectors_, row_size_;
  Space space_;
  double attention_factor_;
  AngleRotor rotor_;
  Refill refill_ = nullptr;
  void* refill_context_ = nullptr;
};

// Checked convenience for native callers.
// Throws RangeError naming the first NaN or infinity in x (rows before it are rotated by then).
void rope_apply(const RopeApplyParams& p, float* x);

// The error for row `row_index` of `name` when it holds a value that is not finite: where the first one sits,
// in the layout's order, and what it is ("x[row 35, head 0, channel 13] is NaN"; batch first when batch > 1).
Error rope_nonfinite_error(const RopeApplyParams& p, const float* row, int64_t row_index, const std::string& name);

}  // namespace posenc
