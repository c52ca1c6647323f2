// T5 relative position buckets (transformers models/t5/modeling_t5.py::_relative_position_bucket).
#pragma once
#include <cstdint>

#include "posenc/error.hpp"

namespace posenc {

struct T5BucketParams {
  bool bidirectional = true;
  int64_t num_buckets = 32;
  int64_t max_distance = 128;
};
Error validate(const T5BucketParams& p);
// relative_position = key - query. Exact buckets for small distances, logarithmic ones up to
// max_distance, the last bucket beyond.
int32_t t5_bucket(int64_t relative_position, const T5BucketParams& p);

struct T5GridParams {
  int64_t query_length = 0, key_length = 0;
  T5BucketParams buckets;
};
Error validate(const T5GridParams& p);
// Rows first..first+count-1 of the [query][key] grid of t5_bucket(key - query).
void t5_bucket_rows(const T5GridParams& p, int64_t first, int64_t count, int32_t* out);

}  // namespace posenc
