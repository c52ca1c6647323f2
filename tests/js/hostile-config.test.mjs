// Hostile-input property suite (issue 32), seeded with fast-check: every published config of the fixtures,
// with one to three of its fields (or a rope parameter) replaced by a value a tester would try (out-of-range and
// non-integer numbers, NaN, 2^53, strings, prototype names, BigInt, Symbol, cycles, throwing getters, Proxies,
// lists of a million entries …), read by pe.fromConfig, pe.rope.fromConfig and rope.cosSin / rope.apply with
// { config }; the trainer's create and setWeights and the kernels' array arguments with hostile values too.
// Each call must return within a generous bound, give only finite numbers (null where documented) or throw a
// TypeError/RangeError whose short message names a key of its input, leave Object.prototype and
// Array.prototype untouched, and leave the engine as it was (diagnostics equal after a rejected call).
// POSENC_FUZZ_RUNS sets the cases per property (default 150; CI runs the default), POSENC_FUZZ_SEED the seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { engine, fixture, importEngine } from './helpers.mjs';
import { FIELDS } from '../../web/src/engine/fields.js';

const pe = await engine();
const RUNS = Number(process.env.POSENC_FUZZ_RUNS) || 150;
const SEED = Number(process.env.POSENC_FUZZ_SEED) || 32;
const PARAMS = { numRuns: RUNS, seed: SEED, endOnFailure: true, includeErrorInReport: true };
// far above any real call (a few ms); only a loop bounded by a config value would reach it
const BOUND_MS = 5000;

const BASES = [...fixture('configs.json').cases, ...fixture('models.json').cases, ...fixture('models.json').other].map((c) => c.config);
const ROPE_KEYS = ['rope_type', 'type', 'factor', 'original_max_position_embeddings', 'low_freq_factor', 'high_freq_factor', 'beta_fast', 'beta_slow', 'mscale', 'mscale_all_dim', 'attention_factor', 'short_factor', 'long_factor', 'truncate', 'rope_theta', 'mrope_section', 'partial_rotary_factor'];
const PROTO_NAMES = ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'];

// values nobody should put in a config, each built fresh (a cycle, a Proxy) where it matters
const cyclic = () => {
  const o = { a: 1 };
  o.self = o;
  return o;
};
const HUGE = new Array(1_000_000).fill(1.5);
const hostileValue = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, -1, -5, 0.5, 1e-320, 2 ** 32, 2 ** 53, 2 ** 63, 1e7, 1e308, -1e308, 65536, 1e6, 3),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.double(),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...PROTO_NAMES, '', 'x'.repeat(5000), 'full_attention', 'sliding_attention', 'yarn', 'longrope', 'llama3'),
  fc.bigInt(),
  fc.constantFrom(true, false, null, undefined),
  fc.constant('symbol').map(() => Symbol('s')),
  fc.constant('function').map(() => () => 1),
  fc.constant('cycle').map(cyclic),
  fc.constant('getter').map(() => Object.defineProperty({}, 'factor', { get: () => { throw new Error('getter'); }, enumerable: true })),
  fc.constant('proxy').map(() => new Proxy({}, { ownKeys: () => { throw new Error('trap'); } })),
  fc.constant('huge').map(() => HUGE),
  fc.constant('sparse').map(() => new Array(2 ** 30)),
  fc.array(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(...PROTO_NAMES)), { maxLength: 6 }),
  fc.constant('layers').map(() => Array.from({ length: 40 }, (_, i) => ['toString', 'full_attention', 'sliding_attention'][i % 3])),
  fc.dictionary(fc.constantFrom(...ROPE_KEYS, ...PROTO_NAMES), fc.oneof(fc.double(), fc.string({ maxLength: 4 })), { maxKeys: 3 }),
);

