// Cross-cutting API behaviour: the shared instance, `into`, result ownership, plain arrays, SIMD vs scalar.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { importEngine, engine, builds, fixture, assertClose, maxAbsDiff, randomF32, deNull } from './helpers.mjs';
import { schemaCalls } from './schema-calls.mjs';

const { load } = await importEngine();
const pe = await engine();

describe('load', () => {
  test('one shared instance; pe.simd tells which build', async () => {
    const again = await load();
    assert.equal(again, pe, 'load() returns the same instance');
    assert.equal(typeof pe.simd, 'boolean');
  });

  test('load() with a bad option returns a rejected promise (a caller\'s .catch sees it)', async () => {
    const pending = load({ simd: 'yes' });
    assert.ok(pending instanceof Promise);
    await assert.rejects(pending, (e) => e instanceof TypeError && /options\.simd must be a boolean/.test(e.message));
    await assert.rejects(load({ smid: false }), (e) => e instanceof TypeError && /options\.smid is not an option/.test(e.message));
  });

  test('load({ simd: false }) forces the scalar build', async () => {
    const scalar = await load({ simd: false });
    assert.equal(scalar.simd, false);
    assert.equal(await load({ simd: false }), scalar, 'memoised as well');
    const t = scalar.sinusoidal({ length: 4, dModel: 8 });
    assert.equal(t.length, 32);
  });
});

describe('into: fills and returns the caller array', () => {
  // every call that takes `into`, with the example options of its option set (a new method is covered as
  // soon as it is in web/src/engine/schema.js)
  for (const c of schemaCalls().filter((c) => c.into)) {
    test(`${c.call} (${c.set})`, () => {
      const fresh = c.run(pe);
      const into = new c.into(fresh.length).fill(c.into === Int32Array ? -7 : NaN);
      const r = c.run(pe, { into });
      assert.equal(r, into, 'returns the very array passed as into');
      assert.notEqual(fresh, into);
      assert.deepEqual(deNull(Array.from(into)), deNull(Array.from(fresh)), 'same content as a fresh result');
    });
  }

  test('into is reused across calls (widget frame loop)', () => {
    const into = new Float32Array(64 * 64);
    for (let off = 0; off < 5; off++) {
      pe.sinusoidal({ length: 64, dModel: 64, offset: off * 1000, into });
      assert.deepEqual(into, pe.sinusoidal({ length: 64, dModel: 64, offset: off * 1000 }));
    }
  });
});

describe('results are JS-owned', () => {
  test('results stay valid after later (memory-growing) calls', () => {
    const a = pe.sinusoidal({ length: 20, dModel: 32 });
    const b = pe.learned({ maxLength: 20, dModel: 32, seed: 1 });
    const c = pe.rope.apply(randomF32(64, 2), { seqLen: 2, heads: 2, headDim: 16 });
    const snap = [a.slice(), b.slice(), c.slice()];
    // big calls: force the wasm heap to grow (several tens of MB)
    pe.sinusoidal({ length: 8192, dModel: 1024 });
    pe.learned({ maxLength: 4096, dModel: 1024, seed: 2 });
    pe.similarity(pe.sinusoidal({ length: 1024, dModel: 64 }), { length: 1024, dModel: 64 });
    pe.rope.apply(randomF32(256 * 8 * 128, 3), { seqLen: 256, heads: 8, headDim: 128 });
    assert.deepEqual(a, snap[0]);
    assert.deepEqual(b, snap[1]);
    assert.deepEqual(c, snap[2]);
    assert.ok(a.byteLength > 0 && a.buffer !== b.buffer && b.buffer !== c.buffer, 'distinct buffers');
  });

  test('writing into a result does not affect later results', () => {
    const a = pe.sinusoidal({ length: 4, dModel: 4 });
    a.fill(42);
    const b = pe.sinusoidal({ length: 4, dModel: 4 });
    assert.equal(b[1], 1);
  });
});

describe('plain arrays are accepted like typed arrays', () => {
  test('rope.apply', () => {
    const x = randomF32(2 * 2 * 8, 5);
    const opts = { seqLen: 2, heads: 2, headDim: 8, offset: 3 };
    assert.deepEqual(pe.rope.apply(Array.from(x), opts), pe.rope.apply(x, opts));
  });
  test('compare', () => {
    const a = randomF32(13, 6), b = randomF32(13, 7);
    assert.deepEqual(pe.compare(Array.from(a), Array.from(b)), pe.compare(a, b));
  });
  test('similarity', () => {
    // a copy: tables straight from sinusoidal() may take the Toeplitz path, which differs by float rounding
    const t = pe.sinusoidal({ length: 8, dModel: 6 }).slice();
    for (const metric of ['cosine', 'dot', 'euclidean']) {
      const o = { length: 8, dModel: 6, metric };
      assert.deepEqual(pe.similarity(Array.from(t), o), pe.similarity(t, o), metric);
    }
  });
  test('attention (q, k, v, bias)', () => {
    const L = 3, H = 2, D = 4, n = L * H * D;
    const q = randomF32(n, 8), k = randomF32(n, 9), v = randomF32(n, 10);
    const bias = pe.alibi.bias({ heads: H, length: L });
    const typed = pe.attention({ q, k, v, seqLen: L, heads: H, headDim: D, bias });
    const plain = pe.attention({ q: Array.from(q), k: Array.from(k), v: Array.from(v), seqLen: L, heads: H, headDim: D, bias: Array.from(bias) });
    assert.deepEqual(plain.output, typed.output);
    assert.deepEqual(plain.weights, typed.weights);
  });
  test('longrope factors as typed arrays', () => {
    const c = fixture('rope.json').invFreq.find((x) => x.params.scaling?.type === 'longrope');
    const s = c.params.scaling;
    const r = pe.rope.invFreq({ ...c.params, scaling: { ...s, shortFactor: Float64Array.from(s.shortFactor), longFactor: Float32Array.from(s.longFactor) } });
    assertClose(r.invFreq, c.invFreq, { rel: 1e-6 }, 'longrope typed factors');
  });
});

