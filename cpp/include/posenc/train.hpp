// Train short, test long: a small decoder-only transformer (float32, pre-LayerNorm, GELU MLP, causal
// attention) trained on seeded algorithmic tasks, with every position method of the engine. Forward and
// backward are written out for this one model (no autograd); AdamW with warm-up and cosine decay and global
// gradient clipping follow torch.optim.AdamW and clip_grad_norm_. The model, parameter names and task formats
// are documented in docs/engine.md ("Training").
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/rope.hpp"

namespace posenc {

enum class TrainTask { copy, reverse, sort, recall, add };
enum class TrainPosition { none, sinusoidal, learned, rope, alibi, t5 };

struct TrainParams {
  TrainTask task = TrainTask::copy;
  TrainPosition position = TrainPosition::none;
  int64_t train_length = 8;  // n of the training samples (4 to 64)
  int64_t d_model = 32, layers = 2, heads = 4, vocab = 16, batch = 32;
  int64_t steps = 1000, warmup = 100;  // the learning-rate schedule's S and W
  double lr = 3e-3, weight_decay = 0.01, clip = 1.0;
  uint32_t seed = 0;
  int64_t max_positions = 0;  // learned: the table size P (0: the training sequence length)
  int64_t t5_buckets = 32, t5_max_distance = 128;
  // The token embedding as in Vaswani et al. and fairseq: drawn from Normal(0, 1/sqrt(d)) and multiplied by
  // sqrt(d) in the forward pass, so token identity and an added position table (rows of norm ~sqrt(d/2))
  // enter at the same scale. false: Normal(0, 0.02) and no multiplier (GPT-2's embedding).
  bool scale_embedding = true;
  // RoPE's positions in training ('linear' only: position interpolation, Chen et al. 2023, fine-tuned at a
  // longer length); evaluation, attention and predict use it unless given a scaling of their own.
  RopeScaling scaling;
};
// The multiplier of the token embedding in the forward pass.
inline double train_embedding_scale(const TrainParams& p) {
  return p.scale_embedding ? __builtin_sqrt(static_cast<double>(p.d_model)) : 1.0;
}

Error validate(const TrainParams& p);

// Token ids of the task vocabulary: symbols kFirstSymbol..vocab-1 carry content.
inline constexpr int32_t kTokenBos = 0, kTokenSep = 1, kTokenReserved = 2, kFirstSymbol = 3;
inline constexpr int64_t kTrainMaxSequence = 1024;  // the longest sequence T a trainer runs (evaluation too)

// A sample of length n is [BOS, x_1..x_n, SEP, y_1..y_m] (recall: [BOS, k v ..., SEP, q, v]); the model sees
// T = tokens - 1 positions and the loss is taken on the answer tokens only.
int64_t train_sequence_length(TrainTask task, int64_t n);
int64_t train_answer_length(TrainTask task, int64_t n);
// The longest sample length n of the task whose sequence fits kTrainMaxSequence (even for recall and add).
int64_t train_max_length(TrainTask task);
// Whether n is a length of the task (recall and add need an even n >= 2), naming `name` otherwise.
Error validate_task_length(const TrainParams& p, int64_t n, const std::string& name);
// The P of the learned table.
int64_t train_position_table(const TrainParams& p);

// One named parameter of the model, `offset` floats into the flat weight array.
struct TrainTensor {
  std::string name;
  int64_t rows = 0, cols = 0;  // cols = 1 for vectors
  int64_t offset = 0;
  bool decay = false;  // AdamW's weight decay applies (2-D weights)
  int64_t size() const { return rows * cols; }
};
std::vector<TrainTensor> train_tensors(const TrainParams& p);
int64_t train_parameter_count(const TrainParams& p);

// What a rule that learns nothing of the task writes, scored like the model: the best of a few such rules
// on the same samples ('mode': the prompt's most frequent symbol, every time; for copy, reverse and sort also
// 'prompt' and 'reversed', the prompt as given or reversed, unless that is the task).
struct TrainBaseline {
  std::string rule;
  double exact_match = 0;
  std::vector<double> accuracy;  // per answer position
};

// Per length of an evaluation.
struct TrainEvalResult {
  int64_t length = 0;
  bool supported = true;  // false: a learned model has no embedding for the positions this length needs
  std::string reason;
  double exact_match = 0;     // the whole answer right (greedy and teacher-forced agree on this)
  std::vector<double> written;         // per answer position: the greedy answer (what the model writes)
  std::vector<double> accuracy, loss;  // per answer position, teacher-forced (the true prefix fed in)
  TrainBaseline baseline;
};

// Evaluation-time RoPE scaling (type standard: none). original_max_position_embeddings defaults to the
// training sequence length.
struct TrainScaling {
  RopeScaling rope;
};
Error validate(const TrainParams& p, const TrainScaling& s);

class Trainer {
 public:
  explicit Trainer(const TrainParams& p);  // p must be valid
  ~Trainer();
  Trainer(const Trainer&) = delete;
  Trainer& operator=(const Trainer&) = delete;

