// posenc::Trainer's optimiser step: clip_grad_norm_, the warm-up and cosine schedule, and torch.optim.AdamW,
// operation for operation.
#include <algorithm>
#include <cmath>

#include "train_impl.hpp"

namespace posenc {

Error Trainer::validate_steps(int64_t n, const std::string& name) const {
  const Impl& s = *impl_;
  if (s.step + n <= s.p.steps) return {};
  return range_error(name + ": this trainer was created for steps " + std::to_string(s.p.steps) + " and has taken " +
                     std::to_string(s.step) + ", so at most " + std::to_string(s.p.steps - s.step) +
                     " more fit its learning-rate schedule (create it with more steps)");
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

}  // namespace posenc
