// Property test: thousands of random argument objects thrown at every API function. Each call must
// either return a well-formed result or throw a RangeError/TypeError — never another error, a hang or
// NaN — and afterwards the engine must still compute correctly and hold no more memory than before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inspect } from 'node:util';
import { engine } from './helpers.mjs';
import { schemaCalls } from './schema-calls.mjs';
import { CALLS, optionsOf, valuesOf } from '../../web/src/engine/schema.js';

const pe = await engine();

// Deterministic PRNG (mulberry32) so a failure can be replayed by its seed.
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeGen(random) {
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const hostile = () =>
    pick([NaN, Infinity, -Infinity, -1, 0, 0.5, 1e9, 2 ** 53, -(2 ** 31), '3', true, null, {}, [], [1, 2], () => 1, 1n, Symbol('s')]);
  const small = () => 1 + Math.floor(random() * 12);
  const size = () => (random() < 0.85 ? small() : hostile());
  const num = (lo, hi) => (random() < 0.85 ? lo + random() * (hi - lo) : hostile());
  const maybe = (value) => (random() < 0.3 ? undefined : value);
  const array = (n) => {
    if (random() < 0.1) return hostile();
    const len = random() < 0.9 ? n : Math.max(0, n + pick([-1, 1, 5]));
    const a = Array.from({ length: len }, () => (random() < 0.98 ? random() * 4 - 2 : hostile()));
    const kind = random();
    if (kind < 0.15 && len > 0) {  // engine memory: a pe.buffer, a view of one, or a freed one
      const b = pe.buffer(len);
      b.array.set(a.map((x) => (typeof x === 'number' ? x : NaN)));
      buffers.push(b);
      if (kind < 0.02) b.free();
      return kind >= 0.02 && kind < 0.08 ? b.array : b;
    }
    return kind < 0.55 ? Float32Array.from(a, (x) => (typeof x === "number" ? x : NaN)) : a;
  };
  const buffers = [];
  const freeBuffers = () => buffers.splice(0).forEach((b) => b.free());
  return { pick, hostile, small, size, num, maybe, array, random, freeBuffers };
}

const ARG_MAKERS = {
  sinusoidal: (g) => [{ length: g.size(), dModel: g.size(), base: g.maybe(g.num(1.01, 1e5)), offset: g.maybe(g.pick([0, 7, 1e6, g.hostile()])), layout: g.maybe(g.pick(['interleaved', 'split', 'diagonal'])) }],
  learned: (g) => [{ maxLength: g.size(), dModel: g.size(), seed: g.maybe(g.pick([0, 1, 4294967295, g.hostile()])), std: g.maybe(g.num(0, 1)), positions: g.maybe(g.array(3)?.map?.((x) => (typeof x === "number" ? Math.floor(Math.abs(x) * 4) : x))) }],
  compare: (g) => { const n = g.small(); return [g.array(n), g.array(n)]; },
  similarity: (g) => { const L = g.small(), d = g.small(); return [g.random() < 0.5 ? pe.sinusoidal({ length: L, dModel: d }) : g.array(L * d), { length: g.random() < 0.9 ? L : g.size(), dModel: d, metric: g.maybe(g.pick(['cosine', 'dot', 'euclidean', 'manhattan'])) }]; },
  'rope.invFreq': (g) => [{ headDim: g.pick([2, 4, 8, 16, 64, g.size()]), base: g.maybe(g.num(1.01, 1e6)), partialRotaryFactor: g.maybe(g.pick([1, 0.5, 0.25, g.hostile()])), scaling: g.maybe(scaling(g)) }],
  'rope.apply': (g) => { const L = g.small(), H = g.small(), D = g.pick([2, 4, 6, 8, 16]); return [g.array(L * H * D), { seqLen: L, heads: H, headDim: D, offset: g.maybe(g.pick([0, 5, 1e6, g.hostile()])), convention: g.maybe(g.pick(['half', 'interleaved', 'sideways'])), scaling: g.maybe(scaling(g)) }]; },
  'alibi.slopes': (g) => [g.size()],
  'alibi.bias': (g) => [{ heads: g.size(), length: g.size(), causal: g.maybe(g.pick([true, false, 1, 'yes'])) }],
  't5.bucket': (g) => [g.pick([0, -5, 5, 300, -300, g.hostile()]), g.maybe({ bidirectional: g.maybe(g.pick([true, false, 0])), numBuckets: g.maybe(g.pick([32, 8, 3, g.hostile()])), maxDistance: g.maybe(g.pick([128, 20, 2, g.hostile()])) })],
  't5.buckets': (g) => [{ queryLength: g.size(), keyLength: g.size(), bidirectional: g.maybe(g.pick([true, false])), numBuckets: g.maybe(g.pick([32, 16, g.hostile()])), maxDistance: g.maybe(g.pick([128, 64, g.hostile()])) }],
  positionIds: (g) => [g.array(g.small())?.map?.((x) => (typeof x === 'number' ? Math.floor(Math.abs(x)) % 3 : x)) ?? g.hostile(), g.pick([{ convention: 'roberta', padTokenId: g.pick([1, 0, g.hostile()]), pastLength: g.maybe(g.pick([0, 3, g.hostile()])) }, { convention: 'generation' }, { convention: 'gpt' }, g.hostile()])],
  attention: (g) => { const L = g.small(), H = g.pick([1, 2]), D = g.pick([1, 2, 4]); return [{ q: g.array(L * H * D), k: g.array(L * H * D), v: g.array(L * H * D), seqLen: L, heads: H, headDim: D, causal: g.maybe(g.pick([true, false])), bias: g.maybe(g.array(g.pick([L * L, H * L * L]))) }]; },
};

