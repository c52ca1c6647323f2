// RoPE in the model's own precision: rope.cosSin with a dtype against torch (tests/fixtures/dtype.json,
// written by tests/fixtures/dtype_ref.py: float32 arithmetic, then .to(bfloat16 / float16)), the rounding to
// bfloat16 and float16, and rope.precision's angle errors and stuck positions.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { builds, fixture, assertThrowsNamed } from './helpers.mjs';
import { castTo } from '../../web/src/engine/precision.js';

const F = fixture('dtype.json');
const LLAMA31 = fixture('configs.json').cases.find((c) => c.name === 'Llama 3.1 8B').config;

test('rounding to bfloat16 and float16: nearest, ties to even, overflow and subnormals as torch does', () => {
  // values torch gives for .to(torch.bfloat16) / .to(torch.float16)
  assert.equal(castTo('bfloat16', 1 / 3), 0.333984375);
  assert.equal(castTo('bfloat16', 123456.789), 123392);
  assert.equal(castTo('bfloat16', 1.00390625), 1);           // a tie: to the even neighbour
  assert.equal(castTo('bfloat16', 1.01171875), 1.015625);    // a tie: to the even neighbour, upwards
  assert.equal(castTo('float16', 1 / 3), 0.333251953125);
  assert.equal(castTo('float16', 0.1), 0.0999755859375);
  assert.equal(castTo('float16', 123456.789), Infinity);
  assert.equal(castTo('float16', 65504), 65504);
  assert.equal(castTo('float16', 1.0009765625 + 2 ** -11), 1.001953125);  // tie between 1 + 2^-10 and 1 + 2^-9: even
  assert.equal(castTo('float16', 2 ** -24), 2 ** -24);        // the smallest subnormal
  assert.equal(castTo('float16', 2 ** -26), 0);
  assert.equal(castTo('float32', 0.1), Math.fround(0.1));
  assertThrowsNamed(() => castTo('float8', 1), RangeError, /^dtype must be one of 'float64', 'float32', 'bfloat16', 'float16'/);
});

