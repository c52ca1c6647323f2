// The seeded tasks of posenc::Trainer (copy, reverse, sort, recall, add): sample layout, lengths and batches.
#include <algorithm>
#include <string>
#include <vector>

#include "internal.hpp"
#include "train_impl.hpp"

namespace posenc {

namespace train_detail {

uint64_t stream_state(uint32_t seed, uint64_t purpose, uint64_t index) {
  uint64_t key = (static_cast<uint64_t>(seed) << 32) ^ (purpose * 0x9E3779B97F4A7C15ull) ^ (index * 0xD1B54A32D192ED03ull);
  return detail::splitmix64(key);
}

namespace {

// Symbol i of the answer a rule writes for the prompt x (n symbols).
int32_t rule_symbol(const std::string& rule, const int32_t* x, int64_t n, int64_t i, int32_t mode) {
  if (rule == "prompt") return x[i];
  if (rule == "reversed") return x[n - 1 - i];
  return mode;
}

}  // namespace

TrainBaseline baseline(TrainTask task, int64_t n, int64_t count, const int32_t* inputs, const int32_t* targets) {
  std::vector<std::string> rules = {"mode"};
  if (task == TrainTask::reverse || task == TrainTask::sort) rules.emplace_back("prompt");
  if (task == TrainTask::copy || task == TrainTask::sort) rules.emplace_back("reversed");
  const int64_t T = train_sequence_length(task, n), m = train_answer_length(task, n), start = T - m;
  TrainBaseline best;
  double best_mean = -1;
  for (const std::string& rule : rules) {
    TrainBaseline b;
    b.rule = rule;
    b.accuracy.assign(static_cast<size_t>(m), 0);
    int64_t exact = 0;
    for (int64_t r = 0; r < count; ++r) {
      const int32_t* x = inputs + r * T + 1;
      int32_t mode = x[0];  // the most frequent symbol, the smallest on a tie
      int64_t top = 0;
      for (int64_t i = 0; i < n; ++i) {
        const int64_t c = std::count(x, x + n, x[i]);
        if (c > top || (c == top && x[i] < mode)) top = c, mode = x[i];
      }
      bool all = true;
      for (int64_t j = 0; j < m; ++j) {
        const bool ok = rule_symbol(rule, x, n, j, mode) == targets[r * T + start + j];
        b.accuracy[static_cast<size_t>(j)] += ok;
        all = all && ok;
      }
      exact += all;
    }
    double mean = 0;
    for (double& a : b.accuracy) mean += (a /= static_cast<double>(count));
    b.exact_match = static_cast<double>(exact) / static_cast<double>(count);
    if (mean > best_mean) best_mean = mean, best = b;
  }
  return best;
}

}  // namespace train_detail

namespace {

using train_detail::stream_state;

// The answer of a task starts after [BOS, x_1..x_n, SEP] (recall: after the query key too).
int64_t answer_start(TrainTask task, int64_t n) { return n + 1 + (task == TrainTask::recall ? 1 : 0); }

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

int64_t train_max_length(TrainTask task) {
  int64_t hi = 1;
  while (train_sequence_length(task, hi + 1) <= kTrainMaxSequence) ++hi;
  return task == TrainTask::recall || task == TrainTask::add ? hi - hi % 2 : hi;
}

Error validate_task_length(const TrainParams& p, int64_t n, const std::string& name) {
  const bool even = p.task == TrainTask::recall || p.task == TrainTask::add;
  const int64_t hi = train_max_length(p.task);
  if (n < (even ? 2 : 1) || n > hi)
    return range_error(name + " must be an integer from " + std::to_string(even ? 2 : 1) + " to " +
                       std::to_string(hi) + " (got " + std::to_string(n) + ")");
  if (even && n % 2)
    return range_error(name + " must be even for the " + (p.task == TrainTask::recall ? "recall" : "add") +
                       " task (key-value pairs / two numbers of n/2 digits; got " + std::to_string(n) + ")");
  return {};
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

}  // namespace posenc
