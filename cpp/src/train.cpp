// posenc::Trainer: validation, the seeded tasks, initialisation, AdamW and evaluation around the model of
// train_model.cpp.
#include "posenc/train.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "internal.hpp"
#include "posenc/learned.hpp"
#include "posenc/t5.hpp"
#include "train_model.hpp"

namespace posenc {

using train_detail::Model;
using train_detail::Tables;

namespace {

constexpr int64_t kMaxTrainBytes = int64_t{768} << 20;  // the wasm heap is 2 GiB at most; leave room
constexpr int64_t kMaxEvalSamples = 100000;

Error check_range(int64_t value, const char* name, int64_t lo, int64_t hi) {
  if (value < lo || value > hi)
    return range_error(std::string(name) + " must be an integer from " + std::to_string(lo) + " to " +
                       std::to_string(hi) + " (got " + std::to_string(value) + ")");
  return {};
}

Error check_real(double value, const char* name, double lo, double hi, bool open_low) {
  if (!(value - value == 0) || value > hi || (open_low ? value <= lo : value < lo))
    return range_error(std::string(name) + " must be a number " + (open_low ? "above " : "from ") +
                       format_number(lo) + (open_low ? " up to " : " to ") + format_number(hi) + " (got " +
                       format_number(value) + ")");
  return {};
}

// The answer of a task starts after [BOS, x_1..x_n, SEP] (recall: after the query key too).
int64_t answer_start(TrainTask task, int64_t n) { return n + 1 + (task == TrainTask::recall ? 1 : 0); }

// A counter-based stream per (seed, purpose, index): batches can be made in any order, and peeked.
uint64_t stream_state(uint32_t seed, uint64_t purpose, uint64_t index) {
  uint64_t key = (static_cast<uint64_t>(seed) << 32) ^ (purpose * 0x9E3779B97F4A7C15ull) ^ (index * 0xD1B54A32D192ED03ull);
  return detail::splitmix64(key);
}

int32_t draw(uint64_t& state, int64_t count) {
  return static_cast<int32_t>(detail::splitmix64(state) % static_cast<uint64_t>(count));
}

// One sample of length n: s = [BOS, x.., SEP, y..]; inputs s[0..T-1], targets s[1..T] on answer positions.
void make_sample(const TrainParams& p, int64_t n, uint64_t& state, int32_t* inputs, int32_t* targets) {
  const int64_t symbols = p.vocab - kFirstSymbol, T = train_sequence_length(p.task, n);
  std::vector<int32_t> s(static_cast<size_t>(T + 1));
  s[0] = kTokenBos;
  int32_t* x = s.data() + 1;
  int32_t* y = x + n + 1;
  x[n] = kTokenSep;
  switch (p.task) {
    case TrainTask::copy:
    case TrainTask::reverse:
    case TrainTask::sort:
      for (int64_t i = 0; i < n; ++i) x[i] = kFirstSymbol + draw(state, symbols);
      std::copy(x, x + n, y);
      if (p.task == TrainTask::reverse) std::reverse(y, y + n);
      if (p.task == TrainTask::sort) std::sort(y, y + n);
      break;
    case TrainTask::recall: {  // key-value pairs; the query is one of the keys; the last pair with it answers
      for (int64_t i = 0; i < n; ++i) x[i] = kFirstSymbol + draw(state, symbols);
      const int64_t pick = draw(state, n / 2);
      y[0] = x[2 * pick];
      for (int64_t i = 0; i < n / 2; ++i)
        if (x[2 * i] == y[0]) y[1] = x[2 * i + 1];
      break;
    }
    case TrainTask::add: {  // two numbers of n/2 digits in base `symbols`, least significant digit first
      const int64_t h = n / 2;
      for (int64_t i = 0; i < n; ++i) x[i] = kFirstSymbol + draw(state, symbols);
      int64_t carry = 0;
      for (int64_t i = 0; i < h; ++i) {
        const int64_t sum = (x[i] - kFirstSymbol) + (x[h + i] - kFirstSymbol) + carry;
        y[i] = static_cast<int32_t>(kFirstSymbol + sum % symbols);
        carry = sum / symbols;
      }
      y[h] = static_cast<int32_t>(kFirstSymbol + carry);
      break;
    }
  }
  const int64_t start = answer_start(p.task, n);
  for (int64_t t = 0; t < T; ++t) {
    inputs[t] = s[static_cast<size_t>(t)];
    targets[t] = t >= start ? s[static_cast<size_t>(t + 1)] : -1;
  }
}

}  // namespace

int64_t train_answer_length(TrainTask task, int64_t n) {
  switch (task) {
    case TrainTask::recall: return 1;
    case TrainTask::add: return n / 2 + 1;
    default: return n;
  }
}

int64_t train_sequence_length(TrainTask task, int64_t n) {
  return answer_start(task, n) + train_answer_length(task, n);
}

int64_t train_position_table(const TrainParams& p) {
  return p.max_positions > 0 ? p.max_positions : train_sequence_length(p.task, p.train_length);
}

Error validate_task_length(const TrainParams& p, int64_t n, const std::string& name) {
  const bool even = p.task == TrainTask::recall || p.task == TrainTask::add;
  int64_t hi = 1;
  while (train_sequence_length(p.task, hi + 1) <= kTrainMaxSequence) ++hi;
  if (even) hi -= hi % 2;
  if (n < (even ? 2 : 1) || n > hi)
    return range_error(name + " must be an integer from " + std::to_string(even ? 2 : 1) + " to " +
                       std::to_string(hi) + " (got " + std::to_string(n) + ")");
  if (even && n % 2)
    return range_error(name + " must be even for the " + (p.task == TrainTask::recall ? "recall" : "add") +
                       " task (key-value pairs / two numbers of n/2 digits; got " + std::to_string(n) + ")");
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

// ---------------------------------------------------------------------------------------------------------

struct Trainer::Impl {
  TrainParams p;
  std::vector<TrainTensor> tensors;
  int64_t T = 0;
  std::vector<float> w, g, m, v;
  std::vector<int32_t> inputs, targets;
  Model<float> model;
  Tables<float> tables;
  int64_t step = 0;
  explicit Impl(const TrainParams& params) : p(params), tensors(train_tensors(params)), model(params, true) {}
};

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

void Trainer::batch(int64_t index, int32_t* inputs, int32_t* targets) const {
  const Impl& s = *impl_;
  uint64_t state = stream_state(s.p.seed, 0xBA7C, static_cast<uint64_t>(index));
  for (int64_t b = 0; b < s.p.batch; ++b)
    make_sample(s.p, s.p.train_length, state, inputs + b * s.T, targets + b * s.T);
}

void Trainer::samples(int64_t n, int64_t count, uint64_t stream, int32_t* inputs, int32_t* targets) const {
  const Impl& s = *impl_;
  const int64_t T = train_sequence_length(s.p.task, n);
  uint64_t state = stream_state(s.p.seed, 0xE7A1 + stream, static_cast<uint64_t>(n));
  for (int64_t b = 0; b < count; ++b) make_sample(s.p, n, state, inputs + b * T, targets + b * T);
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

float Trainer::step_on(const int32_t* inputs, const int32_t* targets, int64_t rows, int64_t length) {
  Impl& s = *impl_;
  const float loss = gradients(inputs, targets, rows, length, nullptr);
  const TrainParams& p = s.p;
  // clip_grad_norm_: the global norm (summed in double), then every gradient times clip / (norm + 1e-6).
  double sq = 0;
  for (float x : s.g) sq += static_cast<double>(x) * x;
  const double coef = p.clip / (std::sqrt(sq) + 1e-6);
  if (coef < 1) {
    const float c = static_cast<float>(coef);
    for (float& x : s.g) x *= c;
  }
  const int64_t k = s.step;
  const double lr = k < p.warmup ? p.lr * static_cast<double>(k + 1) / static_cast<double>(p.warmup)
                                 : p.lr * 0.5 *
                                       (1 + std::cos(3.14159265358979323846 * static_cast<double>(k - p.warmup) /
                                                     static_cast<double>(std::max<int64_t>(1, p.steps - p.warmup))));
  const double b1 = 0.9, b2 = 0.98, eps = 1e-8, t = static_cast<double>(k + 1);
  const float step_size = static_cast<float>(lr / (1 - std::pow(b1, t)));
  const float bc2 = static_cast<float>(std::sqrt(1 - std::pow(b2, t)));
  const float decay = static_cast<float>(1 - lr * p.weight_decay);
  const float one_b1 = static_cast<float>(1 - b1), fb2 = static_cast<float>(b2), one_b2 = static_cast<float>(1 - b2);
  const float feps = static_cast<float>(eps);
  for (const TrainTensor& tensor : s.tensors) {
    float* w = s.w.data() + tensor.offset;
    const float* g = s.g.data() + tensor.offset;
    float* m = s.m.data() + tensor.offset;
    float* v = s.v.data() + tensor.offset;
    for (int64_t i = 0; i < tensor.size(); ++i) {
      if (tensor.decay) w[i] *= decay;
      m[i] += one_b1 * (g[i] - m[i]);  // torch's lerp
      v[i] = v[i] * fb2 + one_b2 * g[i] * g[i];
      w[i] -= step_size * (m[i] / (std::sqrt(v[i]) / bc2 + feps));
    }
  }
  ++s.step;
  return loss;
}

float Trainer::step() {
  Impl& s = *impl_;
  batch(s.step, s.inputs.data(), s.targets.data());
  return step_on(s.inputs.data(), s.targets.data(), s.p.batch, s.T);
}

namespace {
// Forward only, one layer's activations at a time, in chunks of at most ~16 M floats of activations.
int64_t evaluation_chunk(const TrainParams& p, int64_t T, int64_t samples) {
  const int64_t per_row = p.heads * T * T + 32 * T * p.d_model;
  return std::max<int64_t>(1, std::min<int64_t>(samples, (int64_t{1} << 24) / per_row));
}
}  // namespace

int64_t Trainer::evaluation_bytes(int64_t n, int64_t samples) const {
  const TrainParams& p = impl_->p;
  const int64_t T = train_sequence_length(p.task, n);
  const Model<float> probe(p, false);
  return 4 * (probe.arena_elements(evaluation_chunk(p, T, samples), T) + 2 * samples * T + parameter_count());
}

Error Trainer::evaluate(int64_t n, int64_t samples, const TrainScaling& scaling, TrainEvalResult& out) {
  Impl& s = *impl_;
  if (auto e = validate_task_length(s.p, n, "lengths")) return e;
  if (auto e = check_range(samples, "samples", 1, kMaxEvalSamples)) return e;
  if (auto e = validate(s.p, scaling)) return e;
  const int64_t T = train_sequence_length(s.p.task, n), m = train_answer_length(s.p.task, n);
  const int64_t start = T - m;
  out = TrainEvalResult();
  out.length = n;
  if (s.p.position == TrainPosition::learned && T > train_position_table(s.p)) {
    out.supported = false;
    out.reason = "length " + std::to_string(n) + " needs positions 0 to " + std::to_string(T - 1) +
                 ", and the learned table has " + std::to_string(train_position_table(s.p)) +
                 " (maxPositions): a position past the table has no embedding";
    return {};
  }
  out.accuracy.assign(static_cast<size_t>(m), 0);
  out.loss.assign(static_cast<size_t>(m), 0);
  const int64_t chunk = evaluation_chunk(s.p, T, samples);
  Model<float> model(s.p, false);
  model.reserve(chunk, T);
  Tables<float> tables;
  train_detail::build_tables(s.p, T, &scaling, tables);
  std::vector<int32_t> inputs(static_cast<size_t>(samples * T)), targets(inputs.size());
  this->samples(n, samples, 0, inputs.data(), targets.data());
  int64_t exact = 0;
  const int64_t V = s.p.vocab;
  for (int64_t first = 0; first < samples; first += chunk) {
    const int64_t rows = std::min(chunk, samples - first);
    model.forward(s.w.data(), inputs.data() + first * T, nullptr, rows, T, tables);
    for (int64_t r = 0; r < rows; ++r) {
      bool all = true;
      for (int64_t j = 0; j < m; ++j) {
        const int64_t row = r * T + start + j;
        const float* z = model.logits() + row * V;
        const int32_t want = targets[static_cast<size_t>((first * T) + row)];
        int64_t best = 0;
        float top = z[0];
        for (int64_t c = 1; c < V; ++c)
          if (z[c] > top) top = z[c], best = c;
        double sum = 0;
        for (int64_t c = 0; c < V; ++c) sum += std::exp(static_cast<double>(z[c]) - top);
        out.loss[static_cast<size_t>(j)] += std::log(sum) + top - z[want];
        const bool ok = best == want;
        out.accuracy[static_cast<size_t>(j)] += ok;
        all = all && ok;
      }
      exact += all;
    }
  }
  for (int64_t j = 0; j < m; ++j) {
    out.accuracy[static_cast<size_t>(j)] /= static_cast<double>(samples);
    out.loss[static_cast<size_t>(j)] /= static_cast<double>(samples);
  }
  out.exact_match = static_cast<double>(exact) / static_cast<double>(samples);
  return {};
}

void Trainer::attention(const int32_t* tokens, int64_t length, const TrainScaling& scaling, float* out) {
  Impl& s = *impl_;
  Model<float> model(s.p, false);
  model.reserve(1, length);
  Tables<float> tables;
  train_detail::build_tables(s.p, length, &scaling, tables);
  model.forward(s.w.data(), tokens, nullptr, 1, length, tables, out);
}

Error Trainer::validate_prompt(const int32_t* tokens, int64_t length, int64_t& answer) const {
  const Impl& s = *impl_;
  const int64_t n = length - (s.p.task == TrainTask::recall ? 3 : 2);
  if (auto e = validate_task_length(s.p, n, "tokens: the prompt's sample length")) return e;
  answer = train_answer_length(s.p.task, n);
  const int64_t T = train_sequence_length(s.p.task, n);
  if (s.p.position == TrainPosition::learned && T > train_position_table(s.p))
    return range_error("tokens: the answer to this prompt needs positions up to " + std::to_string(T - 1) +
                       ", and the learned table has " + std::to_string(train_position_table(s.p)) +
                       " (maxPositions)");
  return validate_sequence(tokens, length, "tokens");
}

void Trainer::predict(const int32_t* tokens, int64_t length, const TrainScaling& scaling, int32_t* answer) {
  Impl& s = *impl_;
  int64_t m = 0;
  if (validate_prompt(tokens, length, m)) return;
  const int64_t T = length + m - 1;  // the last answer token is never fed back
  Model<float> model(s.p, false);
  model.reserve(1, T);
  Tables<float> tables;
  std::vector<int32_t> seq(tokens, tokens + length);
  for (int64_t j = 0; j < m; ++j) {
    const int64_t len = static_cast<int64_t>(seq.size());
    train_detail::build_tables(s.p, len, &scaling, tables);  // dynamic NTK depends on the length
    model.forward(s.w.data(), seq.data(), nullptr, 1, len, tables);
    const float* z = model.logits() + (len - 1) * s.p.vocab;
    int32_t best = 0;
    for (int32_t c = 1; c < s.p.vocab; ++c)
      if (z[c] > z[best]) best = c;
    answer[j] = best;
    seq.push_back(best);
  }
}

double train_gradients_f64(const TrainParams& p, const double* weights, const int32_t* inputs,
                           const int32_t* targets, int64_t rows, int64_t length, double* grads) {
  Model<double> model(p, true);
  model.reserve(rows, length);
  Tables<double> tables;
  train_detail::build_tables(p, length, nullptr, tables);
  const double loss = model.forward(weights, inputs, targets, rows, length, tables);
  if (grads) model.backward(weights, grads, inputs, tables);
  return loss;
}

}  // namespace posenc
