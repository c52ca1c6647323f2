// pe.train: a small transformer trained in the engine (cpp/src/train*.cpp). A trainer is an integer id into
// the engine's table (cpp/wasm/train.cpp), wrapped here in an object whose every call checks it is still
// live; a trainer the caller forgets is disposed when it is garbage-collected.

export const TRAIN_TASKS = Object.freeze(['copy', 'reverse', 'sort', 'recall', 'add']);
export const TRAIN_POSITIONS = Object.freeze(['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5']);

const size = (shape) => shape.reduce((a, b) => a * b, 1);

// `call(fn, args)` runs fn on the caller's arguments read into plain copies (core.js's plainCall), throwing
// the errors the engine returns. `hasTrainer`: false for a build without the trainer (load() rather than
// load({ train: true })), whose create() says so.
// The trainer checks its T5 buckets with pe.t5's own rule, whose message names pe.t5's options: the caller
// passed t5Buckets and t5MaxDistance.
const T5_OPTIONS = { numBuckets: 't5Buckets', maxDistance: 't5MaxDistance' };
function t5Named(fn) {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RangeError) err.message = err.message.replace(/^(numBuckets|maxDistance)\b/, (name) => T5_OPTIONS[name]);
    throw err;
  }
}

export function trainApi(module, call, hasTrainer = true) {
  const registry = hasTrainer && typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((id) => module.train_dispose(id)) : null;

  function create(options = {}) {
    if (!hasTrainer) throw new TypeError('pe.train.create: this engine was loaded without the trainer; load({ train: true }) gives an engine with it');
    const id = t5Named(() => call(module.train_create, [options]));
    const { tensors, length } = module.train_info(id);
    let live = true;
    const use = () => {
      if (!live) throw new TypeError('this trainer was disposed');
      return id;
    };
    const named = (flat) => Object.fromEntries(tensors.map((t) => [t.name, flat.slice(t.offset, t.offset + size(t.shape))]));
    const token = {};
    const trainer = {
      /** Optimiser steps taken so far. */
      get steps() {
        return module.train_info(use()).steps;
      },
      /** Positions T of a training sequence. */
      sequenceLength: length,
      /** Every parameter's shape, in the order of weights(). */
      shapes: Object.freeze(Object.fromEntries(tensors.map((t) => [t.name, Object.freeze([...t.shape])]))),
      step: (n) => call(module.train_step, [use(), n]),
      batch: () => call(module.train_batch, [use()]),
      samples: (options) => call(module.train_samples, [use(), options]),
      gradients(batch) {
        const { loss, grads } = call(module.train_gradients, [use(), batch, false]);
        return { loss, grads: named(grads) };
      },
      stepOn: (batch) => call(module.train_gradients, [use(), batch, true]),
      evaluate: (options) => call(module.train_evaluate, [use(), options]),
      attention: (tokens, options) => call(module.train_attention, [use(), tokens, options]),
      predict: (tokens, options) => call(module.train_predict, [use(), tokens, options]),
      weights: () => named(call(module.train_weights, [use()])),
      setWeights: (weights) => call((handle, given) => module.train_setWeights(handle, flatWeights(module, handle, given)), [use(), weights]),
      dispose() {
        use();  // a second dispose() is a mistake like any call after it (docs/engine.md)
        live = false;
        registry?.unregister(token);
        module.train_dispose(id);
      },
    };
    registry?.register(trainer, id, token);

    // The current weights with the given ones in their place, every name, length and value checked.
    function flatWeights(module, handle, given) {
      if (given === null || typeof given !== 'object' || Array.isArray(given))
        throw new TypeError('weights must be an object of named Float32Arrays (as trainer.weights() returns)');
      const flat = module.train_weights(handle);
      const byName = new Map(tensors.map((t) => [t.name, t]));
      for (const [name, values] of Object.entries(given)) {
        const t = byName.get(name);
        if (!t) throw new TypeError(`weights.${name} is not a parameter of this model (it has ${[...byName.keys()].join(', ')})`);
        if (!ArrayBuffer.isView(values) && !Array.isArray(values))
          throw new TypeError(`weights.${name} must be a Float32Array or an array of numbers`);
        const n = size(t.shape);
        if (values.length !== n)
          throw new RangeError(`weights.${name} must have ${n} values (shape [${t.shape.join(', ')}]; got ${values.length})`);
        for (let i = 0; i < n; i++) {
          if (typeof values[i] !== 'number') throw new TypeError(`weights.${name}[${i}] must be a number`);
          if (!Number.isFinite(values[i]) || Math.abs(values[i]) > 3.4028234663852886e38)
            throw new RangeError(`weights.${name}[${i}] must be a finite float32 (got ${values[i]})`);
        }
        flat.set(values, t.offset);
      }
      return flat;
    }
    return Object.freeze(trainer);
  }

  return Object.freeze({ tasks: TRAIN_TASKS, positions: TRAIN_POSITIONS, create });
}
