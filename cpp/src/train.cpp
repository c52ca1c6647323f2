// posenc::Trainer: options, parameters and their initialisation, batches given by a caller, and the gradients
// of the model of train_model.cpp (the tasks, the optimiser and evaluation have files of their own).
#include "posenc/train.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "internal.hpp"
#include "posenc/learned.hpp"
#include "posenc/t5.hpp"
#include "train_impl.hpp"

namespace posenc {

using train_detail::check_range;
using train_detail::Model;
using train_detail::stream_state;
using train_detail::Tables;

namespace {

constexpr int64_t kMaxTrainBytes = int64_t{768} << 20;  // the wasm heap is 2 GiB at most; leave room

Error check_real(double value, const char* name, double lo, double hi, bool open_low) {
  if (!(value - value == 0) || value > hi || (open_low ? value <= lo : value < lo))
    return range_error(std::string(name) + " must be a number " + (open_low ? "above " : "from ") +
                       format_number(lo) + (open_low ? " up to " : " to ") + format_number(hi) + " (got " +
                       format_number(value) + ")");
  return {};
}

}  // namespace

Error train_detail::check_range(int64_t value, const char* name, int64_t lo, int64_t hi) {
  if (value < lo || value > hi)
    return range_error(std::string(name) + " must be an integer from " + std::to_string(lo) + " to " +
                       std::to_string(hi) + " (got " + std::to_string(value) + ")");
  return {};
}

Error validate(const TrainParams& p) {
  if (auto e = check_range(p.train_length, "trainLength", 4, 64)) return e;
  if (auto e = validate_task_length(p, p.train_length, "trainLength")) return e;
  if (auto e = check_range(p.d_model, "dModel", 16, 128)) return e;
  if (auto e = check_range(p.layers, "layers", 1, 4)) return e;
  if (auto e = check_range(p.heads, "heads", 1, 8)) return e;
  if (p.d_model % p.heads || (p.d_model / p.heads) % 2)
    return range_error("heads must divide dModel into heads of an even size (dModel " + std::to_string(p.d_model) +
                       ", heads " + std::to_string(p.heads) + ")");
  const int64_t min_vocab = p.task == TrainTask::add ? 5 : 4;  // add: digits of base 2 at least
  if (auto e = check_range(p.vocab, "vocab", min_vocab, 256)) return e;
  if (auto e = check_range(p.batch, "batch", 1, 1024)) return e;
  if (auto e = check_range(p.steps, "steps", 1, 10000000)) return e;
  if (auto e = check_range(p.warmup, "warmup", 0, p.steps)) return e;
  if (auto e = check_real(p.lr, "lr", 0, 1, true)) return e;
  if (auto e = check_real(p.weight_decay, "weightDecay", 0, 1, false)) return e;
  if (auto e = check_real(p.clip, "clip", 0, 1e6, true)) return e;
  if (p.max_positions != 0) {
    if (p.position != TrainPosition::learned)
      return range_error("maxPositions is the learned table's size: it needs position 'learned'");
    const int64_t T = train_sequence_length(p.task, p.train_length);
    if (auto e = check_range(p.max_positions, "maxPositions", T, kTrainMaxSequence)) return e;
  }
  if (auto e = check_range(p.t5_buckets, "t5Buckets", 4, 256)) return e;
  if (auto e = check_range(p.t5_max_distance, "t5MaxDistance", 1, 65536)) return e;
  T5BucketParams bp;
  bp.bidirectional = false, bp.num_buckets = p.t5_buckets, bp.max_distance = p.t5_max_distance;
  if (auto e = validate(bp)) return e;
  if (p.scaling.type != RopeType::standard) {
    if (p.position == TrainPosition::rope && p.scaling.type != RopeType::linear)
      return range_error("scaling.type must be 'linear' in training (position interpolation); the others apply at evaluation");
    if (auto e = validate(p, TrainScaling{p.scaling})) return e;
  }
  const int64_t bytes = train_bytes(p);
  if (bytes > kMaxTrainBytes)
    return range_error("batch x trainLength is too large for dModel " + std::to_string(p.d_model) + " and " +
                       std::to_string(p.layers) + " layers: the trainer would hold " +
                       std::to_string(bytes >> 20) + " MiB (at most " + std::to_string(kMaxTrainBytes >> 20) + ")");
  return {};
}

Error validate(const TrainParams& p, const TrainScaling& s) {
  if (s.rope.type == RopeType::standard) return {};
  if (p.position != TrainPosition::rope)
    return range_error("scaling applies to the rope position method only (this trainer uses another)");
  if (s.rope.type != RopeType::linear && s.rope.type != RopeType::dynamic && s.rope.type != RopeType::yarn)
    return range_error("scaling.type must be one of 'linear', 'dynamic', 'yarn'");
  RopeParams rp;
  rp.head_dim = p.d_model / p.heads;
  rp.scaling = s.rope;
  if (!rp.scaling.original_max_position_embeddings)
    rp.scaling.original_max_position_embeddings = static_cast<double>(train_sequence_length(p.task, p.train_length));
  return validate(rp);
}

std::vector<TrainTensor> train_tensors(const TrainParams& p) {
  const train_detail::ModelAt at = train_detail::model_layout(p);
  const int64_t d = p.d_model, ff = 4 * d;
  std::vector<TrainTensor> out;
  auto add = [&](std::string name, int64_t rows, int64_t cols, int64_t offset, bool decay) {
    out.push_back({std::move(name), rows, cols, offset, decay});
  };
  add("tok_emb", p.vocab, d, at.tok, true);
  if (at.pos >= 0) add("pos_emb", train_position_table(p), d, at.pos, true);
  if (at.rel >= 0) add("rel_bias", p.t5_buckets, p.heads, at.rel, false);
  for (int64_t l = 0; l < p.layers; ++l) {
    const train_detail::LayerAt& L = at.layers[static_cast<size_t>(l)];
    const std::string pre = "layers." + std::to_string(l) + ".";
    add(pre + "ln1.weight", d, 1, L.ln1w, false);
    add(pre + "ln1.bias", d, 1, L.ln1b, false);
    const char* qkv[3] = {"q", "k", "v"};
    for (int i = 0; i < 3; ++i) {
      add(pre + "attn." + qkv[i] + ".weight", d, d, L.qkvw + i * d * d, true);
      add(pre + "attn." + qkv[i] + ".bias", d, 1, L.qkvb + i * d, false);
    }
    add(pre + "attn.o.weight", d, d, L.ow, true);
    add(pre + "attn.o.bias", d, 1, L.ob, false);
    add(pre + "ln2.weight", d, 1, L.ln2w, false);
    add(pre + "ln2.bias", d, 1, L.ln2b, false);
    add(pre + "mlp.fc.weight", ff, d, L.fcw, true);
    add(pre + "mlp.fc.bias", ff, 1, L.fcb, false);
    add(pre + "mlp.proj.weight", d, ff, L.projw, true);
    add(pre + "mlp.proj.bias", d, 1, L.projb, false);
  }
  add("ln_f.weight", d, 1, at.lnfw, false);
  add("ln_f.bias", d, 1, at.lnfb, false);
  add("head.weight", p.vocab, d, at.headw, true);
  add("head.bias", p.vocab, 1, at.headb, false);
  return out;
}

int64_t train_parameter_count(const TrainParams& p) { return train_detail::model_layout(p).total; }

int64_t train_bytes(const TrainParams& p) {
  const int64_t T = train_sequence_length(p.task, p.train_length);
  const Model<float> probe(p, true);
  const int64_t weights = train_parameter_count(p);
  // weights, gradients, two moments, transposed weights, batch tokens, activations
  return 4 * (5 * weights + 2 * p.batch * T + probe.arena_elements(p.batch, T));
}

Trainer::Trainer(const TrainParams& p) : impl_(new Impl(p)) {
  Impl& s = *impl_;
  s.T = train_sequence_length(p.task, p.train_length);
  const int64_t n = train_parameter_count(p);
  s.w.assign(static_cast<size_t>(n), 0.f);
  s.g.assign(static_cast<size_t>(n), 0.f);
  s.m.assign(static_cast<size_t>(n), 0.f);
  s.v.assign(static_cast<size_t>(n), 0.f);
  s.inputs.resize(static_cast<size_t>(p.batch * s.T));
  s.targets.resize(s.inputs.size());
  s.model.reserve(p.batch, s.T);
  train_detail::build_tables(p, s.T, nullptr, s.tables);
  // Normal(0, 0.02) from the engine's learned-table generator, one stream per tensor; the residual
  // projections get 0.02/sqrt(2N) (GPT-2); LayerNorm weights 1; biases and rel_bias 0.
  for (size_t i = 0; i < s.tensors.size(); ++i) {
    const TrainTensor& t = s.tensors[i];
    float* at = s.w.data() + t.offset;
    const bool ln = t.name.find("ln") != std::string::npos && t.name.find(".weight") != std::string::npos;
    if (ln) std::fill(at, at + t.size(), 1.f);
    if (!t.decay) continue;
    const bool residual = t.name.find("attn.o.weight") != std::string::npos ||
                          t.name.find("mlp.proj.weight") != std::string::npos;
    LearnedParams lp;
    lp.max_length = t.rows, lp.d_model = t.cols;
    lp.seed = static_cast<uint32_t>(stream_state(p.seed, 0x1417, i) >> 32);
    // scale_embedding: fairseq's Transformer (Vaswani et al.'s scale): embeddings (tokens and learned
    // positions) Normal(0, 1/sqrt(d)), the tokens times sqrt(d), so the residual stream starts at unit scale,
    // and Linear weights Glorot-normal, sqrt(2 / (fan_in + fan_out)), so the layers' outputs match it.
    const bool embedding = t.name == "tok_emb" || t.name == "pos_emb";
    if (p.scale_embedding)
      lp.std = embedding ? 1 / std::sqrt(static_cast<double>(p.d_model))
                         : std::sqrt(2.0 / static_cast<double>(t.rows + t.cols));
    else
      lp.std = residual ? 0.02 / std::sqrt(2.0 * static_cast<double>(p.layers)) : 0.02;
    learned_rows(lp, 0, t.rows, at);
  }
}

Trainer::~Trainer() = default;

const TrainParams& Trainer::params() const { return impl_->p; }
const std::vector<TrainTensor>& Trainer::tensors() const { return impl_->tensors; }
float* Trainer::weights() { return impl_->w.data(); }
int64_t Trainer::parameter_count() const { return static_cast<int64_t>(impl_->w.size()); }
int64_t Trainer::steps_done() const { return impl_->step; }
int64_t Trainer::sequence_length() const { return impl_->T; }

int64_t Trainer::bytes() const {
  const Impl& s = *impl_;
  return 4 * (5 * parameter_count() + 2 * static_cast<int64_t>(s.inputs.size()) +
              s.model.arena_elements(s.p.batch, s.T));
}

Error Trainer::validate_sequence(const int32_t* tokens, int64_t length, const std::string& name) const {
  const Impl& s = *impl_;
  if (length < 1 || length > kTrainMaxSequence)
    return range_error(name + " must hold 1 to " + std::to_string(kTrainMaxSequence) + " tokens (got " +
                       std::to_string(length) + ")");
  if (s.p.position == TrainPosition::learned && length > train_position_table(s.p))
    return range_error(name + ": " + std::to_string(length) + " positions, but the learned table has " +
                       std::to_string(train_position_table(s.p)) + " (maxPositions): position " +
                       std::to_string(train_position_table(s.p)) + " has no embedding");
  for (int64_t i = 0; i < length; ++i)
    if (tokens[i] < 0 || tokens[i] >= s.p.vocab)
      return range_error(name + "[" + std::to_string(i) + "] must be a token from 0 to " +
                         std::to_string(s.p.vocab - 1) + " (got " + std::to_string(tokens[i]) + ")");
  return {};
}

Error Trainer::validate_batch(const int32_t* inputs, const int32_t* targets, int64_t rows, int64_t length) const {
  const Impl& s = *impl_;
  if (length < 1 || length > kTrainMaxSequence)
    return range_error("inputs must hold batch rows of 1 to " + std::to_string(kTrainMaxSequence) + " tokens (got " +
                       std::to_string(length) + " per row)");
  if (s.p.position == TrainPosition::learned && length > train_position_table(s.p))
    return range_error("inputs: rows of " + std::to_string(length) + " positions, but the learned table has " +
                       std::to_string(train_position_table(s.p)) + " (maxPositions)");
  const int64_t bytes = 4 * Model<float>(s.p, true).arena_elements(rows, length);
  if (bytes > kMaxTrainBytes)
    return range_error("inputs: " + std::to_string(rows) + " rows of " + std::to_string(length) +
                       " tokens need " + std::to_string(bytes >> 20) + " MiB of activations (at most " +
                       std::to_string(kMaxTrainBytes >> 20) + ")");
  int64_t answers = 0;
  for (int64_t i = 0; i < rows * length; ++i) {
    if (inputs[i] < 0 || inputs[i] >= s.p.vocab)
      return range_error("inputs[" + std::to_string(i) + "] must be a token from 0 to " +
                         std::to_string(s.p.vocab - 1) + " (got " + std::to_string(inputs[i]) + ")");
    if (targets[i] < -1 || targets[i] >= s.p.vocab)
      return range_error("targets[" + std::to_string(i) + "] must be -1 (no loss) or a token from 0 to " +
                         std::to_string(s.p.vocab - 1) + " (got " + std::to_string(targets[i]) + ")");
    answers += targets[i] >= 0;
  }
  if (!answers) return range_error("targets must hold at least one answer token (every entry is -1)");
  return {};
}

int64_t Trainer::batch_bytes(int64_t rows, int64_t length) const {
  const Impl& s = *impl_;
  if (rows == s.p.batch && length == s.T) return 0;
  return 4 * Model<float>(s.p, true).arena_elements(rows, length);
}

float Trainer::gradients(const int32_t* inputs, const int32_t* targets, int64_t rows, int64_t length, float* grads) {
  Impl& s = *impl_;
  const bool training_shape = rows == s.p.batch && length == s.T;
  if (training_shape) {
    const double loss = s.model.forward(s.w.data(), inputs, targets, rows, length, s.tables);
    s.model.backward(s.w.data(), s.g.data(), inputs, s.tables);
    if (grads) std::memcpy(grads, s.g.data(), sizeof(float) * s.g.size());
    return static_cast<float>(loss);
  }
  // Another shape (a caller's batch): its own activations and tables, released on return.
  Model<float> model(s.p, true);
  model.reserve(rows, length);
  Tables<float> tables;
  train_detail::build_tables(s.p, length, nullptr, tables);
  const double loss = model.forward(s.w.data(), inputs, targets, rows, length, tables);
  model.backward(s.w.data(), s.g.data(), inputs, tables);
  if (grads) std::memcpy(grads, s.g.data(), sizeof(float) * s.g.size());
  return static_cast<float>(loss);
}

float Trainer::step() {
  Impl& s = *impl_;
  batch(s.step, s.inputs.data(), s.targets.data());
  return step_on(s.inputs.data(), s.targets.data(), s.p.batch, s.T);
}

}  // namespace posenc