// And every call of the option table, its example options each changed with some probability to a value
// its kind allows (or a hostile one): a method added to web/src/engine/schema.js is covered with no edit.
for (const c of schemaCalls()) {
  const options = Object.fromEntries(optionsOf(c.set));
  ARG_MAKERS[`${c.call} (${c.set}, from the option table)`] = (g) => {
    const overrides = {};
    for (const [key, o] of Object.entries(options)) {
      if (o.literal || o.kind === 'target' || o.kind === 'object' || g.random() > 0.3) continue;
      const top = Math.min(o.max ?? 16, (o.min ?? 0) + 12);
      overrides[key] =
        g.random() < 0.2
          ? g.hostile()
          : o.kind === 'integer'
            ? Math.floor((o.min ?? 0) + g.random() * (top - (o.min ?? 0) + 1))
            : o.kind === 'number'
              ? g.num(o.above ?? o.min ?? 0, top)
              : o.kind === 'boolean'
                ? g.random() < 0.5
                : o.kind === 'name'
                  ? g.pick([...valuesOf(o), 'bogus'])
                  : g.array(g.small());
    }
    if (g.random() < 0.1) overrides.notAnOption = 1;
    return [c, overrides];
  };
}

// And every call of CALLS outside the option table (it declares its `inputs`), from their types: arrays of one
// length, or sizes.
for (const [path, { inputs }] of Object.entries(CALLS)) {
  if (!inputs) continue;
  const fn = path.split('.').reduce((o, k) => o[k], pe);
  ARG_MAKERS[`${path} (from its inputs)`] = (g) => {
    const n = g.small();
    const values = inputs.map(([, type]) => (type === 'number' ? g.size() : g.array(n)));
    return [{ run: () => fn(...values) }, values];
  };
}