const FIELD_KEYS = Object.keys(FIELDS);
// one change to a config: a top-level key (its own, or any key the readers read) or a rope parameter
const mutation = fc.oneof(
  fc.record({ key: fc.constantFrom(...FIELD_KEYS, ...PROTO_NAMES, 'n_head', 'n_heads', 'n_layer', 'n_embd', 'num_heads'), value: hostileValue }),
  fc.record({ nested: fc.constantFrom('rope_scaling', 'rope_parameters', 'text_config', 'attn_config'), key: fc.constantFrom(...ROPE_KEYS, ...PROTO_NAMES, 'alibi_bias_max', 'num_hidden_layers'), value: hostileValue }),
);
const hostileConfig = fc.tuple(fc.integer({ min: 0, max: BASES.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([i, changes]) => {
  const config = structuredClone(BASES[i]);
  for (const { nested, key, value } of changes) {
    const target = nested ? (config[nested] !== null && typeof config[nested] === 'object' && !Array.isArray(config[nested]) ? config[nested] : (config[nested] = {})) : config;
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return config;
});

// every key of the input, however deep (as far as a caller would name one), for "the error names a key"
function keysOf(value, out = new Set(['config']), depth = 0) {
  // a list's keys are its indices: not what a message names (and a million of them cost a second)
  if (depth > 4 || value === null || typeof value !== 'object' || Array.isArray(value) || ArrayBuffer.isView(value)) return out;
  let keys;
  try {
    keys = Object.keys(value);
  } catch {
    return out;
  }
  if (keys.length > 100) return out;
  for (const k of keys) {
    out.add(k);
    let v;
    try {
      v = value[k];
    } catch {
      continue;
    }
    keysOf(v, out, depth + 1);
  }
  return out;
}

const CALLER = ['getter', 'trap'];
const protoState = () => [Object.getOwnPropertyNames(Object.prototype).join(), Object.getOwnPropertyNames(Array.prototype).join(), Object.getPrototypeOf({}) === Object.prototype];
const PROTO = JSON.stringify(protoState());

// Runs `fn`; asserts the bound, the prototypes and, for a throw, the error's class, length and key.
function tried(fn, input, extraKeys = [], on = pe, callerErrors = false) {
  const before = on.diagnostics();
  const t0 = performance.now();
  let result;
  let error = null;
  try {
    result = fn();
  } catch (err) {
    error = err;
  }
  const ms = performance.now() - t0;
  assert.ok(ms < BOUND_MS, `took ${ms.toFixed(0)} ms`);
  assert.equal(JSON.stringify(protoState()), PROTO, 'prototypes untouched');
  assert.equal(({}).polluted, undefined);
  // an engine call's options are read as a caller expects, getters included: their own exceptions are theirs
  if (error && callerErrors && CALLER.includes(error.message)) return { result, error };
  if (error) {
    assert.ok(error instanceof TypeError || error instanceof RangeError, `${error?.constructor?.name}: ${String(error?.message).slice(0, 300)}`);
    assert.ok(error.message.length <= 600, `a short message (${error.message.length} characters): ${error.message.slice(0, 200)}…`);
    // a key of the input anywhere in the message, or an argument's name (`a`, `x`, `into`) at its start
    const keys = [...keysOf(input), ...extraKeys];
    assert.ok(keys.some((k) => (k.length >= 2 && error.message.includes(k)) || error.message.startsWith(`${k} `) || error.message.startsWith(`${k}[`) || error.message.startsWith(`${k}:`)), `the message names a key of the input: ${error.message}`);
    // no buffer left live, and nothing kept per call: the engine's scratch memory may grow once to the size a
    // call needs (it is reused), so the same rejected call again must leave the heap exactly as it was
    const after = on.diagnostics();
    assert.deepEqual([after.liveBuffers, after.bufferBytes], [before.liveBuffers, before.bufferBytes], 'no engine buffer left behind');
    try {
      fn();
    } catch {}
    assert.deepEqual(on.diagnostics(), after, 'engine state unchanged by a rejected call');
  }
  return { result, error };
}

// every number in a result finite (invFreq, factors, scales, slopes …), however deep
function assertFinite(value, path = 'result', depth = 0) {
  if (typeof value === 'number') return assert.ok(Number.isFinite(value), `${path} is ${value}`);
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (ArrayBuffer.isView(value)) {
    for (let i = 0; i < value.length; i++) assert.ok(Number.isFinite(value[i]), `${path}[${i}] is ${value[i]}`);
    return;
  }
  for (const [k, v] of Object.entries(value)) assertFinite(v, `${path}.${k}`, depth + 1);
}

function assertSane(r) {
  assertFinite(r);
  for (const n of r.notes ?? []) assert.ok(typeof n === 'string' && n.length < 1200, `a short note: ${String(n).slice(0, 200)}…`);
  if (r.invFreq) assert.ok(Array.from(r.invFreq).every((v) => v > 0), 'every inverse frequency positive');
  if (r.attention) assert.ok(r.attention.scale > 0, 'attention scale positive');
  // pe.fromConfig gives a count for the methods other than RoPE, RoPE configs each layer
  if (typeof r.layers === 'number') assert.ok(Number.isSafeInteger(r.layers) && r.layers >= 1 && r.layers <= 1024, `layers ${r.layers}`);
  else if (r.layers) {
    assert.ok(Array.isArray(r.layers) && r.layers.length <= 1024);
    for (const l of r.layers) {
      assert.ok(['full', 'sliding', 'chunked'].includes(l.attention), `layer ${l.index}: attention ${String(l.attention)}`);
      assert.ok(l.window === null || (Number.isSafeInteger(l.window) && l.window > 0), `layer ${l.index}: window ${l.window}`);
      if (l.kvHeads != null) assert.ok(Number.isSafeInteger(l.kvHeads) && l.kvHeads >= 1 && l.heads % l.kvHeads === 0, `layer ${l.index}: kvHeads ${l.kvHeads} of ${l.heads}`);
    }
  }
  if (r.slopes) assert.ok(Array.from(r.slopes).every((s) => s > 0 && s < Infinity), 'slopes positive and finite');
  if (r.maxPositions != null) assert.ok(r.maxPositions >= 1, `maxPositions ${r.maxPositions}`);
}

test('pe.fromConfig and pe.rope.fromConfig: any config gives the exact answer or a short named error, in bounded work', () => {
  fc.assert(
    fc.property(hostileConfig, (config) => {
      const a = tried(() => pe.fromConfig(config), config);
      if (!a.error) assertSane(a.result);
      const b = tried(() => pe.rope.fromConfig(config), config);
      if (!b.error) assertSane(b.result);
      if (!b.error) assert.equal(a.result.method, 'rope', 'a config rope.fromConfig reads is a RoPE config to fromConfig');
    }),
    PARAMS,
  );
});

test('rope.cosSin and rope.apply with { config }: the numbers are finite, or a named error', () => {
  fc.assert(
    fc.property(hostileConfig, fc.constantFrom(undefined, 0, 1, 5, 2 ** 31, -1, 'x'), (config, layer) => {
      const extra = ['layer', 'positions', 'seqLen', 'heads'];
      const c = tried(() => pe.rope.cosSin({ config, layer, positions: [0, 1, 4095] }), config, extra);
      if (!c.error) {
        assertFinite(c.result);
        assert.ok(Array.from(c.result.cos).every((v) => Math.abs(v) <= 1000));
      }
      const r = tried(() => pe.rope.fromConfig(config), config);
      if (r.error) return;
      const headDim = (r.result.layers[layer] && r.result.ropes[r.result.layers[layer].rope]?.headDim) ?? r.result.headDim;
      const x = Float32Array.from({ length: 2 * headDim }, (_, i) => Math.sin(i));
      const y = tried(() => pe.rope.apply(x, { config, layer, seqLen: 2, heads: 1 }), config, extra);
      if (!y.error) assertFinite(y.result);
    }),
    { ...PARAMS, numRuns: Math.ceil(RUNS / 2) },
  );
});

test('the kernels refuse hostile arrays by name: holes, NaN, detached memory, Proxies, impostors', () => {
  const detached = () => {
    const a = new Float32Array(16);
    structuredClone(a.buffer, { transfer: [a.buffer] });
    return a;
  };
  // by name, made in the property (a counterexample is then printable: fast-check cannot print detached memory)
  const MAKE = {
    hole: () => [1, , 3, 4],  // eslint-disable-line no-sparse-arrays
    detached,
    proxy: () => new Proxy(new Float32Array(16), {}),
    impostor: () => ({ length: 16, 0: 1, constructor: Float32Array }),
    bigint: () => new BigInt64Array(16),
    nan: () => Float64Array.from({ length: 16 }, (_, i) => (i === 3 ? NaN : i)),
    huge: () => new Array(2 ** 29),  // longer than any engine array: refused by its length, not copied
    sparse: () => new Array(2 ** 26),  // within the length limits: refused at its first hole
  };
  const arrays = fc.oneof(fc.constantFrom(...Object.keys(MAKE)), fc.array(fc.oneof(fc.double(), fc.constantFrom('1', null, 2 ** 53, 1n)), { maxLength: 20 }));
  const calls = [
    ['toNpy', (a) => pe.toNpy(a)],
    ['rope.apply x', (a) => pe.rope.apply(a, { headDim: 4, seqLen: 2, heads: 2 })],
    ['rope.apply into', (a) => pe.rope.apply(new Float32Array(16), { headDim: 4, seqLen: 2, heads: 2, into: a })],
    ['rope.apply positionIds', (a) => pe.rope.apply(new Float32Array(16), { headDim: 4, seqLen: 2, heads: 2, positionIds: a })],
    ['compare', (a) => pe.compare(a, a)],
    ['attention q', (a) => pe.attention({ q: a, k: new Float32Array(16), v: new Float32Array(16), seqLen: 4, heads: 1, headDim: 4 })],
    ['learned positions', (a) => pe.learned({ maxLength: 8, dModel: 2, positions: a })],
    ['rope.cosSin positions', (a) => pe.rope.cosSin({ headDim: 4, positions: a })],
  ];
  fc.assert(
    fc.property(arrays, fc.integer({ min: 0, max: calls.length - 1 }), (made, k) => {
      const a = typeof made === 'string' ? MAKE[made]() : made;
      const [, call] = calls[k];
      const { result, error } = tried(() => call(a), {}, ['data', 'x', 'into', 'positionIds', 'positions', 'q', 'an array argument', 'a', 'b', 'toNpy']);
      if (!error && !(result instanceof Uint8Array)) assertFinite(result);
    }),
    PARAMS,
  );
});

const { load } = await importEngine();
const trainer = await load({ train: true });
test('pe.train: create and setWeights refuse hostile options and weights by name, and change nothing', () => {
  const KEYS = ['task', 'position', 'trainLength', 'dModel', 'layers', 'heads', 'vocab', 'batch', 'steps', 'seed', 'maxPositions', 't5Buckets', 't5MaxDistance', 'lr', ...PROTO_NAMES];
  const small = { dModel: 16, heads: 2, layers: 1, trainLength: 4, vocab: 8, batch: 2 };
  const t = trainer.train.create(small);
  const weights = t.weights();
  fc.assert(
    fc.property(fc.constantFrom(...KEYS), hostileValue, fc.boolean(), (key, value, toWeights) => {
      const options = { ...small };
      Object.defineProperty(options, key, { value, enumerable: true, writable: true, configurable: true });
      if (!toWeights) {
        // a cross-option rule may name an option left at its default (steps 5 leaves no room for warmup 100)
        const created = tried(() => trainer.train.create(options), options, ['warmup', 'batch', 'trainLength', 'maxPositions', 'heads', 'dModel'], trainer, true);
        created.result?.dispose();
        return;
      }
      const given = {};
      Object.defineProperty(given, key === 'task' ? 'wte' : key, { value, enumerable: true, writable: true, configurable: true });
      const { error } = tried(() => t.setWeights(given), given, ['weights', 'wte'], trainer, true);
      if (error) assert.deepEqual(t.weights(), weights, 'a refused setWeights changes no weight');
      else t.setWeights(weights);
    }),
    { ...PARAMS, numRuns: Math.ceil(RUNS / 3) },  // each create() builds a model: the costliest case here
  );
  t.dispose();
});
