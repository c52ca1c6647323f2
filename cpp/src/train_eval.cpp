// posenc::Trainer's forward-only uses: evaluation per length, attention weights, greedy prediction, and the
// float64 model of the finite-difference tests.
#include <algorithm>
#include <cmath>
#include <vector>

#include "train_impl.hpp"

namespace posenc {

using train_detail::check_range;
using train_detail::Model;
using train_detail::Tables;

namespace {

constexpr int64_t kMaxEvalSamples = 100000;

// Whether RoPE's tables at a position change with the sequence's length (dynamic NTK; LongRoPE's choice of
// factors without a given seqLen): greedy decoding then recomputes the whole prefix at each token, as
// predict() documents, since keys cached at a shorter length were rotated by other tables.
bool tables_follow_length(const TrainScaling& s) {
  return !s.rope.seq_len && (s.rope.type == RopeType::dynamic || s.rope.type == RopeType::longrope);
}

int32_t argmax(const float* z, int64_t V) {
  int32_t best = 0;
  for (int32_t c = 1; c < V; ++c)
    if (z[c] > z[best]) best = c;
  return best;
}

// The greedy answers of `rows` prompts (row r's tokens at prompts + r * stride, positions 0 … start; the
// answer's first token is predicted at position start): m tokens per row into answers[r * m + j], each
// written token fed back.
void greedy(const TrainParams& p, const float* w, Model<float>& model, const int32_t* prompts, int64_t stride,
            int64_t rows, int64_t start, int64_t m, const TrainScaling& scaling, int32_t* answers) {
  const int64_t T = start + m;  // positions fed: the prompt and every answer token but the last
  const auto token = [&](int64_t r, int64_t pos) { return pos <= start ? prompts[r * stride + pos] : answers[r * m + pos - start - 1]; };
  Tables<float> tables;
  if (!tables_follow_length(scaling)) {
    train_detail::build_tables(p, T, &scaling, tables);
    model.decode_start(rows, T);
    std::vector<int32_t> next(static_cast<size_t>(rows));
    for (int64_t pos = 0; pos < T; ++pos) {
      for (int64_t r = 0; r < rows; ++r) next[static_cast<size_t>(r)] = token(r, pos);
      const float* z = model.decode_step(w, next.data(), pos, tables);
      for (int64_t r = 0; pos >= start && r < rows; ++r) answers[r * m + pos - start] = argmax(z + r * p.vocab, p.vocab);
    }
    return;
  }
  std::vector<int32_t> prefix(static_cast<size_t>(rows * T));
  for (int64_t pos = start; pos < T; ++pos) {
    const int64_t len = pos + 1;
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t i = 0; i < len; ++i) prefix[static_cast<size_t>(r * len + i)] = token(r, i);
    train_detail::build_tables(p, len, &scaling, tables);
    model.reserve(rows, len);
    model.forward(w, prefix.data(), nullptr, rows, len, tables);
    for (int64_t r = 0; r < rows; ++r) answers[r * m + pos - start] = argmax(model.logits() + (r * len + pos) * p.vocab, p.vocab);
  }
}

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
  const int64_t chunk = evaluation_chunk(p, T, samples);
  return 4 * (probe.arena_elements(chunk, T) + probe.decode_elements(chunk, T) + 2 * samples * T + parameter_count());
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
  out.written.assign(static_cast<size_t>(m), 0);
  const int64_t chunk = evaluation_chunk(s.p, T, samples);
  Model<float> model(s.p, false);
  model.reserve(chunk, T);
  Tables<float> tables;
  std::vector<int32_t> inputs(static_cast<size_t>(samples * T)), targets(inputs.size());
  this->samples(n, samples, 0, inputs.data(), targets.data());
  const int64_t V = s.p.vocab;
  std::vector<int32_t> answers(static_cast<size_t>(chunk * m));
  int64_t exact = 0;
  for (int64_t first = 0; first < samples; first += chunk) {
    const int64_t rows = std::min(chunk, samples - first);
    const int32_t* in = inputs.data() + first * T;
    const int32_t* want = targets.data() + first * T;
    // teacher-forced: the true prefix at every answer position, in one pass
    train_detail::build_tables(s.p, T, &scaling, tables);
    model.forward(s.w.data(), in, nullptr, rows, T, tables);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < m; ++j) {
        const int64_t row = r * T + start + j;
        const float* z = model.logits() + row * V;
        const int32_t best = argmax(z, V);
        double sum = 0;
        for (int64_t c = 0; c < V; ++c) sum += std::exp(static_cast<double>(z[c]) - z[best]);
        out.loss[static_cast<size_t>(j)] += std::log(sum) + z[best] - z[want[row]];
        out.accuracy[static_cast<size_t>(j)] += best == want[row];
      }
    // what the model writes: one token at a time after the tokens it wrote, as predict() does
    greedy(s.p, s.w.data(), model, in, T, rows, start, m, scaling, answers.data());
    for (int64_t r = 0; r < rows; ++r) {
      bool right = true;
      for (int64_t j = 0; j < m; ++j) {
        const bool ok = answers[static_cast<size_t>(r * m + j)] == want[r * T + start + j];
        out.written[static_cast<size_t>(j)] += ok;
        right = right && ok;
      }
      exact += right;
    }
  }
  for (int64_t j = 0; j < m; ++j) {
    out.accuracy[static_cast<size_t>(j)] /= static_cast<double>(samples);
    out.loss[static_cast<size_t>(j)] /= static_cast<double>(samples);
    out.written[static_cast<size_t>(j)] /= static_cast<double>(samples);
  }
  out.exact_match = static_cast<double>(exact) / static_cast<double>(samples);
  out.baseline = train_detail::baseline(s.p.task, n, samples, inputs.data(), targets.data());
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
  if (auto e = validate_sequence(tokens, length, "tokens")) return e;
  // the task's prompt: [BOS, x_1..x_n, SEP] (recall: and a query key after SEP)
  const std::string shape = s.p.task == TrainTask::recall ? "[BOS (0), n symbols, SEP (1), a key]" : "[BOS (0), n symbols, SEP (1)]";
  auto wrong = [&](int64_t i, const std::string& want) {
    return range_error("tokens[" + std::to_string(i) + "] must be " + want + " (got " + std::to_string(tokens[i]) +
                       "): a prompt of this task is " + shape);
  };
  if (tokens[0] != kTokenBos) return wrong(0, "BOS (0)");
  for (int64_t i = 1; i <= n; ++i)
    if (tokens[i] < kFirstSymbol) return wrong(i, "a symbol (3 or more)");
  if (tokens[n + 1] != kTokenSep) return wrong(n + 1, "SEP (1)");
  if (s.p.task == TrainTask::recall) {
    bool key = false;
    for (int64_t i = 1; i <= n; i += 2) key = key || tokens[i] == tokens[n + 2];
    if (!key) return wrong(n + 2, "one of the prompt's keys (the symbols at odd positions 1, 3, …)");
  }
  return {};
}

void Trainer::predict(const int32_t* tokens, int64_t length, const TrainScaling& scaling, int32_t* answer) {
  Impl& s = *impl_;
  int64_t m = 0;
  if (validate_prompt(tokens, length, m)) return;
  Model<float> model(s.p, false);
  greedy(s.p, s.w.data(), model, tokens, length, 1, length - 1, m, scaling, answer);
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