  const TrainParams& params() const;
  const std::vector<TrainTensor>& tensors() const;
  float* weights();
  int64_t parameter_count() const;
  int64_t steps_done() const;
  int64_t sequence_length() const;  // T of the training batches

  // Training batch number `index` (inputs and targets: batch x T int32), from the seed.
  void batch(int64_t index, int32_t* inputs, int32_t* targets) const;
  // `count` evaluation samples of length n (T = train_sequence_length(task, n)), stream `stream`.
  void samples(int64_t n, int64_t count, uint64_t stream, int32_t* inputs, int32_t* targets) const;

  // Checks a batch of `rows` x `length` given by a caller (token ids, targets -1 or a token, at least one
  // answer, length within the model's positions).
  Error validate_batch(const int32_t* inputs, const int32_t* targets, int64_t rows, int64_t length) const;
  // Bytes gradients() allocates for a batch of another shape than the training one (0 for that one).
  int64_t batch_bytes(int64_t rows, int64_t length) const;
  // Loss and gradients (parameter_count floats into grads, nullable) of a valid batch, no update.
  float gradients(const int32_t* inputs, const int32_t* targets, int64_t rows, int64_t length, float* grads);
  // Whether n more optimiser steps fit the schedule: the rate is defined for the `steps` the trainer was
  // created with (warm-up, then cosine down to 0), and a step past them is an error, not a rate rising again.
  Error validate_steps(int64_t n, const std::string& name) const;
  // One optimiser step on a valid batch of the training shape, or on the engine's next batch.
  float step_on(const int32_t* inputs, const int32_t* targets, int64_t rows, int64_t length);
  float step();

  // Exact match, accuracy and loss per answer position at length n over `samples` seeded samples.
  Error evaluate(int64_t n, int64_t samples, const TrainScaling& scaling, TrainEvalResult& out);
  // Bytes evaluate(n, samples) allocates (and frees before it returns), for a caller to check first.
  int64_t evaluation_bytes(int64_t n, int64_t samples) const;
  // Attention weights of one sequence (tokens: length ids): layers x heads x length x length floats.
  Error validate_sequence(const int32_t* tokens, int64_t length, const std::string& name) const;
  void attention(const int32_t* tokens, int64_t length, const TrainScaling& scaling, float* out);
  // Greedy answer to a prompt ([BOS, x..., SEP] or [BOS, k v ..., SEP, q]): the answer length of the task.
  Error validate_prompt(const int32_t* tokens, int64_t length, int64_t& answer) const;
  void predict(const int32_t* tokens, int64_t length, const TrainScaling& scaling, int32_t* answer);

  // Bytes the trainer holds (weights, optimiser state, training activations).
  int64_t bytes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Bytes a trainer for p would allocate (checked against a limit by validate).
int64_t train_bytes(const TrainParams& p);

// The same model in float64, for finite-difference tests of the backward pass: the loss of a batch and the
// gradient of every parameter (weights and grads: train_parameter_count(p) doubles).
double train_gradients_f64(const TrainParams& p, const double* weights, const int32_t* inputs,
                           const int32_t* targets, int64_t rows, int64_t length, double* grads);

}  // namespace posenc