for (const [buildName, pe] of await builds()) {
  describe(`rope.cosSin and rope.precision [${buildName}]`, () => {
    test('the cos/sin cache in float32, bfloat16 and float16 equals torch\'s (bfloat16, float16 bit for bit; float32 within its ulp)', () => {
      for (const c of F.cases) {
        const r = pe.rope.cosSin({ config: c.config, positions: c.positions, dtype: c.dtype });
        assert.equal(r.cos.length, c.cos.length, c.model);
        for (const key of ['cos', 'sin']) {
          for (let i = 0; i < c[key].length; i++) {
            const d = Math.abs(r[key][i] - c[key][i]);
            // torch's float32 cos/sin may differ from the correctly rounded value by one ulp (≤ 2^-23 here)
            const ok = c.dtype === 'float32' ? d <= 2 ** -23 : d === 0;
            if (!ok) assert.fail(`${c.model} ${c.dtype} ${key}[${i}]: ${r[key][i]} vs torch ${c[key][i]}`);
          }
        }
      }
    });

    test('the exact cache, and the layouts of the two conventions', () => {
      const r = pe.rope.cosSin({ config: LLAMA31, positions: [0, 5], dtype: 'float64' });
      const { invFreq } = pe.rope.fromConfig(LLAMA31);
      assert.ok(r.cos instanceof Float64Array);
      assert.equal(r.rotaryDim, 128);
      for (let i = 0; i < 64; i++) {
        assert.equal(r.cos[i], 1);
        assert.equal(r.cos[128 + i], Math.cos(5 * invFreq[i]));
        assert.equal(r.cos[128 + 64 + i], r.cos[128 + i], 'half: cat(freqs, freqs)');
      }
      const inter = pe.rope.cosSin({ headDim: 8, positions: [3], convention: 'interleaved' });
      assert.deepEqual(Array.from(inter.sin.subarray(0, 4)), [Math.sin(3), Math.sin(3), Math.sin(3 * 10000 ** -0.25), Math.sin(3 * 10000 ** -0.25)]);
    });

    test('float32 positions collapse from 2^24: rows of 16777216 and 16777217 are the same in the model\'s arithmetic, not in the exact one', () => {
      const c = F.cases.find((x) => x.dtype === 'float32');
      const i = c.positions.indexOf(16777216);
      const n = c.cos.length / c.positions.length;
      assert.deepEqual(c.cos.slice(i * n, (i + 1) * n), c.cos.slice((i + 1) * n, (i + 2) * n), 'torch: the same row');
      const f32 = pe.rope.cosSin({ config: c.config, positions: [16777216, 16777217], dtype: 'float32' });
      assert.deepEqual(f32.cos.subarray(0, n), f32.cos.subarray(n));
      const exact = pe.rope.cosSin({ config: c.config, positions: [16777216, 16777217] });
      assert.notEqual(exact.cos[0], exact.cos[n]);
    });

    test('precision: angle errors per pair over a context, stuck pairs, and where float32 positions collapse', () => {
      const exact = pe.rope.precision({ config: LLAMA31, dtype: 'float64', from: 0, to: 131071 });
      assert.ok(exact.maxAngleError < 1e-9, `float64: ${exact.maxAngleError}`);
      assert.equal(exact.positionsCollapseAt, null);
      const f32 = pe.rope.precision({ config: LLAMA31, dtype: 'float32', from: 0, to: 131071 });
      const bf16 = pe.rope.precision({ config: LLAMA31, dtype: 'bfloat16', from: 0, to: 131071 });
      assert.equal(f32.pairs.length, 64);
      assert.equal(f32.positionsCollapseAt, 2 ** 24);
      // float32 angles of positions up to 2^17 carry errors up to half an ulp of the angle (2^-7 rad): the fastest pairs
      assert.ok(f32.maxAngleError > 1e-3 && f32.maxAngleError < 2 ** -6, `float32: ${f32.maxAngleError}`);
      assert.ok(bf16.maxAngleError > f32.maxAngleError, 'bfloat16 rounds the cos and sin too');
      // a slow pair's bfloat16 cos and sin stand still between neighbouring positions; the fastest never does
      assert.equal(bf16.pairs[0].firstStuck, null);
      assert.ok(bf16.pairs[63].firstStuck !== null && bf16.pairs[63].firstStuck < 1000, `pair 63 stuck at ${bf16.pairs[63].firstStuck}`);
      // the reported error is the error of the values cosSin gives, at the position named
      const w = f32.pairs[f32.worstPair];
      const at = pe.rope.cosSin({ config: LLAMA31, positions: [w.worstPosition], dtype: 'float32' });
      const angle = Math.atan2(at.sin[w.pair], at.cos[w.pair]);
      const d = angle - w.invFreq * w.worstPosition;
      assert.ok(Math.abs(Math.abs(d - 2 * Math.PI * Math.round(d / (2 * Math.PI))) - w.maxAngleError) < 1e-12);
      // a long range is sampled
      assert.equal(pe.rope.precision({ headDim: 8, dtype: 'bfloat16', from: 0, to: 2 ** 22 }).sampled, true);
    });

    test('several dtypes in one call: one result each, in the list\'s order, equal to its own call', () => {
      const dtypes = ['bfloat16', 'float64', 'float16', 'float32'];
      // every position (stuck pairs found between neighbours), and a long range of samples
      for (const range of [{ config: LLAMA31, from: 131072 - 2048, to: 131071 }, { headDim: 4, from: 3, to: 2 ** 21 + 5 }]) {
        const all = pe.rope.precision({ ...range, dtype: dtypes });
        assert.deepEqual(all, dtypes.map((dtype) => pe.rope.precision({ ...range, dtype })));
        assert.deepEqual(pe.rope.precision({ ...range, dtype: ['float32'] }), [all[3]]);
      }
      const cases = [
        [() => pe.rope.precision({ headDim: 8, dtype: [], to: 5 }), RangeError, /^dtype must be a dtype or a non-empty list of them/],
        [() => pe.rope.precision({ headDim: 8, dtype: ['float32', 'fp8'], to: 5 }), RangeError, /^dtype\[1\] must be one of 'float64', 'float32', 'bfloat16', 'float16' \(got 'fp8'\)/],
        [() => pe.rope.precision({ headDim: 8, dtype: ['float32', 'bfloat16', 'float32'], to: 5 }), RangeError, /^dtype\[2\]: "float32" is already in the list/],
        [() => pe.rope.precision({ headDim: 8, dtype: 32, to: 5 }), RangeError, /^dtype must be one of/],
      ];
      for (const [fn, Kind, pattern] of cases) assertThrowsNamed(fn, Kind, pattern);
    });

    test('bad input is a named error', () => {
      const cases = [
        [() => pe.rope.cosSin({ headDim: 8, positions: [1], dtype: 'fp8' }), RangeError, /^dtype must be one of/],
        [() => pe.rope.cosSin({ headDim: 8, positions: [-1] }), RangeError, /^positions\[0\] must be an integer/],
        [() => pe.rope.cosSin({ headDim: 8, positions: 'abc' }), TypeError, /^positions must be an array/],
        [() => pe.rope.cosSin({ headDim: 8, positions: [1], convention: 'sideways' }), RangeError, /^convention must be/],
        [() => pe.rope.cosSin({ head_dim: 8, positions: [1] }), TypeError, /^head_dim is not an option; did you mean headDim\?/],
        [() => pe.rope.precision({ headDim: 8, from: 10, to: 5 }), RangeError, /^to must be an integer ≥ from/],
        [() => pe.rope.precision(null), TypeError, /^options must be an object/],
      ];
      for (const [fn, Kind, pattern] of cases) assertThrowsNamed(fn, Kind, pattern);
    });
  });
}
