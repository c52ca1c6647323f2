// The trainer: the backward pass against central finite differences of the float64 model (every position
// method), the float32 trainer against the float64 gradients, tasks, validation and determinism.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "posenc/train.hpp"
#include "train_kernels.hpp"
#include "train_model.hpp"

using namespace posenc;

namespace {

const TrainPosition kPositions[] = {TrainPosition::none, TrainPosition::sinusoidal, TrainPosition::learned,
                                    TrainPosition::rope, TrainPosition::alibi, TrainPosition::t5};

TrainParams small(TrainPosition position) {
  TrainParams p;
  p.position = position;
  p.train_length = 4;
  p.d_model = 16, p.heads = 2, p.layers = 2, p.vocab = 8, p.batch = 2;
  p.t5_buckets = 8, p.t5_max_distance = 16;
  p.steps = 20, p.warmup = 2;
  p.seed = 7;
  return p;
}

// The trainer's initial weights, every parameter (LayerNorm, biases, rel_bias too) moved by a seeded amount
// so that no gradient is trivially zero or symmetric.
std::vector<double> perturbed_weights(Trainer& t) {
  std::vector<double> w(t.weights(), t.weights() + t.parameter_count());
  uint64_t state = 12345;
  for (double& x : w) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    x += 0.1 * (static_cast<double>(state >> 11) / 9007199254740992.0 - 0.5);
  }
  return w;
}

}  // namespace

TEST_CASE("Train: backward pass matches central differences of the float64 model", "[train]") {
  for (TrainPosition position : kPositions) {
    const TrainParams p = small(position);
    REQUIRE_FALSE(validate(p));
    Trainer trainer(p);
    std::vector<double> w = perturbed_weights(trainer);
    const int64_t T = trainer.sequence_length();
    std::vector<int32_t> inputs(static_cast<size_t>(p.batch * T)), targets(inputs.size());
    trainer.batch(0, inputs.data(), targets.data());
    std::vector<double> g(w.size());
    train_gradients_f64(p, w.data(), inputs.data(), targets.data(), p.batch, T, g.data());
    // Central differences with h = 1e-5: truncation ~h² and rounding ~1e-16/h, both far below 1e-7.
    const double h = 1e-5;
    for (const TrainTensor& tensor : trainer.tensors()) {
      double largest = 0, worst = 0;
      // About 40 entries of each tensor (all of a small one), spread over it: every tensor and every kind of
      // entry is reached while the test stays fast under the sanitizers.
      for (int64_t i = 0; i < tensor.size(); i += std::max<int64_t>(1, tensor.size() / 40)) {
        double& x = w[static_cast<size_t>(tensor.offset + i)];
        const double keep = x;
        x = keep + h;
        const double up = train_gradients_f64(p, w.data(), inputs.data(), targets.data(), p.batch, T, nullptr);
        x = keep - h;
        const double down = train_gradients_f64(p, w.data(), inputs.data(), targets.data(), p.batch, T, nullptr);
        x = keep;
        const double fd = (up - down) / (2 * h), analytic = g[static_cast<size_t>(tensor.offset + i)];
        largest = std::max(largest, std::fabs(fd));
        worst = std::max(worst, std::fabs(fd - analytic));
      }
      INFO("position " << static_cast<int>(position) << ", " << tensor.name << ": largest " << largest << ", worst "
                       << worst);
      // A bias added to every key shifts a whole row of scores: softmax ignores it, except after RoPE's rotation.
      const bool inert = tensor.name.find("attn.k.bias") != std::string::npos && position != TrainPosition::rope;
      CHECK((largest > 0 || inert));
      CHECK(worst <= 1e-7 * std::max(1.0, largest));
    }
  }
}

TEST_CASE("Train: float32 gradients agree with the float64 model", "[train]") {
  for (TrainPosition position : kPositions) {
    const TrainParams p = small(position);
    Trainer trainer(p);
    const std::vector<double> w = perturbed_weights(trainer);
    for (size_t i = 0; i < w.size(); ++i) trainer.weights()[i] = static_cast<float>(w[i]);
    std::vector<double> w32(trainer.weights(), trainer.weights() + trainer.parameter_count());
    const int64_t T = trainer.sequence_length();
    std::vector<int32_t> inputs(static_cast<size_t>(p.batch * T)), targets(inputs.size());
    trainer.batch(1, inputs.data(), targets.data());
    std::vector<double> g(w.size());
    const double loss = train_gradients_f64(p, w32.data(), inputs.data(), targets.data(), p.batch, T, g.data());
    std::vector<float> g32(w.size());
    const float loss32 = trainer.gradients(inputs.data(), targets.data(), p.batch, T, g32.data());
    CHECK(std::fabs(loss32 - loss) <= 1e-5 * loss);
    for (const TrainTensor& tensor : trainer.tensors()) {
      double largest = 0, worst = 0;
      for (int64_t i = tensor.offset; i < tensor.offset + tensor.size(); ++i) {
        largest = std::max(largest, std::fabs(g[static_cast<size_t>(i)]));
        worst = std::max(worst, std::fabs(g[static_cast<size_t>(i)] - g32[static_cast<size_t>(i)]));
      }
      INFO(tensor.name);
      CHECK(worst <= 1e-5 * largest + 1e-8);  // + 1e-8: the k bias, zero up to rounding (see above)
    }
  }
}