const all = await builds();
describe('SIMD and scalar builds agree', () => {
  const [[, a], [, b] = []] = all;
  const skip = all.length < 2 ? 'SIMD not available: only the scalar build runs' : false;
  test('sinusoidal (large offsets, both layouts, odd d)', { skip }, () => {
    for (const p of [
      { length: 1024, dModel: 512, offset: 999_000 },
      { length: 300, dModel: 33, base: 2.5, layout: 'split', offset: 2 ** 20 - 300 },
      { length: 257, dModel: 7, base: 100 },
    ]) {
      const d = maxAbsDiff(a.sinusoidal(p), b.sinusoidal(p));
      assert.ok(d <= 5e-7, `${JSON.stringify(p)}: max diff ${d}`);
    }
  });
  test('rope.apply (both conventions, yarn, partial)', { skip }, () => {
    const x = randomF32(64 * 8 * 128, 11);
    for (const o of [
      { seqLen: 64, heads: 8, headDim: 128, offset: 123456 },
      { seqLen: 64, heads: 8, headDim: 128, convention: 'interleaved', partialRotaryFactor: 0.5 },
      { seqLen: 64, heads: 8, headDim: 128, scaling: { type: 'yarn', factor: 8, originalMaxPositionEmbeddings: 4096 } },
    ]) {
      const d = maxAbsDiff(a.rope.apply(x, o), b.rope.apply(x, o));
      assert.ok(d <= 2e-6, `${JSON.stringify(o)}: max diff ${d}`);
    }
  });
  test('every call the option table declares, with its example options', { skip }, () => {
    for (const c of schemaCalls()) {
      const x = c.run(a);
      const y = c.run(b);
      for (const key of ArrayBuffer.isView(x) ? [null] : Object.keys(x).filter((k) => ArrayBuffer.isView(x[k]))) {
        const [u, v] = key == null ? [x, y] : [x[key], y[key]];
        assert.ok(maxAbsDiff(deNull(Array.from(u)), deNull(Array.from(v))) <= 1e-6, `${c.call} (${c.set})${key ? `.${key}` : ''}`);
      }
    }
  });
  test('similarity, attention, compare, alibi, t5, invFreq', { skip }, () => {
    const t = a.sinusoidal({ length: 200, dModel: 96 });
    const r = randomF32(200 * 96, 12);
    for (const metric of ['cosine', 'dot', 'euclidean']) {
      for (const table of [t, r]) {
        const o = { length: 200, dModel: 96, metric };
        const d = maxAbsDiff(a.similarity(table, o), b.similarity(table, o));
        assert.ok(d <= 1e-4, `${metric}: max diff ${d}`);
      }
    }
    const L = 16, H = 4, D = 32, n = L * H * D;
    const args = { q: randomF32(n, 13), k: randomF32(n, 14), v: randomF32(n, 15), seqLen: L, heads: H, headDim: D, causal: true, bias: a.alibi.bias({ heads: H, length: L, causal: false }) };
    const x = a.attention(args), y = b.attention(args);
    assert.ok(maxAbsDiff(x.output, y.output) <= 1e-6 && maxAbsDiff(x.weights, y.weights) <= 1e-6, 'attention');
    const ca = a.compare(r.subarray(0, 96), r.subarray(96, 192)), cb = b.compare(r.subarray(0, 96), r.subarray(96, 192));
    for (const key of ['dot', 'cosine', 'euclidean']) assert.ok(Math.abs(ca[key] - cb[key]) <= 1e-6 * (1 + Math.abs(ca[key])), key);
    assert.deepEqual(a.alibi.slopes(40), b.alibi.slopes(40));
    assert.deepEqual(deNull(Array.from(a.alibi.bias({ heads: 5, length: 7 }))), deNull(Array.from(b.alibi.bias({ heads: 5, length: 7 }))));
    const g = { queryLength: 30, keyLength: 300, bidirectional: false, numBuckets: 32, maxDistance: 128 };
    assert.deepEqual(a.t5.buckets(g), b.t5.buckets(g));
    const s = { type: 'llama3', factor: 8, lowFreqFactor: 1, highFreqFactor: 4, originalMaxPositionEmbeddings: 8192 };
    assertClose(a.rope.invFreq({ headDim: 128, base: 500000, scaling: s }).invFreq, b.rope.invFreq({ headDim: 128, base: 500000, scaling: s }).invFreq, { rel: 1e-14 }, 'invFreq');
  });
});
