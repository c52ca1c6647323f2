// Sinusoidal tables (Vaswani et al. 2017) and the exact angle-addition generator they share with RoPE.
#pragma once
#include <cstddef>
#include <cstdint>

#include "posenc/error.hpp"

namespace posenc {

enum class Layout { interleaved, split };

struct SinusoidalParams {
  int64_t length = 0;
  int64_t d_model = 0;
  double base = 10000;
  int64_t offset = 0;  // first position (KV cache / long context)
  Layout layout = Layout::interleaved;
};

Error validate(const SinusoidalParams& p);

// Frequency of pair i: base^(-2i/d_model). Odd d_model keeps the true d_model in the exponent and gives
// the last column a sine with no cosine partner (interleaved) / one more sine than cosines (split).
double sinusoidal_frequency(double base, int64_t d_model, int64_t i);
inline int64_t sinusoidal_pairs(int64_t d_model) { return (d_model + 1) / 2; }

// Generates sin(p*w_i)*scale and cos(p*w_i)*scale for consecutive integer positions p, every float within
// 4 float32 roundings of the exact value: exact double sin/cos at anchors, a double rotation from anchor to
// anchor (re-seeded exactly every kReseed blocks), and float tables of sin/cos(j*w) for the kBlock in-block
// offsets j, combined with the angle-addition identity (two multiplies and an add per output).
class AngleRotor {
 public:
  static constexpr int64_t kBlock = 16;
  static constexpr int64_t kReseed = 64;
  static constexpr int64_t kRowsPerPass = 4;  // rows of a block written together (see block_interleaved)
  static size_t workspace_bytes(int64_t n);

  // `freqs` (n doubles) must outlive the rotor; `workspace` holds workspace_bytes(n), 16-byte aligned.
  AngleRotor(const double* freqs, int64_t n, double scale, void* workspace);

  // Calls block(j0, rows) for the blocks of up to kBlock positions first+j0... (j0 = 0, kBlock, ...; j0 <
  // count), with the block's anchor in place. A call that starts where the previous one stopped after whole
  // blocks continues the rotation instead of re-seeding, so streaming a table chunk by chunk costs no extra
  // transcendental calls.
  template <class Block>
  void for_blocks(int64_t first, int64_t count, Block&& block);
  // The same, one position at a time: row(j, k) for j = 0..count-1, k the in-block offset for combine().
  template <class Row>
  void for_positions(int64_t first, int64_t count, Row&& row) {
    for_blocks(first, count, [&](int64_t j0, int64_t rows) {
      for (int64_t k = 0; k < rows; ++k) row(j0 + k, k);
    });
  }

  // The n sines and n cosines at in-block offset k, into row_sin() / row_cos().
  void combine(int64_t k);
  const float* row_sin() const { return row_sin_; }
  const float* row_cos() const { return row_cos_; }
  // The current block's first `rows` table rows, row-major `width` floats apart, written straight into out:
  // interleaved (sin, cos) pairs, width = 2n or 2n - 1 (odd d_model) ...
  void block_interleaved(int64_t rows, float* out, int64_t width) const;
  // ... or split: n sines, then the first width - n cosines.
  void block_split(int64_t rows, float* out, int64_t width) const;

  int64_t size() const { return n_; }

 private:
  void seed(int64_t position);    // exact anchor
  void advance();                 // anchor += kBlock by a double rotation
  struct Pairs;                   // the four float arrays combined at one in-block offset
  Pairs pairs(int64_t k) const;
  template <class Cell>
  void each_cell(int64_t rows, int64_t vectors, Cell&& cell) const;

  const double* freqs_;
  int64_t n_, stride_;
  int64_t next_ = -1, blocks_since_seed_ = 0;  // where the next anchor would be, and its age
  double scale_;
  double *anchor_sin_, *anchor_cos_, *step_sin_, *step_cos_;
  float *anchor_sin_f_, *anchor_cos_f_, *offset_sin_, *offset_cos_, *row_sin_, *row_cos_;
};

template <class Block>
void AngleRotor::for_blocks(int64_t first, int64_t count, Block&& block) {
  for (int64_t j0 = 0; j0 < count; j0 += kBlock) {
    const int64_t position = first + j0;
    if (position == next_ && ++blocks_since_seed_ < kReseed) {
      advance();
    } else {
      seed(position);
      blocks_since_seed_ = 0;
    }
    const int64_t rows = j0 + kBlock < count ? kBlock : count - j0;
    next_ = rows == kBlock ? position + kBlock : -1;
    block(j0, rows);
  }
}

// Streams a sinusoidal table: plan once, then fill any run of rows.
class SinusoidalPlan {
 public:
  static size_t workspace_bytes(int64_t d_model);
  // p must be valid (validate(p) empty).
  SinusoidalPlan(const SinusoidalParams& p, void* workspace);
  // Rows first..first+count-1 of the table (positions offset+first...), row-major into out.
  void rows(int64_t first, int64_t count, float* out);
  // A plan's tables depend on d_model and base only: it can serve another length, offset or layout.
  bool serves(const SinusoidalParams& p) const;
  void retarget(const SinusoidalParams& p);  // requires serves(p)

 private:
  SinusoidalParams p_;
  double* freqs_;
  AngleRotor rotor_;
};

// Checked convenience: the whole table into out (length*d_model floats). Throws on invalid p.
void sinusoidal(const SinusoidalParams& p, float* out);

}  // namespace posenc