TEST_CASE("Train: tasks are laid out as documented", "[train]") {
  TrainParams p = small(TrainPosition::none);
  p.batch = 3;
  for (TrainTask task : {TrainTask::copy, TrainTask::reverse, TrainTask::sort, TrainTask::recall, TrainTask::add}) {
    p.task = task;
    Trainer t(p);
    const int64_t n = p.train_length, T = train_sequence_length(task, n), m = train_answer_length(task, n);
    REQUIRE(T == t.sequence_length());
    std::vector<int32_t> in(static_cast<size_t>(p.batch * T)), tg(in.size());
    t.batch(0, in.data(), tg.data());
    for (int64_t b = 0; b < p.batch; ++b) {
      const int32_t* x = in.data() + b * T;
      const int32_t* y = tg.data() + b * T;
      CHECK(x[0] == kTokenBos);
      CHECK(x[n + 1] == kTokenSep);
      for (int64_t i = 0; i < T - m; ++i) CHECK(y[i] == -1);
      for (int64_t i = 0; i + 1 < T; ++i) CHECK(x[i + 1] == (y[i] >= 0 ? y[i] : x[i + 1]));
      std::vector<int32_t> xs(x + 1, x + 1 + n), ys(y + T - m, y + T);
      if (task == TrainTask::copy) CHECK(ys == xs);
      if (task == TrainTask::reverse) CHECK(std::equal(ys.begin(), ys.end(), xs.rbegin()));
      if (task == TrainTask::sort) {
        std::sort(xs.begin(), xs.end());
        CHECK(ys == xs);
      }
      if (task == TrainTask::recall) {
        const int32_t q = x[n + 2];
        int32_t value = -1;
        for (int64_t i = 0; i < n; i += 2)
          if (xs[static_cast<size_t>(i)] == q) value = xs[static_cast<size_t>(i + 1)];
        CHECK(value >= kFirstSymbol);
        CHECK(ys[0] == value);
      }
      if (task == TrainTask::add) {
        const int64_t base = p.vocab - kFirstSymbol, h = n / 2;
        int64_t a = 0, c = 0, s = 0, scale = 1;
        for (int64_t i = 0; i < h; ++i, scale *= base) {
          a += (xs[static_cast<size_t>(i)] - kFirstSymbol) * scale;
          c += (xs[static_cast<size_t>(h + i)] - kFirstSymbol) * scale;
        }
        scale = 1;
        for (int64_t i = 0; i <= h; ++i, scale *= base) s += (ys[static_cast<size_t>(i)] - kFirstSymbol) * scale;
        CHECK(s == a + c);
      }
    }
  }
}

TEST_CASE("Train: the same seed gives the same bits, another seed other weights", "[train]") {
  for (TrainPosition position : kPositions) {
    const TrainParams p = small(position);
    Trainer a(p), b(p);
    std::vector<float> la, lb;
    for (int i = 0; i < 3; ++i) la.push_back(a.step()), lb.push_back(b.step());
    CHECK(std::memcmp(la.data(), lb.data(), la.size() * sizeof(float)) == 0);
    CHECK(std::memcmp(a.weights(), b.weights(), static_cast<size_t>(a.parameter_count()) * sizeof(float)) == 0);
    TrainParams q = p;
    q.seed = 8;
    Trainer c(q);
    CHECK(std::memcmp(a.weights(), c.weights(), static_cast<size_t>(a.parameter_count()) * sizeof(float)) != 0);
  }
}

