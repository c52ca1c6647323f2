#include "posenc/position_ids.hpp"

#include <cstdint>

namespace posenc {

Error validate_roberta(int64_t pad_token_id, int64_t past_length, int64_t n) {
  if (pad_token_id < -(int64_t{1} << 30) || pad_token_id > (int64_t{1} << 30))
    return range_error("padTokenId must be an integer within +-2^30 (got " + std::to_string(pad_token_id) + ")");
  if (past_length < 0 || past_length > (int64_t{1} << 30))
    return range_error("pastLength must be an integer from 0 to 2^30 (got " + std::to_string(past_length) + ")");
  if (pad_token_id + past_length + n > INT32_MAX)
    return range_error("padTokenId + pastLength + the number of ids must be at most 2^31 - 1, the largest int32 " +
                       std::string("position id (got ") + std::to_string(pad_token_id + past_length + n) + ")");
  return {};
}

void position_ids_roberta(const int32_t* ids, int64_t n, int64_t pad_token_id, int64_t past_length, int32_t* out) {
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) {
    const bool real = ids[i] != pad_token_id;
    count += real;
    out[i] = static_cast<int32_t>(real ? count + past_length + pad_token_id : pad_token_id);
  }
}

Error validate_mask(const int32_t* mask, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    if (mask[i] != 0 && mask[i] != 1)
      return range_error("mask[" + std::to_string(i) + "] must be 0 or 1 (got " + std::to_string(mask[i]) + ")");
  return {};
}

void position_ids_generation(const int32_t* mask, int64_t n, int32_t* out) {
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) {
    count += mask[i];
    out[i] = mask[i] ? static_cast<int32_t>(count - 1) : 1;
  }
}

}  // namespace posenc
