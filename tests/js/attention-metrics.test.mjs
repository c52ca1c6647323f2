import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture, assertClose, deNull, randomF32 } from './helpers.mjs';

const AT = fixture('attention.json');
const M = fixture('metrics.json');

function attentionArgs(c) {
  const args = {
    q: Float32Array.from(c.q),
    k: Float32Array.from(c.k),
    v: Float32Array.from(c.v),
    ...c.params,
  };
  if (c.bias) args.bias = Float32Array.from(deNull(c.bias));
  return args;
}

for (const [buildName, pe] of await builds()) {
  describe(`attention [${buildName}]`, () => {
    for (const c of AT.cases) {
      test(`fixture: ${c.name}`, () => {
        const { output, weights } = pe.attention(attentionArgs(c));
        assert.ok(output instanceof Float32Array && weights instanceof Float32Array, 'Float32Arrays');
        assertClose(output, c.output, { abs: 2e-6 }, `${c.name} output`);
        assertClose(weights, c.weights, { abs: 1e-6 }, `${c.name} weights`);
      });
    }

    test('weights: rows sum to 1; causal rows are exactly 0 above the diagonal', () => {
      const L = 7, H = 3, D = 8;
      const q = randomF32(L * H * D, 1), k = randomF32(L * H * D, 2), v = randomF32(L * H * D, 3);
      for (const causal of [false, true]) {
        const { weights } = pe.attention({ q, k, v, seqLen: L, heads: H, headDim: D, causal });
        for (let h = 0; h < H; h++) {
          for (let i = 0; i < L; i++) {
            let s = 0;
            for (let j = 0; j < L; j++) {
              const w = weights[(h * L + i) * L + j];
              s += w;
              if (causal && j > i) assert.equal(w, 0, `h${h} i${i} j${j}`);
              assert.ok(w >= 0 && w <= 1, `weight ${w}`);
            }
            assert.ok(Math.abs(s - 1) < 1e-6, `row sum ${s}`);
          }
        }
      }
    });

    test('without positional information, permuting the tokens permutes the output rows', () => {
      const L = 6, H = 2, D = 8, row = H * D;
      const q = randomF32(L * row, 4), k = randomF32(L * row, 5), v = randomF32(L * row, 6);
      const perm = [3, 0, 5, 1, 4, 2];
      const P = (x) => {
        const out = new Float32Array(x.length);
        perm.forEach((src, dst) => out.set(x.subarray(src * row, (src + 1) * row), dst * row));
        return out;
      };
      const base = pe.attention({ q, k, v, seqLen: L, heads: H, headDim: D });
      const permuted = pe.attention({ q: P(q), k: P(k), v: P(v), seqLen: L, heads: H, headDim: D });
      assertClose(permuted.output, P(base.output), { abs: 1e-6 }, 'permutation equivariance');
    });

    test('an L x L bias broadcasts over heads like the same bias repeated per head', () => {
      const L = 5, H = 3, D = 4;
      const q = randomF32(L * H * D, 7), k = randomF32(L * H * D, 8), v = randomF32(L * H * D, 9);
      const b = randomF32(L * L, 10);
      const rep = new Float32Array(H * L * L);
      for (let h = 0; h < H; h++) rep.set(b, h * L * L);
      const a1 = pe.attention({ q, k, v, seqLen: L, heads: H, headDim: D, bias: b });
      const a2 = pe.attention({ q, k, v, seqLen: L, heads: H, headDim: D, bias: rep });
      assertClose(a1.output, a2.output, { abs: 1e-7 }, 'output');
      assertClose(a1.weights, a2.weights, { abs: 1e-7 }, 'weights');
    });
  });

  describe(`metrics [${buildName}]`, () => {
    for (const c of M.pairs) {
      test(`compare: ${c.name}`, () => {
        const r = pe.compare(Float32Array.from(c.a), Float32Array.from(c.b));
        for (const key of ['dot', 'cosine', 'euclidean']) {
          assert.equal(typeof r[key], 'number', key);
          assertClose([r[key]], [c[key]], { abs: 1e-6, rel: 1e-6 }, `${c.name} ${key}`);
        }
      });
    }

    for (const c of M.similarity) {
      for (const metric of ['cosine', 'dot', 'euclidean']) {
        test(`similarity ${metric}: ${c.name}`, () => {
          const s = pe.similarity(Float32Array.from(c.table), { length: c.length, dModel: c.dModel, metric });
          assert.ok(s instanceof Float32Array);
          assertClose(s, c[metric], { abs: 1e-5, rel: 2e-6 }, `${c.name} ${metric}`);
        });
      }
      if (c.sinusoidal) {
        test(`similarity of the engine's own table: ${c.name}`, () => {
          const t = pe.sinusoidal(c.sinusoidal);
          for (const metric of ['cosine', 'dot', 'euclidean']) {
            const s = pe.similarity(t, { length: c.length, dModel: c.dModel, metric });
            assertClose(s, c[metric], { abs: 1e-5, rel: 2e-6 }, `${c.name} ${metric}`);
          }
        });
      }
    }

    test('similarity of tables with huge or tiny values matches compare (float partial sums would overflow)', () => {
      for (const scale of [1e20, 3e19, 1e-25]) {
        const t = new Float32Array(16).fill(scale);
        t[8] = 2 * scale;  // rows (1 x 8) and (2, 1 x 7) times scale
        const rows = [t.subarray(0, 8), t.subarray(8)];
        const c = pe.compare(rows[0], rows[1]);
        const o = { length: 2, dModel: 8 };
        assertClose([pe.similarity(t, { ...o, metric: 'cosine' })[1]], [9 / Math.sqrt(88)], { rel: 1e-6 }, `cosine ${scale}`);
        assertClose([c.cosine], [9 / Math.sqrt(88)], { rel: 1e-6 }, `compare cosine ${scale}`);
        assertClose([pe.similarity(t, { ...o, metric: 'euclidean' })[1]], [Math.fround(c.euclidean)], { rel: 1e-6 }, `euclidean ${scale}`);
        if (Math.abs(c.dot) * 1.25 < 3.4e38)  // row 0 with itself is 8/9 of the cross dot
          assert.equal(pe.similarity(t, { ...o, metric: 'dot' })[1], Math.fround(c.dot), `dot ${scale} (float32 range)`);
        else assert.throws(() => pe.similarity(t, { ...o, metric: 'dot' }), /dot product of rows 0 and 0 .* beyond float32's range/);
      }
    });

    test('similarity metric defaults to cosine', () => {
      const c = M.similarity[0];
      const s = pe.similarity(Float32Array.from(c.table), { length: c.length, dModel: c.dModel });
      assertClose(s, c.cosine, { abs: 1e-5 }, 'default metric');
    });

    test('sinusoidal similarity is Toeplitz, symmetric, bounded; dot = sum cos((i-j) w)', () => {
      for (const params of [
        { length: 128, dModel: 64 },
        { length: 64, dModel: 32, base: 100, offset: 1_000_000 },
        { length: 96, dModel: 48, layout: 'split', offset: 5000 },
      ]) {
        const L = params.length, d = params.dModel;
        const t = pe.sinusoidal(params);
        const w = Array.from({ length: d / 2 }, (_, i) => Math.pow(params.base ?? 10000, (-2 * i) / d));
        for (const metric of ['cosine', 'dot', 'euclidean']) {
          const s = pe.similarity(t, { length: L, dModel: d, metric });
          const tol = metric === 'dot' ? 2e-5 * d : 2e-5;
          for (let i = 0; i < L; i++) {
            for (let j = 0; j < L; j++) {
              const v = s[i * L + j];
              if (i + 1 < L && j + 1 < L) {
                assert.ok(Math.abs(v - s[(i + 1) * L + j + 1]) <= tol, `${metric} not Toeplitz at ${i},${j}: ${v} vs ${s[(i + 1) * L + j + 1]}`);
              }
              assert.ok(Math.abs(v - s[j * L + i]) <= tol, `${metric} not symmetric at ${i},${j}`);
              if (metric === 'cosine') assert.ok(v >= -1 - 1e-6 && v <= 1 + 1e-6, `cosine ${v} out of [-1, 1]`);
              if (metric === 'euclidean') assert.ok(v >= 0, `distance ${v} negative`);
            }
          }
          // closed forms on the first row
          for (let j = 0; j < L; j++) {
            const dotRef = w.reduce((acc, wi) => acc + Math.cos(j * wi), 0);
            const v = s[j];
            const ref = metric === 'dot' ? dotRef : metric === 'cosine' ? dotRef / (d / 2) : Math.sqrt(Math.max(0, d - 2 * dotRef));
            assert.ok(Math.abs(v - ref) <= (metric === 'euclidean' && j === 0 ? 1e-5 : tol),
              `${metric} [0][${j}] = ${v}, closed form ${ref} (${JSON.stringify(params)})`);
          }
        }
      }
    });

    test('Toeplitz path (table from sinusoidal()) agrees with the generic path (a copy of it)', () => {
      for (const params of [{ length: 300, dModel: 128, offset: 999_000 }, { length: 100, dModel: 33, base: 2.5, layout: 'split' }]) {
        const t = pe.sinusoidal(params);
        for (const metric of ['cosine', 'dot', 'euclidean']) {
          const o = { length: params.length, dModel: params.dModel, metric };
          const fast = pe.similarity(t, o);
          const generic = pe.similarity(t.slice(), o);
          assertClose(fast, generic, { abs: metric === 'dot' ? 1e-5 * params.dModel : 1e-5 }, `${metric} ${JSON.stringify(params)}`);
        }
      }
    });

    test('cosine of a row with itself is 1; euclidean distance to itself is 0', () => {
      const t = pe.sinusoidal({ length: 50, dModel: 128, offset: 777 });
      const c = pe.similarity(t, { length: 50, dModel: 128, metric: 'cosine' });
      const e = pe.similarity(t, { length: 50, dModel: 128, metric: 'euclidean' });
      for (let i = 0; i < 50; i++) {
        assert.ok(Math.abs(c[i * 51] - 1) < 1e-6, `cosine diag ${c[i * 51]}`);
        assert.ok(Math.abs(e[i * 51]) < 1e-5, `euclidean diag ${e[i * 51]}`);
      }
    });
  });
}