TEST_CASE("Train: a model learns to copy, and a learned table reports lengths past it", "[train]") {
  TrainParams p = small(TrainPosition::learned);
  p.d_model = 32, p.heads = 2, p.layers = 2, p.batch = 32, p.vocab = 8, p.steps = 300, p.warmup = 20, p.lr = 1e-2;
  Trainer t(p);
  float first = t.step(), last = 0;
  for (int i = 1; i < p.steps; ++i) last = t.step();
  CHECK(last < 0.25f * first);
  TrainEvalResult r;
  REQUIRE_FALSE(t.evaluate(4, 64, {}, r));
  CHECK(r.supported);
  CHECK(r.accuracy.size() == 4);
  CHECK(r.exact_match > 0.5);
  REQUIRE_FALSE(t.evaluate(5, 8, {}, r));
  CHECK_FALSE(r.supported);
  CHECK(r.reason.find("maxPositions") != std::string::npos);
  // predict answers the prompt the evaluation scores
  std::vector<int32_t> in(9), tg(9);
  t.samples(4, 1, 0, in.data(), tg.data());
  int64_t m = 0;
  REQUIRE_FALSE(t.validate_prompt(in.data(), 6, m));
  CHECK(m == 4);
  int32_t answer[4];
  t.predict(in.data(), 6, {}, answer);
  for (int32_t a : answer) CHECK((a >= 0 && a < p.vocab));
}

TEST_CASE("Train: greedy decoding on cached keys and values gives forward()'s logits, bit for bit", "[train]") {
  // every method, and RoPE under a test-time scaling whose tables do not follow the length (position interpolation)
  for (int variant = 0; variant < 7; ++variant) {
    const TrainPosition position = variant < 6 ? kPositions[variant] : TrainPosition::rope;
    TrainParams p = small(position);
    p.max_positions = 16;
    Trainer t(p);
    const std::vector<double> wd = perturbed_weights(t);
    const std::vector<float> w(wd.begin(), wd.end());
    TrainScaling scaling;
    if (variant == 6) scaling.rope.type = RopeType::linear, scaling.rope.factor = 2.5;
    const int64_t rows = 3, len = 13;
    std::vector<int32_t> tokens(rows * len);
    for (size_t i = 0; i < tokens.size(); ++i) tokens[i] = static_cast<int32_t>((i * 7 + i / 5) % p.vocab);
    train_detail::Tables<float> tables;
    train_detail::build_tables(p, len, &scaling, tables);
    train_detail::Model<float> full(p, false), step(p, false);
    full.reserve(rows, len);
    full.forward(w.data(), tokens.data(), nullptr, rows, len, tables);
    step.decode_start(rows, len);
    std::vector<int32_t> column(rows);
    for (int64_t pos = 0; pos < len; ++pos) {
      for (int64_t r = 0; r < rows; ++r) column[static_cast<size_t>(r)] = tokens[static_cast<size_t>(r * len + pos)];
      const float* z = step.decode_step(w.data(), column.data(), pos, tables);
      for (int64_t r = 0; r < rows; ++r) {
        INFO("variant " << variant << ", position " << pos << ", row " << r);
        CHECK(std::memcmp(z + r * p.vocab, full.logits() + (r * len + pos) * p.vocab, sizeof(float) * p.vocab) == 0);
      }
    }
  }
}

