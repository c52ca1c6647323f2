// The trainer's state and what its implementation files share: train.cpp (options, parameters, batches given
// by a caller), train_tasks.cpp (the seeded tasks), train_optim.cpp (clipping, schedule, AdamW) and
// train_eval.cpp (evaluation, attention, prediction) around the model of train_model.cpp.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "posenc/train.hpp"
#include "train_model.hpp"

namespace posenc {

struct Trainer::Impl {
  TrainParams p;
  std::vector<TrainTensor> tensors;
  int64_t T = 0;
  std::vector<float> w, g, m, v;
  std::vector<int32_t> inputs, targets;
  train_detail::Model<float> model;
  train_detail::Tables<float> tables;
  int64_t step = 0;
  explicit Impl(const TrainParams& params) : p(params), tensors(train_tensors(params)), model(params, true) {}
};

namespace train_detail {

// "name must be an integer from lo to hi (got value)".
Error check_range(int64_t value, const char* name, int64_t lo, int64_t hi);
// A counter-based stream per (seed, purpose, index): batches can be made in any order, and peeked.
uint64_t stream_state(uint32_t seed, uint64_t purpose, uint64_t index);
// The best rule that learns nothing of the task (TrainBaseline), scored on `count` samples of length n.
TrainBaseline baseline(TrainTask task, int64_t n, int64_t count, const int32_t* inputs, const int32_t* targets);

}  // namespace train_detail
}  // namespace posenc
