// libFuzzer harness over every engine entry point: random parameters go through validation, and whatever
// validates (kept small so each input runs fast) is computed — under ASan and UBSan. Every output must be
// finite where the method promises finite values. A crash found here becomes a Catch2 regression test.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "internal.hpp"
#include "posenc/alibi.hpp"
#include "posenc/attention.hpp"
#include "posenc/buffer_pool.hpp"
#include "posenc/learned.hpp"
#include "posenc/metrics.hpp"
#include "posenc/position_ids.hpp"
#include "posenc/rope.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/t5.hpp"
#include "posenc/train.hpp"

using namespace posenc;

namespace {
constexpr int64_t kBudget = 1 << 14;  // largest output computed per input

void require(bool ok) {
  if (!ok) std::abort();
}
void require_finite(const std::vector<float>& v) {
  for (float x : v) require(std::isfinite(x));
}

// Sizes: mostly small, sometimes hostile (negative, zero, enormous).
int64_t size(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0: return in.ConsumeIntegral<int64_t>();
    case 1: return in.ConsumeIntegralInRange<int64_t>(-2, 0);
    default: return in.ConsumeIntegralInRange<int64_t>(1, 40);
  }
}
double real(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: return in.ConsumeFloatingPoint<double>();  // NaN, inf, huge, negative
    case 1: return in.ConsumeIntegralInRange<int>(-3, 3);
    default: return in.ConsumeFloatingPointInRange<double>(0.5, 1e6);
  }
}
std::vector<float> floats(FuzzedDataProvider& in, int64_t n) {
  std::vector<float> v(static_cast<size_t>(n));
  for (auto& x : v) x = in.ConsumeFloatingPointInRange<float>(-4, 4);
  return v;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t bytes) {
  FuzzedDataProvider in(data, bytes);
  switch (in.ConsumeIntegralInRange<int>(0, 10)) {
    case 0: {
      SinusoidalParams p{size(in), size(in), real(in), in.ConsumeIntegralInRange<int64_t>(-5, kMaxPosition),
                         in.ConsumeBool() ? Layout::split : Layout::interleaved};
      if (validate(p) || p.length * p.d_model > kBudget) break;
      std::vector<float> out(static_cast<size_t>(p.length * p.d_model));
      detail::OwnedWorkspace ws(SinusoidalPlan::workspace_bytes(p.d_model));
      SinusoidalPlan plan(p, ws.get());
      const int64_t split = in.ConsumeIntegralInRange<int64_t>(0, p.length);
      plan.rows(0, split, out.data());
      plan.rows(split, p.length - split, out.data() + split * p.d_model);
      for (float x : out) require(x >= -1.0000005f && x <= 1.0000005f);
      break;
    }
    case 1: {
      LearnedParams p{size(in), size(in), in.ConsumeIntegral<uint32_t>(), real(in)};
      if (validate(p) || p.max_length * p.d_model > kBudget) break;
      std::vector<float> out(static_cast<size_t>(p.max_length * p.d_model));
      learned(p, out.data());
      require_finite(out);
      require(static_cast<bool>(validate_position(p, p.max_length)));
      break;
    }
    case 2: {
      RopeApplyParams p;
      p.seq_len = size(in);
      p.heads = size(in);
      p.offset = in.ConsumeIntegralInRange<int64_t>(-5, kMaxPosition);
      p.convention = in.ConsumeBool() ? RopeConvention::half : RopeConvention::interleaved;
      p.rope.head_dim = size(in);
      p.rope.base = real(in);
      p.rope.partial_rotary_factor = in.ConsumeBool() ? 1.0 : real(in);
      RopeScaling& s = p.rope.scaling;
      s.type = static_cast<RopeType>(in.ConsumeIntegralInRange<int>(0, 5));
      if (in.ConsumeBool()) s.factor = real(in);
      if (in.ConsumeBool()) s.original_max_position_embeddings = real(in);
      if (in.ConsumeBool()) s.max_position_embeddings = real(in);
      if (in.ConsumeBool()) s.seq_len = real(in);
      if (in.ConsumeBool()) s.beta_fast = real(in);
      if (in.ConsumeBool()) s.beta_slow = real(in);
      if (in.ConsumeBool()) s.mscale = real(in);
      if (in.ConsumeBool()) s.mscale_all_dim = real(in);
      if (in.ConsumeBool()) s.attention_factor = real(in);
      s.truncate = in.ConsumeBool();
      if (in.ConsumeBool()) s.low_freq_factor = real(in);
      if (in.ConsumeBool()) s.high_freq_factor = real(in);
      std::vector<double> short_f(static_cast<size_t>(in.ConsumeIntegralInRange<int>(0, 40)), real(in));
      std::vector<double> long_f(static_cast<size_t>(in.ConsumeIntegralInRange<int>(0, 40)), real(in));
      s.short_factor = short_f.empty() ? nullptr : short_f.data();
      s.short_factor_size = static_cast<int64_t>(short_f.size());
      s.long_factor = long_f.empty() ? nullptr : long_f.data();
      s.long_factor_size = static_cast<int64_t>(long_f.size());
      if (validate(p) || p.seq_len * p.heads * p.rope.head_dim > kBudget) break;
      std::vector<double> inv(static_cast<size_t>(rope_rotary_dim(p.rope) / 2));
      require(std::isfinite(rope_inv_freq(p.rope, static_cast<double>(p.seq_len), inv.data())));
      for (double f : inv) require(std::isfinite(f));
      auto x = floats(in, p.seq_len * p.heads * p.rope.head_dim);
      // Rotating into a separate array (as the bindings do for pe.buffers) must equal rotating in place.
      std::vector<float> y(x.size());
      detail::OwnedWorkspace ws(RopeApplier::workspace_bytes(p));
      RopeApplier(p, ws.get()).rotate(0, p.seq_len, x.data(), y.data());
      rope_apply(p, x.data());
      require_finite(x);
      for (size_t i = 0; i < x.size(); ++i) require(x[i] == y[i]);
      break;
    }
    case 3: {
      AlibiParams p{size(in), size(in), in.ConsumeBool()};
      if (validate(p) || p.heads * p.length * p.length > kBudget) break;
      std::vector<float> slopes(static_cast<size_t>(p.heads)), out(static_cast<size_t>(p.heads * p.length * p.length));
      alibi_slopes(p.heads, slopes.data());
      alibi_bias_rows(p, slopes.data(), 0, p.heads * p.length, out.data());
      for (float x : out) require(!std::isnan(x) && x <= 0);
      break;
    }
    case 4: {
      T5GridParams p{size(in), size(in), {in.ConsumeBool(), size(in), size(in)}};
      const int64_t rp = in.ConsumeIntegralInRange<int64_t>(-kMaxPosition, kMaxPosition);
      if (validate(p.buckets)) break;
      const int32_t b = t5_bucket(rp, p.buckets);
      require(b >= 0 && b < p.buckets.num_buckets);
      if (validate(p) || p.query_length * p.key_length > kBudget) break;
      std::vector<int32_t> out(static_cast<size_t>(p.query_length * p.key_length));
      t5_bucket_rows(p, 0, p.query_length, out.data());
      break;
    }
    case 5: {
      const int64_t n = in.ConsumeIntegralInRange<int64_t>(1, 64);
      std::vector<int32_t> ids(static_cast<size_t>(n)), out(static_cast<size_t>(n));
      for (auto& id : ids) id = in.ConsumeIntegralInRange<int32_t>(-2, 3);
      // pad and past near the int32 limit too: a validated call never wraps an id below pad
      const bool huge = in.ConsumeBool();
      const int64_t pad = huge ? in.ConsumeIntegralInRange<int64_t>((int64_t{1} << 30) - 64, int64_t{1} << 30)
                               : in.ConsumeIntegralInRange<int64_t>(-3, 3);
      const int64_t past = huge ? in.ConsumeIntegralInRange<int64_t>((int64_t{1} << 30) - 128, int64_t{1} << 30)
                                : in.ConsumeIntegralInRange<int64_t>(-3, 100);
      if (!validate_roberta(pad, past, n)) {
        position_ids_roberta(ids.data(), n, pad, past, out.data());
        for (int32_t id : out) require(id >= pad);
      }
      if (!validate_mask(ids.data(), n)) position_ids_generation(ids.data(), n, out.data());
      break;
    }
    case 6: {
      AttentionParams p{size(in), size(in), size(in), in.ConsumeBool()};
      p.bias = static_cast<AttentionParams::Bias>(in.ConsumeIntegralInRange<int>(0, 2));
      if (validate(p) || p.seq_len * p.heads * p.head_dim > kBudget || p.heads * p.seq_len * p.seq_len > kBudget) break;
      const int64_t n = p.seq_len * p.heads * p.head_dim;
      auto q = floats(in, n), k = floats(in, n), v = floats(in, n), bias = floats(in, attention_bias_size(p));
      if (in.ConsumeBool() && !bias.empty()) bias[0] = -INFINITY;
      std::vector<float> out(static_cast<size_t>(n)), w(static_cast<size_t>(p.heads * p.seq_len * p.seq_len));
      attention(p, q.data(), k.data(), v.data(), bias.empty() ? nullptr : bias.data(), out.data(), w.data());
      require_finite(out);
      require_finite(w);
      break;
    }
    case 7: {
      SimilarityParams p{size(in), size(in), static_cast<Metric>(in.ConsumeIntegralInRange<int>(0, 2))};
      if (validate(p) || p.length * p.length > kBudget || p.length * p.d_model > kBudget) break;
      auto table = floats(in, p.length * p.d_model);
      std::vector<double> norms(static_cast<size_t>(p.length));
      std::vector<float> out(static_cast<size_t>(p.length * p.length));
      const bool wide = similarity_norms(p, table.data(), norms.data());
      similarity_rows(p, table.data(), norms.data(), wide, 0, p.length, out.data());
      require_finite(out);
      if (p.d_model % 2 == 0) {
        SinusoidalParams t{p.length, p.d_model, in.ConsumeFloatingPointInRange<double>(1.5, 1e6), 0, Layout::interleaved};
        detail::OwnedWorkspace ws(ToeplitzSimilarity::workspace_bytes(p));
        ToeplitzSimilarity toeplitz(p, t, ws.get());
        toeplitz.rows(0, p.length, out.data());
        require_finite(out);
      }
      break;
    }
    case 8: {
      const int64_t n = in.ConsumeIntegralInRange<int64_t>(1, 64);
      auto a = floats(in, n), b = floats(in, n);
      const Comparison c = compare(a.data(), b.data(), n);
      require(std::isfinite(c.dot) && std::isfinite(c.cosine) && std::isfinite(c.euclidean));
      require(c.cosine >= -1.000001 && c.cosine <= 1.000001);
      break;
    }
    case 9: {
      // pe.buffer's pool under random allocate / release / lookup: blocks come back zeroed, live buffers
      // never overlap, and only ranges inside a live buffer are addressable.
      BufferPool pool;
      std::vector<std::pair<float*, int64_t>> live;
      while (in.remaining_bytes() > 0) {
        const int op = in.ConsumeIntegralInRange<int>(0, 2);
        if (op == 0 || live.empty()) {
          const int64_t n = in.ConsumeIntegralInRange<int64_t>(1, 4096);
          float* b = pool.allocate(n);
          require(b != nullptr);
          for (int64_t i = 0; i < n; ++i) require(b[i] == 0.f);
          for (auto& [other, m] : live) require(b + n <= other || other + m <= b);
          std::fill(b, b + n, static_cast<float>(live.size() + 1));
          live.emplace_back(b, n);
        } else {
          const size_t k = in.ConsumeIntegralInRange<size_t>(0, live.size() - 1);
          auto [b, n] = live[k];
          const int64_t from = in.ConsumeIntegralInRange<int64_t>(0, n), count = in.ConsumeIntegralInRange<int64_t>(0, n + 1);
          require(pool.contains(b + from, count) == (from + count <= n));
          if (op == 2) {
            require(pool.release(b));
            require(!pool.release(b) && !pool.contains(b, 1));
            live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
          }
        }
      }
      for (size_t k = 0; k < live.size(); ++k)  // nothing wrote over another buffer
        for (int64_t i = 0; i < live[k].second; ++i) require(live[k].first[i] != 0.f);
      require(pool.usage().live_buffers == static_cast<int64_t>(live.size()));
      break;
    }
    case 10: {
      // The trainer: hostile options through validate; a valid small one is built, stepped on its own batch and
      // on hostile batches and prompts (each validated first, as the bindings do), and evaluated.
      TrainParams p;
      p.task = static_cast<TrainTask>(in.ConsumeIntegralInRange<int>(0, 4));
      p.position = static_cast<TrainPosition>(in.ConsumeIntegralInRange<int>(0, 5));
      p.train_length = size(in), p.d_model = size(in) * (in.ConsumeBool() ? 1 : 8), p.layers = size(in) % 6;
      p.heads = size(in) % 10, p.vocab = size(in), p.batch = size(in) % 5;
      p.steps = size(in), p.warmup = size(in), p.lr = real(in) * 1e-6, p.weight_decay = real(in) * 1e-6;
      p.clip = real(in), p.max_positions = in.ConsumeBool() ? 0 : size(in);
      p.t5_buckets = size(in), p.t5_max_distance = size(in), p.seed = in.ConsumeIntegral<uint32_t>();
      if (validate(p) || p.d_model > 32 || p.train_length > 12) break;
      Trainer t(p);
      require(std::isfinite(t.step()));
      const int64_t length = in.ConsumeIntegralInRange<int64_t>(1, 40);
      std::vector<int32_t> inputs(static_cast<size_t>(p.batch * length)), targets(inputs.size());
      for (size_t i = 0; i < inputs.size(); ++i)
        inputs[i] = in.ConsumeIntegralInRange<int32_t>(-1, 17), targets[i] = in.ConsumeIntegralInRange<int32_t>(-2, 17);
      if (!t.validate_batch(inputs.data(), targets.data(), p.batch, length))
        require(std::isfinite(t.step_on(inputs.data(), targets.data(), p.batch, length)));
      int64_t m = 0;
      const int64_t prompt = in.ConsumeIntegralInRange<int64_t>(0, static_cast<int64_t>(inputs.size()));
      if (!t.validate_prompt(inputs.data(), prompt, m)) {
        std::vector<int32_t> answer(static_cast<size_t>(m));
        t.predict(inputs.data(), prompt, {}, answer.data());
        for (int32_t a : answer) require(a >= 0 && a < p.vocab);
      }
      TrainScaling scaling;
      scaling.rope.type = static_cast<RopeType>(in.ConsumeIntegralInRange<int>(0, 5));
      if (in.ConsumeBool()) scaling.rope.factor = real(in);
      TrainEvalResult r;
      if (!t.evaluate(size(in), in.ConsumeIntegralInRange<int64_t>(-1, 3), scaling, r) && r.supported)
        require(r.exact_match >= 0 && r.exact_match <= 1);
      break;
    }
  }
  return 0;
}