TEST_CASE("Train: validation names the option", "[train]") {
  auto message = [](void (*edit)(TrainParams&)) {
    TrainParams p;
    edit(p);
    return validate(p).message;
  };
  CHECK(validate(TrainParams()).message.empty());
  CHECK_THAT(message([](TrainParams& p) { p.train_length = 3; }), Catch::Contains("trainLength"));
  CHECK_THAT(message([](TrainParams& p) { p.train_length = 65; }), Catch::Contains("trainLength"));
  CHECK_THAT(message([](TrainParams& p) { p.task = TrainTask::recall, p.train_length = 7; }),
             Catch::Contains("even"));
  CHECK_THAT(message([](TrainParams& p) { p.d_model = 8; }), Catch::Contains("dModel"));
  CHECK_THAT(message([](TrainParams& p) { p.layers = 5; }), Catch::Contains("layers"));
  CHECK_THAT(message([](TrainParams& p) { p.heads = 9; }), Catch::Contains("heads"));
  CHECK_THAT(message([](TrainParams& p) { p.heads = 3; }), Catch::Contains("heads"));
  CHECK_THAT(message([](TrainParams& p) { p.d_model = 16, p.heads = 16; }), Catch::Contains("heads"));
  CHECK_THAT(message([](TrainParams& p) { p.vocab = 3; }), Catch::Contains("vocab"));
  CHECK_THAT(message([](TrainParams& p) { p.batch = 0; }), Catch::Contains("batch"));
  CHECK_THAT(message([](TrainParams& p) { p.steps = 0; }), Catch::Contains("steps"));
  CHECK_THAT(message([](TrainParams& p) { p.warmup = 2000; }), Catch::Contains("warmup"));
  CHECK_THAT(message([](TrainParams& p) { p.lr = 0; }), Catch::Contains("lr"));
  CHECK_THAT(message([](TrainParams& p) { p.lr = NAN; }), Catch::Contains("lr"));
  CHECK_THAT(message([](TrainParams& p) { p.weight_decay = -1; }), Catch::Contains("weightDecay"));
  CHECK_THAT(message([](TrainParams& p) { p.clip = 0; }), Catch::Contains("clip"));
  CHECK_THAT(message([](TrainParams& p) { p.max_positions = 40; }), Catch::Contains("maxPositions"));
  CHECK_THAT(message([](TrainParams& p) { p.position = TrainPosition::learned, p.max_positions = 3; }),
             Catch::Contains("maxPositions"));
  CHECK_THAT(message([](TrainParams& p) { p.t5_buckets = 2; }), Catch::Contains("t5Buckets"));
  CHECK_THAT(message([](TrainParams& p) { p.t5_max_distance = 0; }), Catch::Contains("t5MaxDistance"));
  // training-time RoPE scaling: position interpolation only, and RoPE only
  CHECK_THAT(message([](TrainParams& p) { p.position = TrainPosition::rope, p.scaling.type = RopeType::dynamic, p.scaling.factor = 2; }),
             Catch::Contains("'linear' in training"));
  CHECK_THAT(message([](TrainParams& p) { p.position = TrainPosition::alibi, p.scaling.type = RopeType::linear, p.scaling.factor = 2; }),
             Catch::Contains("rope position method only"));
  CHECK_THAT(message([](TrainParams& p) { p.position = TrainPosition::rope, p.scaling.type = RopeType::linear, p.scaling.factor = 0; }),
             Catch::Contains("factor"));
  CHECK(message([](TrainParams& p) { p.position = TrainPosition::rope, p.scaling.type = RopeType::linear, p.scaling.factor = 2; }).empty());
  CHECK_THAT(message([](TrainParams& p) { p.batch = 1024, p.train_length = 64, p.d_model = 128, p.layers = 4; }),
             Catch::Contains("batch"));

  TrainParams p = small(TrainPosition::rope);
  Trainer t(p);
  TrainEvalResult r;
  CHECK_THAT(t.evaluate(0, 4, {}, r).message, Catch::Contains("lengths"));
  CHECK_THAT(t.evaluate(4, 0, {}, r).message, Catch::Contains("samples"));
  TrainScaling s;
  s.rope.type = RopeType::llama3;
  CHECK_THAT(t.evaluate(4, 4, s, r).message, Catch::Contains("scaling.type"));
  s.rope.type = RopeType::linear;
  s.rope.factor = 0.5;
  CHECK_THAT(t.evaluate(4, 4, s, r).message, Catch::Contains("factor"));
  s.rope.factor = 2;
  CHECK_FALSE(t.evaluate(8, 4, s, r));
  const int32_t bad[3] = {0, 9, 1};
  CHECK_THAT(t.validate_sequence(bad, 3, "tokens").message, Catch::Contains("tokens[1]"));
  const int32_t targets[3] = {-1, -1, -1};
  const int32_t good[3] = {0, 3, 1};
  CHECK_THAT(t.validate_batch(good, targets, 1, 3).message, Catch::Contains("targets"));
  TrainParams wide = p;
  wide.batch = 1024, wide.heads = 8;
  Trainer w(wide);
  std::vector<int32_t> big(1024 * 1000, 3), big_targets(big.size(), 3);
  CHECK_THAT(w.validate_batch(big.data(), big_targets.data(), 1024, 1000).message, Catch::Contains("MiB of activations"));
  int64_t m = 0;
  CHECK_THAT(t.validate_prompt(good, 1, m).message, Catch::Contains("prompt"));
}

TEST_CASE("Train: the vector exp and GELU are accurate to float32", "[train]") {
  std::vector<float> x, z, g;
  for (int i = -400; i <= 400; ++i) x.push_back(static_cast<float>(i) / 16);  // -25 .. 25, not a multiple of 4
  x.push_back(0.3f);
  z = x;
  g.resize(x.size());
  train_detail::gelu(z.data(), g.data(), static_cast<int64_t>(x.size()));
  std::vector<float> e = x;
  const float total = train_detail::exp_sum(e.data(), static_cast<int64_t>(e.size()), 25.f);
  double want_total = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double v = x[i], cdf = 0.5 * (1 + std::erf(v / std::sqrt(2.0)));
    const double want_e = std::exp(static_cast<double>(x[i] - 25.f));  // the argument as float computes it
    want_total += want_e;
    INFO("x = " << v);
    CHECK(std::fabs(e[i] - want_e) <= 3e-7 * want_e);
    CHECK(std::fabs(g[i] - v * cdf) <= 2e-7 * std::max(1.0, std::fabs(v)));
    CHECK(std::fabs(z[i] - (cdf + v * std::exp(-v * v / 2) / std::sqrt(2 * M_PI))) <= 3e-7);
  }
  CHECK(std::fabs(total - want_total) <= 1e-6 * want_total);
}
