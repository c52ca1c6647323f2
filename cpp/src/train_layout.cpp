// The trainer model's parameter layout, and the tables its position methods need at one sequence length, made
// with the engine's own code for each method.
#include <vector>

#include "internal.hpp"
#include "posenc/alibi.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/t5.hpp"
#include "train_model.hpp"

namespace posenc::train_detail {

ModelAt model_layout(const TrainParams& p) {
  const int64_t d = p.d_model, ff = 4 * d;
  ModelAt at;
  int64_t o = 0;
  auto take = [&](int64_t n) {
    const int64_t here = o;
    o += n;
    return here;
  };
  at.tok = take(p.vocab * d);
  if (p.position == TrainPosition::learned) at.pos = take(train_position_table(p) * d);
  if (p.position == TrainPosition::t5) at.rel = take(p.t5_buckets * p.heads);
  for (int64_t l = 0; l < p.layers; ++l) {
    LayerAt L;
    L.ln1w = take(d), L.ln1b = take(d), L.qkvw = take(3 * d * d), L.qkvb = take(3 * d);
    L.ow = take(d * d), L.ob = take(d), L.ln2w = take(d), L.ln2b = take(d);
    L.fcw = take(ff * d), L.fcb = take(ff), L.projw = take(d * ff), L.projb = take(d);
    at.layers.push_back(L);
  }
  at.lnfw = take(d), at.lnfb = take(d), at.headw = take(p.vocab * d), at.headb = take(p.vocab);
  at.total = o;
  return at;
}

template <class T>
void build_tables(const TrainParams& p, int64_t length, const TrainScaling* scaling, Tables<T>& t) {
  t.length = length;
  const int64_t d = p.d_model, dh = d / p.heads;
  if (p.position == TrainPosition::sinusoidal) {
    SinusoidalParams sp;
    sp.length = length, sp.d_model = d;
    detail::OwnedWorkspace space(SinusoidalPlan::workspace_bytes(d));
    SinusoidalPlan plan(sp, space.get());
    std::vector<float> table(static_cast<size_t>(length * d));
    plan.rows(0, length, table.data());
    t.sinusoid.assign(table.begin(), table.end());
  }
  if (p.position == TrainPosition::rope) {
    RopeParams rp;
    rp.head_dim = dh;
    rp.scaling = scaling ? scaling->rope : p.scaling;  // no scaling given: the trainer's own (training)
    if (rp.scaling.type != RopeType::standard && !rp.scaling.original_max_position_embeddings)
      rp.scaling.original_max_position_embeddings = static_cast<double>(train_sequence_length(p.task, p.train_length));
    std::vector<double> inv(static_cast<size_t>(dh / 2));
    const double factor = rope_inv_freq(rp, static_cast<double>(length), inv.data());
    t.cos.resize(static_cast<size_t>(length * dh / 2));
    t.sin.resize(t.cos.size());
    for (int64_t pos = 0; pos < length; ++pos)
      for (int64_t i = 0; i < dh / 2; ++i) {
        const double angle = static_cast<double>(pos) * inv[static_cast<size_t>(i)];
        t.cos[static_cast<size_t>(pos * dh / 2 + i)] = static_cast<T>(static_cast<float>(std::cos(angle) * factor));
        t.sin[static_cast<size_t>(pos * dh / 2 + i)] = static_cast<T>(static_cast<float>(std::sin(angle) * factor));
      }
  }
  if (p.position == TrainPosition::alibi) {
    std::vector<float> slopes(static_cast<size_t>(p.heads));
    alibi_slopes(p.heads, slopes.data());
    t.slopes.assign(slopes.begin(), slopes.end());
  }
  if (p.position == TrainPosition::t5) {
    T5BucketParams bp;
    bp.bidirectional = false, bp.num_buckets = p.t5_buckets, bp.max_distance = p.t5_max_distance;
    t.bucket.resize(static_cast<size_t>(length));
    for (int64_t dist = 0; dist < length; ++dist) t.bucket[static_cast<size_t>(dist)] = t5_bucket(-dist, bp);
  }
}

template void build_tables<float>(const TrainParams&, int64_t, const TrainScaling*, Tables<float>&);
template void build_tables<double>(const TrainParams&, int64_t, const TrainScaling*, Tables<double>&);

}  // namespace posenc::train_detail