function scaling(g) {
  return {
    type: g.pick(['default', 'linear', 'dynamic', 'yarn', 'llama3', 'longrope', 'ntk']),
    factor: g.maybe(g.num(1, 16)),
    originalMaxPositionEmbeddings: g.maybe(g.pick([2048, 4096, g.hostile()])),
    maxPositionEmbeddings: g.maybe(g.pick([8192, 16384, g.hostile()])),
    seqLen: g.maybe(g.pick([100, 10000, g.hostile()])),
    betaFast: g.maybe(g.num(1, 64)),
    mscale: g.maybe(g.num(-2, 2)),
    mscaleAllDim: g.maybe(g.num(-2, 2)),
    lowFreqFactor: g.maybe(g.num(0.5, 2)),
    highFreqFactor: g.maybe(g.num(2, 8)),
    shortFactor: g.maybe(g.array(g.pick([1, 2, 4, 8, 32]))),
    longFactor: g.maybe(g.array(g.pick([1, 2, 4, 8, 32]))),
    truncate: g.maybe(g.pick([true, false, 'no'])),
  };
}

const call = (name, args) => (args[0]?.run ? args[0].run(pe, args[1]) : name.split('.').reduce((o, k) => o[k], pe)(...args));

// A returned value must be well formed: typed arrays of finite values (−Infinity only where the call declares
// a mask: `masked` in schema.js's CALLS).
function checkResult(name, result) {
  const arrays = ArrayBuffer.isView(result) ? [result] : typeof result === 'number' ? [] : Object.values(result).filter(ArrayBuffer.isView);
  if (typeof result === 'number') assert.ok(Number.isInteger(result) && result >= 0, `${name}: bucket ${result}`);
  if (name === 'compare') for (const v of Object.values(result)) assert.ok(Number.isFinite(v), `${name}: ${v}`);
  if (name.startsWith('rope.invFreq')) assert.ok(Number.isFinite(result.attentionFactor) && result.attentionFactor > 0);
  for (const a of arrays)
    for (let i = 0; i < a.length; i++)
      assert.ok(Number.isFinite(a[i]) || (CALLS[name.split(' ')[0]]?.masked && a[i] === -Infinity), `${name}: element ${i} is ${a[i]}`);
}

test('random arguments: a well-formed result or a RangeError/TypeError, for every function', () => {
  const random = rng(20261121);
  const g = makeGen(random);
  const counts = {};
  for (let round = 0; round < 400; round++) {
    for (const [name, make] of Object.entries(ARG_MAKERS)) {
      const args = make(g);
      let result;
      try {
        result = call(name, args);
      } catch (e) {
        assert.ok(e instanceof RangeError || e instanceof TypeError, `${name} threw ${e?.constructor?.name}: ${e?.message} for ${inspect(args, { depth: 2 })}`);
        assert.ok(e.message.length > 10, `${name}: unhelpful message "${e.message}"`);
        counts[name] = counts[name] ?? { ok: 0, error: 0 };
        counts[name].error++;
        continue;
      }
      checkResult(name, result);
      counts[name] = counts[name] ?? { ok: 0, error: 0 };
      counts[name].ok++;
    }
  }
  g.freeBuffers();
  // Both outcomes must really be exercised for every function, else the generator is broken.
  for (const [name, { ok, error }] of Object.entries(counts)) {
    assert.ok(ok > 5, `${name}: only ${ok} valid calls`);
    assert.ok(error > 5, `${name}: only ${error} rejected calls`);
  }
});

test('after the random barrage the engine still computes correctly and its memory is back to baseline', () => {
  const before = pe.diagnostics().heapInUse;
  const random = rng(7);
  const g = makeGen(random);
  for (let round = 0; round < 200; round++)
    for (const [name, make] of Object.entries(ARG_MAKERS)) {
      try {
        call(name, make(g));
      } catch {}
    }
  g.freeBuffers();
  const t = pe.sinusoidal({ length: 2, dModel: 4, base: 100 });
  assert.deepEqual(Array.from(t.subarray(0, 4)), [0, 1, 0, 1]);
  assert.ok(Math.abs(t[4] - Math.sin(1)) < 1e-7);
  assert.ok(Math.abs(t[6] - Math.sin(0.1)) < 1e-7);
  const after = pe.diagnostics().heapInUse;
  // Scratch buffers up to 8 MiB are kept between calls on purpose; nothing else may accumulate.
  assert.ok(after - before <= 8 * 2 ** 20 * 4, `heap in use grew from ${before} to ${after}`);
});
