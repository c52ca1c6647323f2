// Position ids for padded batches, the two conventions of transformers.
#pragma once
#include <cstdint>

#include "posenc/error.hpp"

namespace posenc {

// RoBERTa (create_position_ids_from_input_ids): padding keeps pad_token_id, real tokens count from
// pad_token_id + 1 + past_length. `n` ids: the largest id, pad_token_id + past_length + n, must fit in int32.
Error validate_roberta(int64_t pad_token_id, int64_t past_length, int64_t n);
void position_ids_roberta(const int32_t* ids, int64_t n, int64_t pad_token_id, int64_t past_length, int32_t* out);

// Generation with left padding (GPT-2 prepare_inputs_for_generation): cumsum(mask) - 1, and 1 where the
// mask is 0. mask values must be 0 or 1.
Error validate_mask(const int32_t* mask, int64_t n);
void position_ids_generation(const int32_t* mask, int64_t n, int32_t* out);

}  // namespace posenc
