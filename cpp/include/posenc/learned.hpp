// Learned absolute position tables (GPT-2 `wpe`, BERT): max_length x d_model draws from Normal(0, std),
// reproducible from a seed and identical in every build (native, WASM SIMD, WASM scalar): each row has
// its own counter-based random stream and the normal transform uses only correctly rounded arithmetic.
#pragma once
#include <cstdint>

#include "posenc/error.hpp"

namespace posenc {

struct LearnedParams {
  int64_t max_length = 0;
  int64_t d_model = 0;
  uint32_t seed = 0;
  double std = 0.02;
};

Error validate(const LearnedParams& p);
// A row exists only for 0 <= position < max_length: anything else is an error, never a wrap-around.
Error validate_position(const LearnedParams& p, int64_t position);

// Row `position` of the table into out (d_model floats). p and position must be valid.
void learned_row(const LearnedParams& p, int64_t position, float* out);
// Rows first..first+count-1 into out.
void learned_rows(const LearnedParams& p, int64_t first, int64_t count, float* out);

// Checked convenience: the whole table (max_length*d_model floats).
void learned(const LearnedParams& p, float* out);

}  // namespace posenc
