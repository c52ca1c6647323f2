// pe.train: trainers live in a table here and JS holds their integer id (no embind class: nothing for
// FinalizationRegistry to miss, and a disposed or unknown id is a named error, never a dangling pointer).
#include <emscripten/bind.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <vector>

#include "options.hpp"
#include "output.hpp"
#include "posenc/train.hpp"
#include "scaling.hpp"
#include "scratch.hpp"

namespace posenc::wasm {
namespace {

std::map<int, std::unique_ptr<Trainer>> g_trainers;
int g_next_id = 1;

// Trainer allocations are plain vectors: make sure the heap can hold them first, so that running out of
// memory is a RangeError and not an abort.
bool room_for(int64_t bytes) {
  void* probe = std::malloc(static_cast<size_t>(bytes));
  std::free(probe);
  return probe != nullptr;
}

Trainer* find(val id, Error& error) {
  const auto it = id.isNumber() ? g_trainers.find(id.as<int>()) : g_trainers.end();
  if (it == g_trainers.end()) {
    error = type_error("this trainer was disposed");
    return nullptr;
  }
  return it->second.get();
}

val train_create_js(val options) {
  CallScope scope;
  Options o(options, "");
  TrainParams p;
  p.task = o.choice<TrainTask>("task", TrainTask::copy,
                               {{"copy", TrainTask::copy}, {"reverse", TrainTask::reverse}, {"sort", TrainTask::sort},
                                {"recall", TrainTask::recall}, {"add", TrainTask::add}});
  p.position = o.choice<TrainPosition>(
      "position", TrainPosition::none,
      {{"none", TrainPosition::none}, {"sinusoidal", TrainPosition::sinusoidal}, {"learned", TrainPosition::learned},
       {"rope", TrainPosition::rope}, {"alibi", TrainPosition::alibi}, {"t5", TrainPosition::t5}});
  p.train_length = o.integer("trainLength", 8);
  p.d_model = o.integer("dModel", 32);
  p.layers = o.integer("layers", 2);
  p.heads = o.integer("heads", 4);
  p.vocab = o.integer("vocab", 16);
  p.batch = o.integer("batch", 32);
  p.steps = o.integer("steps", 1000);
  p.warmup = o.integer("warmup", 100);
  p.lr = o.number("lr", 3e-3);
  p.weight_decay = o.number("weightDecay", 0.01);
  p.clip = o.number("clip", 1.0);
  const int64_t seed = o.integer("seed", 0);
  if (!o.failed() && (seed < 0 || seed > 0xFFFFFFFFll))
    o.fail(range_error("seed must be an integer from 0 to 2^32 - 1 (got " + std::to_string(seed) + ")"));
  p.seed = static_cast<uint32_t>(seed);
  p.max_positions = static_cast<int64_t>(o.optional_integer("maxPositions").value_or(0));
  const auto t5_buckets = o.optional_integer("t5Buckets"), t5_max_distance = o.optional_integer("t5MaxDistance");
  p.t5_buckets = static_cast<int64_t>(t5_buckets.value_or(static_cast<double>(p.t5_buckets)));
  p.t5_max_distance = static_cast<int64_t>(t5_max_distance.value_or(static_cast<double>(p.t5_max_distance)));
  // an option of another method is a mistake to report, not a setting to ignore
  if (!o.failed() && (t5_buckets || t5_max_distance) && p.position != TrainPosition::t5)
    o.fail(range_error("t5Buckets and t5MaxDistance are options of position 't5' only (this trainer's is another)"));
  p.scale_embedding = o.boolean("scaleEmbedding", true);
  std::vector<double> storage[2];  // 'linear' only (validate): no factor arrays outlive this call
  p.scaling = read_scaling(o, storage);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate(p)) return js_error(e);
  if (!room_for(train_bytes(p))) return out_of_memory("the trainer");
  const int id = g_next_id++;
  g_trainers[id] = std::make_unique<Trainer>(p);
  return val(id);
}

val train_dispose_js(val id) {
  if (id.isNumber()) g_trainers.erase(id.as<int>());
  return val::undefined();
}

// Shape, names and sizes: what the facade needs to name weights and check batches.
val train_info_js(val id) {
  Error error;
  Trainer* t = find(id, error);
  if (!t) return js_error(error);
  val info = val::object();
  info.set("steps", static_cast<double>(t->steps_done()));
  info.set("length", static_cast<double>(t->sequence_length()));
  info.set("batch", static_cast<double>(t->params().batch));
  info.set("parameters", static_cast<double>(t->parameter_count()));
  info.set("bytes", static_cast<double>(t->bytes()));
  val tensors = val::array();
  for (const TrainTensor& tensor : t->tensors()) {
    val entry = val::object();
    entry.set("name", tensor.name);
    entry.set("offset", static_cast<double>(tensor.offset));
    val shape = val::array();
    shape.call<void>("push", static_cast<double>(tensor.rows));
    if (tensor.cols > 1 || tensor.name == "rel_bias") shape.call<void>("push", static_cast<double>(tensor.cols));
    entry.set("shape", shape);
    tensors.call<void>("push", entry);
  }
  info.set("tensors", tensors);
  return info;
}

val train_step_js(val id, val count) {
  CallScope scope;
  Error error;
  Trainer* t = find(id, error);
  if (!t) return js_error(error);
  const double n = count.isUndefined() ? 1 : count.isNumber() ? count.as<double>() : -1;
  if (!count.isUndefined() && !count.isNumber())
    return js_error(type_error("n must be an integer from 1 to 100000 (got " + describe(count) + ")"));
  if (!(n >= 1 && n <= 100000 && n == static_cast<double>(static_cast<int64_t>(n))))
    return js_error(range_error("n must be an integer from 1 to 100000 (got " + format_number(n) + ")"));
  if (auto e = t->validate_steps(static_cast<int64_t>(n), "n")) return js_error(e);
  std::vector<float> losses(static_cast<size_t>(n));
  for (float& loss : losses) loss = t->step();
  return to_js(losses.data(), static_cast<int64_t>(losses.size()));
}

val train_batch_js(val id) {
  Error error;
  Trainer* t = find(id, error);
  if (!t) return js_error(error);
  const int64_t n = t->params().batch * t->sequence_length();
  std::vector<int32_t> inputs(static_cast<size_t>(n)), targets(inputs.size());
  t->batch(t->steps_done(), inputs.data(), targets.data());
  val out = val::object();
  out.set("inputs", to_js(inputs.data(), n));
  out.set("targets", to_js(targets.data(), n));
  return out;
}

// The first `count` samples evaluate() scores at sample length n (its stream), as rows of T tokens.
val train_samples_js(val id, val options) {
  CallScope scope;
  Error error;
  Trainer* t = find(id, error);
  if (!t) return js_error(error);
  Options o(options, "");
  const int64_t n = o.integer("length");
  const int64_t count = o.integer("count", 1);
  if (auto e = o.finish()) return js_error(e);
  if (auto e = validate_task_length(t->params(), n, "length")) return js_error(e);
  if (count < 1 || count > 1024)
    return js_error(range_error("count must be an integer from 1 to 1024 (got " + std::to_string(count) + ")"));
  const int64_t T = train_sequence_length(t->params().task, n), size = count * T;
  std::vector<int32_t> inputs(static_cast<size_t>(size)), targets(inputs.size());
  t->samples(n, count, 0, inputs.data(), targets.data());
  val out = val::object();
  out.set("inputs", to_js(inputs.data(), size));
  out.set("targets", to_js(targets.data(), size));
  out.set("length", static_cast<double>(T));
  return out;
}

// { inputs, targets }: batch rows (the trainer's `batch`) of any length, read and checked.
Error read_batch(Trainer& t, val options, std::vector<int32_t>& inputs, std::vector<int32_t>& targets,
                 int64_t& length) {
  Options o(options, "");
  const ArrayArg in = o.array("inputs", true), tg = o.array("targets", true);
  if (auto e = o.finish()) return e;
  const int64_t rows = t.params().batch;
  if (in.length % rows || in.length == 0)
    return range_error("inputs must hold batch (" + std::to_string(rows) + ") rows of equal length (got " +
                       std::to_string(in.length) + " tokens)");
  if (tg.length != in.length)
    return range_error("targets must have as many entries as inputs (" + std::to_string(in.length) + "; got " +
                       std::to_string(tg.length) + ")");
  length = in.length / rows;
  Error error;
  const int32_t* a = integers(g_input, in, "inputs", INT32_MIN, INT32_MAX, error);
  if (!a) return error;
  inputs.assign(a, a + in.length);
  const int32_t* b = integers(g_input, tg, "targets", INT32_MIN, INT32_MAX, error);
  if (!b) return error;
  targets.assign(b, b + tg.length);
  if (auto e = t.validate_batch(inputs.data(), targets.data(), rows, length)) return e;
  if (!room_for(t.batch_bytes(rows, length))) return range_error("not enough memory for a batch of this length");
  return {};
}

val train_gradients_js(val id, val options, val update) {
  CallScope scope;
  Error error;
  Trainer* t = find(id, error);
  if (!t) return js_error(error);
  std::vector<int32_t> inputs, targets;
  int64_t length = 0;
  if (auto e = read_batch(*t, options, inputs, targets, length)) return js_error(e);
  const int64_t rows = t->params().batch;
  if (update.as<bool>()) {
    if (auto e = t->validate_steps(1, "stepOn")) return js_error(e);
    return val(t->step_on(inputs.data(), targets.data(), rows, length));
  }
  std::vector<float> grads(static_cast<size_t>(t->parameter_count()));
  const float loss = t->gradients(inputs.data(), targets.data(), rows, length, grads.data());
  val out = val::object();
  out.set("loss", loss);
  out.set("grads", to_js(grads.data(), t->parameter_count()));
  return out;
}

val train_weights_js(val id) {
  Error error;
  Trainer* t = find(id, error);
  if (!t) return js_error(error);
  return to_js(t->weights(), t->parameter_count());
}

val train_setWeights_js(val id, val flat) {
  CallScope scope;
  Error error;
  Trainer* t = find(id, error);
  if (!t) return js_error(error);
  ArrayArg a;
  if (auto e = read_array(flat, "weights", a)) return js_error(e);
  if (auto e = check_length(a, t->parameter_count(), "weights", "every parameter")) return js_error(e);
  const float* w = resident_floats(g_input, a, a.length, "weights", error);
  if (!w) return js_error(error);
  std::memcpy(t->weights(), w, sizeof(float) * static_cast<size_t>(a.length));
  return val::undefined();
}

// The scaling of an evaluation, attention or prediction: the one given, else the trainer's own.
RopeScaling evaluation_scaling(Options& o, const TrainParams& p, std::vector<double> (&storage)[2]) {
  return o.get("scaling").isUndefined() ? p.scaling : read_scaling(o, storage);
}

// The arguments of attention and predict: the trainer, one sequence's tokens and the evaluation options
// ({ scaling }, which points into storage).
struct SequenceCall {
  Trainer* trainer = nullptr;
  std::vector<int32_t> ids;
  TrainScaling scaling;
  std::vector<double> storage[2];
};

Error read_sequence(val id, val tokens, val options, SequenceCall& call) {
  Error error;
  call.trainer = find(id, error);
  if (!call.trainer) return error;
  ArrayArg a;
  if (auto e = read_array(tokens, "tokens", a)) return e;
  const int32_t* p = integers(g_input, a, "tokens", INT32_MIN, INT32_MAX, error);
  if (!p) return error;
  call.ids.assign(p, p + a.length);
  Options o(options, "", true);
  call.scaling.rope = evaluation_scaling(o, call.trainer->params(), call.storage);
  if (auto e = o.finish()) return e;
  return validate(call.trainer->params(), call.scaling);
}

val train_attention_js(val id, val tokens, val options) {
  CallScope scope;
  SequenceCall call;
  if (auto e = read_sequence(id, tokens, options, call)) return js_error(e);
  Trainer* t = call.trainer;
  const int64_t n = static_cast<int64_t>(call.ids.size());
  if (auto e = t->validate_sequence(call.ids.data(), n, "tokens")) return js_error(e);
  const TrainParams& p = t->params();
  const int64_t size = p.layers * p.heads * n * n;
  if (!room_for(8 * size + int64_t{64} * n * p.d_model * 4)) return out_of_memory("the attention weights");
  std::vector<float> weights(static_cast<size_t>(size));
  t->attention(call.ids.data(), n, call.scaling, weights.data());
  val out = val::object();
  out.set("layers", static_cast<double>(p.layers));
  out.set("heads", static_cast<double>(p.heads));
  out.set("length", static_cast<double>(n));
  out.set("weights", to_js(weights.data(), size));
  return out;
}

val train_predict_js(val id, val tokens, val options) {
  CallScope scope;
  SequenceCall call;
  if (auto e = read_sequence(id, tokens, options, call)) return js_error(e);
  const int64_t n = static_cast<int64_t>(call.ids.size());
  int64_t m = 0;
  if (auto e = call.trainer->validate_prompt(call.ids.data(), n, m)) return js_error(e);
  std::vector<int32_t> answer(static_cast<size_t>(m));
  call.trainer->predict(call.ids.data(), n, call.scaling, answer.data());
  return to_js(answer.data(), m);
}

val train_evaluate_js(val id, val options) {
  CallScope scope;
  Error error;
  Trainer* t = find(id, error);
  if (!t) return js_error(error);
  Options o(options, "");
  const ArrayArg lengths = o.array("lengths", true);
  const int64_t samples = o.integer("samples", 100);
  std::vector<double> storage[2];
  TrainScaling scaling;
  scaling.rope = evaluation_scaling(o, t->params(), storage);
  if (auto e = o.finish()) return js_error(e);
  if (lengths.length > 1024) return js_error(range_error("lengths must hold 1 to 1024 lengths"));
  const int32_t* ns = integers(g_input, lengths, "lengths", 1, train_max_length(t->params().task), error);
  if (!ns) return js_error(error);
  const std::vector<int32_t> list(ns, ns + lengths.length);
  // Every length is checked before the first is evaluated.
  for (size_t i = 0; i < list.size(); ++i)
    if (auto e = validate_task_length(t->params(), list[i], "lengths[" + std::to_string(i) + "]")) return js_error(e);
  if (samples < 1 || samples > 100000)
    return js_error(range_error("samples must be an integer from 1 to 100000 (got " + std::to_string(samples) + ")"));
  if (auto e = validate(t->params(), scaling)) return js_error(e);
  val out = val::array();
  for (int32_t n : list) {
    TrainEvalResult r;
    if (!room_for(t->evaluation_bytes(n, samples))) return out_of_memory("the evaluation");
    if (auto e = t->evaluate(n, samples, scaling, r)) return js_error(e);
    val entry = val::object();
    entry.set("length", n);
    entry.set("supported", r.supported);
    if (!r.supported) {
      entry.set("reason", r.reason);
    } else {
      entry.set("exactMatch", r.exact_match);
      entry.set("accuracy", to_js(r.accuracy.data(), static_cast<int64_t>(r.accuracy.size())));
      entry.set("loss", to_js(r.loss.data(), static_cast<int64_t>(r.loss.size())));
      entry.set("greedyAccuracy", to_js(r.written.data(), static_cast<int64_t>(r.written.size())));
      val baseline = val::object();
      baseline.set("rule", r.baseline.rule);
      baseline.set("exactMatch", r.baseline.exact_match);
      baseline.set("accuracy", to_js(r.baseline.accuracy.data(), static_cast<int64_t>(r.baseline.accuracy.size())));
      entry.set("baseline", baseline);
    }
    out.call<void>("push", entry);
  }
  return out;
}

}  // namespace
}  // namespace posenc::wasm

EMSCRIPTEN_BINDINGS(posenc_train) {
  emscripten::function("train_create", &posenc::wasm::train_create_js);
  emscripten::function("train_dispose", &posenc::wasm::train_dispose_js);
  emscripten::function("train_info", &posenc::wasm::train_info_js);
  emscripten::function("train_step", &posenc::wasm::train_step_js);
  emscripten::function("train_batch", &posenc::wasm::train_batch_js);
  emscripten::function("train_samples", &posenc::wasm::train_samples_js);
  emscripten::function("train_gradients", &posenc::wasm::train_gradients_js);
  emscripten::function("train_weights", &posenc::wasm::train_weights_js);
  emscripten::function("train_setWeights", &posenc::wasm::train_setWeights_js);
  emscripten::function("train_attention", &posenc::wasm::train_attention_js);
  emscripten::function("train_predict", &posenc::wasm::train_predict_js);
  emscripten::function("train_evaluate", &posenc::wasm::train_evaluate_js);
}
